#include "chainerx/native/activation_loops.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "chainerx/native/cpu_level.h"

namespace chainerx {
namespace native {
namespace {

std::vector<float> Inputs() {
    std::mt19937 rng{7};
    std::uniform_real_distribution<float> wide{-60.0f, 60.0f};
    std::normal_distribution<float> near{0.0f, 2.0f};
    std::vector<float> x = {0.0f, -0.0f, 1e-30f, -1e-30f, 88.0f, -88.0f, -104.0f, 20.0f, -20.0f};
    for (int i = 0; i < 3000; ++i) {
        x.push_back(i % 2 == 0 ? wide(rng) : near(rng));
    }
    return x;
}

double Elu(double x, double a) { return x > 0 ? x : a * std::expm1(x); }
double EluGrad(double g, double x, double a) { return x > 0 ? g : g * a * std::exp(x); }
double Softplus(double x, double b) { return (std::max(b * x, 0.0) + std::log1p(std::exp(-std::abs(b * x)))) / b; }
double SoftplusGrad(double g, double x, double b) { return g / (1 + std::exp(-b * x)); }

void ExpectClose(float actual, double expected, const char* what, float x) {
    EXPECT_NEAR(actual, expected, 4e-7 * std::abs(expected) + 1e-37) << what << " at x = " << x;
}

TEST(ActivationLoopsTest, MatchDoubleReferencesAtEveryLevel) {
    std::vector<float> x = Inputs();
    std::vector<float> gout(x.size());
    for (size_t i = 0; i < x.size(); ++i) {
        gout[i] = 0.5f + static_cast<float>(i % 7) * 0.25f;
    }
    const int64_t n = static_cast<int64_t>(x.size());
    for (CpuLevel level : SupportedCpuLevels()) {
        SCOPED_TRACE(CpuLevelName(level));
        for (float param : {1.0f, 0.5f, 2.0f}) {
            std::vector<float> out(x.size());
            GetParamActivationLoopAt(ParamActivation::kElu, level)(x.data(), param, out.data(), n);
            for (size_t i = 0; i < x.size(); ++i) {
                ExpectClose(out[i], Elu(x[i], param), "elu", x[i]);
            }
            GetParamActivationGradLoopAt(ParamActivation::kElu, level)(gout.data(), x.data(), param, out.data(), n);
            for (size_t i = 0; i < x.size(); ++i) {
                ExpectClose(out[i], EluGrad(gout[i], x[i], param), "elu grad", x[i]);
            }
            GetParamActivationLoopAt(ParamActivation::kSoftplus, level)(x.data(), param, out.data(), n);
            for (size_t i = 0; i < x.size(); ++i) {
                ExpectClose(out[i], Softplus(x[i], param), "softplus", x[i]);
            }
            GetParamActivationGradLoopAt(ParamActivation::kSoftplus, level)(
                    gout.data(), x.data(), param, out.data(), n);
            for (size_t i = 0; i < x.size(); ++i) {
                ExpectClose(out[i], SoftplusGrad(gout[i], x[i], param), "softplus grad", x[i]);
            }
        }
    }
}

// An element's result does not depend on where a run starts or ends (runs are split across threads).
TEST(ActivationLoopsTest, ResultsDoNotDependOnPosition) {
    std::vector<float> x = Inputs();
    const int64_t n = static_cast<int64_t>(x.size());
    for (CpuLevel level : SupportedCpuLevels()) {
        for (ParamActivation activation : {ParamActivation::kElu, ParamActivation::kSoftplus}) {
            ParamActivationLoop loop = GetParamActivationLoopAt(activation, level);
            std::vector<float> whole(x.size());
            loop(x.data(), 1.5f, whole.data(), n);
            for (int64_t offset : {1, 3, 17, 65}) {
                for (int64_t length : {int64_t{1}, int64_t{7}, n - offset}) {
                    std::vector<float> part(length);
                    loop(x.data() + offset, 1.5f, part.data(), length);
                    EXPECT_EQ(0, std::memcmp(part.data(), whole.data() + offset, length * sizeof(float)))
                            << CpuLevelName(level) << " offset " << offset << " length " << length;
                }
            }
        }
    }
}

TEST(ActivationLoopsTest, NanPropagates) {
    const float nan = std::nanf("");
    for (CpuLevel level : SupportedCpuLevels()) {
        for (ParamActivation activation : {ParamActivation::kElu, ParamActivation::kSoftplus}) {
            float out = 0;
            GetParamActivationLoopAt(activation, level)(&nan, 1.0f, &out, 1);
            EXPECT_TRUE(std::isnan(out)) << CpuLevelName(level);
        }
    }
}

}  // namespace
}  // namespace native
}  // namespace chainerx
