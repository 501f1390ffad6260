#include "chainerx/native/vecmath.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "chainerx/core/error.h"
#include "chainerx/native/cpu_level.h"
#include "chainerx/native/test_sweep.h"

namespace chainerx {
namespace native {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNan = std::numeric_limits<float>::quiet_NaN();

struct FunctionCase {
    FloatMathFunction function;
    std::string name;
    double (*reference)(double);
    double max_ulp;  // the bound of Note [Float math]
    float domain_low;  // random inputs are drawn from [domain_low, domain_high]
    float domain_high;
};

double Sigmoid(double x) { return x >= 0 ? 1 / (1 + std::exp(-x)) : std::exp(x) / (1 + std::exp(x)); }

std::vector<FunctionCase> Cases() {
    return {
            {FloatMathFunction::kExp, "exp", [](double x) { return std::exp(x); }, 1.5, -110, 100},
            {FloatMathFunction::kLog, "log", [](double x) { return std::log(x); }, 1, 0, 3.4e38f},
            {FloatMathFunction::kTanh, "tanh", [](double x) { return std::tanh(x); }, 2, -3.4e38f, 3.4e38f},
            {FloatMathFunction::kSigmoid, "sigmoid", Sigmoid, 3, -3.4e38f, 3.4e38f},
            {FloatMathFunction::kErf, "erf", [](double x) { return std::erf(x); }, 3, -3.4e38f, 3.4e38f},
            {FloatMathFunction::kSin, "sin", [](double x) { return std::sin(x); }, 2, -1e6f, 1e6f},
            {FloatMathFunction::kCos, "cos", [](double x) { return std::cos(x); }, 2, -1e6f, 1e6f},
            {FloatMathFunction::kLog1p, "log1p", [](double x) { return std::log1p(x); }, 3, -1, 3.4e38f},
            {FloatMathFunction::kExpm1, "expm1", [](double x) { return std::expm1(x); }, 2, -110, 100},
            {FloatMathFunction::kFloor, "floor", [](double x) { return std::floor(x); }, 0, -3.4e38f, 3.4e38f},
            {FloatMathFunction::kCeil, "ceil", [](double x) { return std::ceil(x); }, 0, -3.4e38f, 3.4e38f},
            {FloatMathFunction::kReciprocal, "reciprocal", [](double x) { return 1 / x; }, 0.5, -3.4e38f, 3.4e38f},
            {FloatMathFunction::kSqrt, "sqrt", [](double x) { return std::sqrt(x); }, 0.5, -1, 3.4e38f},
            {FloatMathFunction::kSign, "sign", [](double x) { return x > 0 ? 1.0 : x < 0 ? -1.0 : x != x ? x : 0.0; }, 0,
             -3.4e38f, 3.4e38f},
            {FloatMathFunction::kExp2, "exp2", [](double x) { return std::exp2(x); }, 1.5, -160, 140},
            {FloatMathFunction::kLog2, "log2", [](double x) { return std::log2(x); }, 2, 0, 3.4e38f},
            {FloatMathFunction::kLog10, "log10", [](double x) { return std::log10(x); }, 2.5, 0, 3.4e38f},
            {FloatMathFunction::kTan, "tan", [](double x) { return std::tan(x); }, 3, -1e6f, 1e6f},
            {FloatMathFunction::kArcsin, "arcsin", [](double x) { return std::asin(x); }, 3, -1, 1},
            {FloatMathFunction::kArccos, "arccos", [](double x) { return std::acos(x); }, 1.5, -1, 1},
            {FloatMathFunction::kArctan, "arctan", [](double x) { return std::atan(x); }, 2.5, -3.4e38f, 3.4e38f},
            {FloatMathFunction::kSinh, "sinh", [](double x) { return std::sinh(x); }, 2, -100, 100},
            {FloatMathFunction::kCosh, "cosh", [](double x) { return std::cosh(x); }, 2, -100, 100},
            {FloatMathFunction::kArcsinh, "arcsinh", [](double x) { return std::asinh(x); }, 3, -3.4e38f, 3.4e38f},
            {FloatMathFunction::kArccosh, "arccosh", [](double x) { return std::acosh(x); }, 3, 1, 3.4e38f},
    };
}

// Inputs of every binade in the domain (uniform over float bit patterns) and uniform ones within [-8, 8], where
// the formulas switch branches.
std::vector<float> RandomInputs(const FunctionCase& c, int64_t count) {
    std::mt19937 rng{42};
    std::uniform_int_distribution<uint32_t> bits_dist;
    std::uniform_real_distribution<float> near_dist{-8.0f, 8.0f};
    std::vector<float> inputs;
    while (static_cast<int64_t>(inputs.size()) < count) {
        uint32_t bits = bits_dist(rng);
        float x;
        std::memcpy(&x, &bits, sizeof(float));
        if (x >= c.domain_low && x <= c.domain_high) {
            inputs.push_back(x);
        }
        float y = near_dist(rng);
        if (y >= c.domain_low && y <= c.domain_high) {
            inputs.push_back(y);
        }
    }
    return inputs;
}

// |value - reference| in units of the last place of float at the reference (the subnormal spacing below
// FLT_MIN).
double UlpError(float value, double reference) {
    if (std::isnan(reference) || std::isinf(static_cast<float>(reference))) {  // nan, or beyond float's range
        reference = static_cast<float>(reference);
        return std::isnan(reference) == std::isnan(value) && (std::isnan(value) || value == reference) ? 0 : kInf;
    }
    double magnitude = std::fabs(reference);
    int exponent;
    std::frexp(magnitude, &exponent);  // magnitude in [2^(exponent-1), 2^exponent)
    double ulp = std::ldexp(1.0, std::max(exponent - 1, -126) - 23);
    return std::fabs(static_cast<double>(value) - reference) / ulp;
}

std::vector<float> Apply(FloatMathLoop loop, const std::vector<float>& x) {
    std::vector<float> out(x.size());
    loop(x.data(), out.data(), static_cast<int64_t>(x.size()));
    return out;
}

TEST(VecmathTest, ErrorBoundsAtEveryLevel) {
    for (const FunctionCase& c : Cases()) {
        std::vector<float> x = RandomInputs(c, SweepLength(1'000'000));
        for (CpuLevel level : SupportedCpuLevels()) {
            std::vector<float> out = Apply(GetFloatMathLoopAt(c.function, level), x);
            double worst = 0;
            float worst_x = 0;
            for (size_t i = 0; i < x.size(); ++i) {
                double error = UlpError(out[i], c.reference(x[i]));
                if (!(error <= worst)) {
                    worst = error;
                    worst_x = x[i];
                }
            }
            std::cout << c.name << " at level " << CpuLevelName(level) << ": " << worst << " ulp at x = " << worst_x
                      << std::endl;
            EXPECT_LE(worst, c.max_ulp) << c.name << " at level " << CpuLevelName(level) << ", x = " << worst_x;
        }
    }
}

// An element's result must not depend on where a run starts or ends (runs are split across threads): the same
// inputs at every offset and with every tail length give the same bits.
TEST(VecmathTest, ResultsDoNotDependOnPosition) {
    for (const FunctionCase& c : Cases()) {
        std::vector<float> x = RandomInputs(c, 300);
        for (CpuLevel level : SupportedCpuLevels()) {
            FloatMathLoop loop = GetFloatMathLoopAt(c.function, level);
            std::vector<float> whole = Apply(loop, x);
            for (size_t offset : {1, 3, 15, 17, 63, 65}) {
                for (size_t length : {size_t{1}, size_t{7}, x.size() - offset}) {
                    std::vector<float> part(length);
                    loop(x.data() + offset, part.data(), static_cast<int64_t>(length));
                    EXPECT_EQ(0, std::memcmp(part.data(), whole.data() + offset, length * sizeof(float)))
                            << c.name << " at level " << CpuLevelName(level) << ", offset " << offset << ", length "
                            << length;
                }
            }
        }
    }
}

// Special values, as C's functions give them; every one at every level, and in place (x and out the same).
TEST(VecmathTest, SpecialValues) {
    constexpr float kMax = std::numeric_limits<float>::max();
    constexpr float kDenorm = std::numeric_limits<float>::denorm_min();
    std::vector<float> x = {0.0f, -0.0f, kInf, -kInf, kNan, kMax, -kMax, kDenorm, -kDenorm, 1e-30f, -1e-30f,
                            88.7f, 88.73f, -87.4f, -103.9f, -104.0f, 0.625f, 1.0f, 4.0f, 524287.97f, 524288.0f,
                            -524288.0f, 1e30f, 1.5707964f, 3.1415927f, -1.0f, 0.5f, -0.5f, 2.0f, 0.41421357f,
                            4096.0f, 89.41f, 127.99f, 128.0f, -149.0f, -150.5f};
    for (const FunctionCase& c : Cases()) {
        for (CpuLevel level : SupportedCpuLevels()) {
            FloatMathLoop loop = GetFloatMathLoopAt(c.function, level);
            std::vector<float> in_place = x;
            loop(in_place.data(), in_place.data(), static_cast<int64_t>(in_place.size()));
            for (size_t i = 0; i < x.size(); ++i) {
                double reference = c.reference(x[i]);
                std::string where =
                        c.name + "(" + std::to_string(x[i]) + ") at level " + std::string{CpuLevelName(level)};
                if (std::isnan(reference)) {
                    EXPECT_TRUE(std::isnan(in_place[i])) << where;
                } else if (std::isinf(reference) || reference == 0) {
                    EXPECT_EQ(static_cast<float>(reference), in_place[i]) << where;
                    EXPECT_EQ(std::signbit(reference), std::signbit(in_place[i])) << where;
                } else {
                    EXPECT_LE(UlpError(in_place[i], reference), c.max_ulp) << where;
                }
            }
        }
    }
}

TEST(VecmathTest, LevelAboveTheCpuThrows) {
    if (GetCpuSupportedLevel() == CpuLevel::kAvx512) {
        GTEST_SKIP() << "this CPU supports every level";
    }
    EXPECT_THROW(GetFloatMathLoopAt(FloatMathFunction::kExp, CpuLevel::kAvx512), ChainerxError);
}

}  // namespace
}  // namespace native
}  // namespace chainerx
