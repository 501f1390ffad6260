// The binary float-math loops of native/vecmath.h at every CPU level: fmod, remainder and floor_divide give the bits
// of their scalar formulas over std::fmod (Note [Exact float fmod]), arctan2 stays within its bound of Note [Float
// math] and gives C's special values, small integer powers are correctly rounded (Note [Small integer powers]).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <limits>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "chainerx/core/numeric/arithmetic.h"
#include "chainerx/core/numeric/float_power.h"
#include "chainerx/native/cpu_level.h"
#include "chainerx/native/test_sweep.h"
#include "chainerx/native/vecmath.h"

namespace chainerx {
namespace native {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNan = std::numeric_limits<float>::quiet_NaN();
constexpr float kMax = std::numeric_limits<float>::max();
constexpr float kDenorm = std::numeric_limits<float>::denorm_min();

struct Operands {
    std::vector<float> a;
    std::vector<float> b;
};

float FromBits(uint32_t bits) {
    float x;
    std::memcpy(&x, &bits, sizeof(float));
    return x;
}

// Pairs of every kind the formulas tell apart: random bit patterns (huge and tiny quotients, subnormals), moderate
// values (the fast path), multiples of the divisor and their float neighbours (quotients at and next to integers,
// where the rounded quotient overestimates), and every pair of special values.
Operands FmodOperands() {
    std::mt19937 rng{7};
    std::uniform_int_distribution<uint32_t> bits;
    std::uniform_real_distribution<float> moderate{-1000.0f, 1000.0f};
    std::uniform_real_distribution<float> divisor{-10.0f, 10.0f};
    std::uniform_int_distribution<int32_t> multiple{-9000000, 9000000};
    Operands ops;
    for (int64_t i = 0; i < SweepLength(300'000); ++i) {
        ops.a.push_back(FromBits(bits(rng)));
        ops.b.push_back(FromBits(bits(rng)));
        ops.a.push_back(moderate(rng));
        ops.b.push_back(divisor(rng));
        float b = divisor(rng);
        float a = static_cast<float>(multiple(rng)) * b;
        for (float near : {a, std::nextafter(a, kInf), std::nextafter(a, -kInf)}) {
            ops.a.push_back(near);
            ops.b.push_back(b);
        }
    }
    std::vector<float> specials = {0.0f,  -0.0f, 1.0f,    -1.0f,   0.75f,    -2.5f,    3.0f,    kInf,    -kInf,
                                   kNan,  kMax,  -kMax,   kDenorm, -kDenorm, 1e-30f,   8388607.0f, 8388608.0f,
                                   1e30f, 7.0f,  1e-38f, -1e-38f, 16777215.0f};
    for (float a : specials) {
        for (float b : specials) {
            ops.a.push_back(a);
            ops.b.push_back(b);
        }
    }
    return ops;
}

std::vector<float> Apply(FloatMathBinaryLoop loop, const Operands& ops) {
    std::vector<float> out(ops.a.size());
    loop(ops.a.data(), ops.b.data(), out.data(), static_cast<int64_t>(out.size()));
    return out;
}

bool SameFloat(float x, float y) {
    return (std::isnan(x) && std::isnan(y)) || std::memcmp(&x, &y, sizeof(float)) == 0;
}

float FmodReference(float a, float b) { return std::fmod(a, b); }
float RemainderReference(float a, float b) { return numeric::RemainderFromFmod(b, std::fmod(a, b)); }
float FloorDivideReference(float a, float b) { return numeric::FloorDivideFromFmod(a, b, std::fmod(a, b)); }

TEST(VecmathBinaryTest, FmodFamilyGivesTheBitsOfStdFmodAtEveryLevel) {
    const std::vector<std::pair<FloatMathBinaryFunction, float (*)(float, float)>> cases = {
            {FloatMathBinaryFunction::kFmod, FmodReference},
            {FloatMathBinaryFunction::kRemainder, RemainderReference},
            {FloatMathBinaryFunction::kFloorDivide, FloorDivideReference}};
    Operands ops = FmodOperands();
    for (const auto& [function, reference] : cases) {
        for (CpuLevel level : SupportedCpuLevels()) {
            std::vector<float> out = Apply(GetFloatMathBinaryLoopAt(function, level), ops);
            int64_t mismatches = 0;
            for (size_t i = 0; i < out.size(); ++i) {
                float expected = reference(ops.a[i], ops.b[i]);
                if (!SameFloat(out[i], expected) && ++mismatches <= 5) {
                    ADD_FAILURE() << "function " << static_cast<int>(function) << " at level " << CpuLevelName(level)
                                  << ": f(" << ops.a[i] << ", " << ops.b[i] << ") = " << out[i] << ", expected "
                                  << expected;
                }
            }
            EXPECT_EQ(0, mismatches);
        }
    }
}

// The scalar formula (numeric::Fmod for float and float16 on the host) is the same function.
TEST(VecmathBinaryTest, ScalarFmodIsStdFmod) {
    Operands ops = FmodOperands();
    for (size_t i = 0; i < ops.a.size(); ++i) {
        float got = numeric::Fmod{}(ops.a[i], ops.b[i]);
        ASSERT_TRUE(SameFloat(got, std::fmod(ops.a[i], ops.b[i]))) << ops.a[i] << " " << ops.b[i];
    }
}

// |value - reference| in ulps of float at the reference.
double UlpError(float value, double reference) {
    double magnitude = std::fabs(reference);
    int exponent;
    std::frexp(magnitude, &exponent);
    double ulp = std::ldexp(1.0, std::max(exponent - 1, -126) - 23);
    return std::fabs(static_cast<double>(value) - reference) / ulp;
}

constexpr double kArctan2MaxUlp = 2.5;  // Note [Float math]

TEST(VecmathBinaryTest, Arctan2ErrorBoundAtEveryLevel) {
    std::mt19937 rng{11};
    std::uniform_int_distribution<uint32_t> bits;
    std::uniform_real_distribution<float> near{-8.0f, 8.0f};
    Operands ops;
    while (static_cast<int64_t>(ops.a.size()) < SweepLength(2'000'000)) {
        float y = FromBits(bits(rng));
        float x = FromBits(bits(rng));
        if (std::isfinite(y) && std::isfinite(x)) {
            ops.a.push_back(y);
            ops.b.push_back(x);
        }
        ops.a.push_back(near(rng));
        ops.b.push_back(near(rng));
    }
    for (CpuLevel level : SupportedCpuLevels()) {
        std::vector<float> out = Apply(GetFloatMathBinaryLoopAt(FloatMathBinaryFunction::kArctan2, level), ops);
        double worst = 0;
        size_t worst_i = 0;
        for (size_t i = 0; i < out.size(); ++i) {
            double error = UlpError(out[i], std::atan2(static_cast<double>(ops.a[i]), ops.b[i]));
            if (!(error <= worst)) {
                worst = error;
                worst_i = i;
            }
        }
        std::cout << "arctan2 at level " << CpuLevelName(level) << ": " << worst << " ulp at (" << ops.a[worst_i]
                  << ", " << ops.b[worst_i] << ")" << std::endl;
        EXPECT_LE(worst, kArctan2MaxUlp) << CpuLevelName(level);
    }
}

// Every pair of special values, in place (out the same as a), against std::atan2's zeros, infinities and signs.
TEST(VecmathBinaryTest, Arctan2SpecialValues) {
    std::vector<float> values = {0.0f, -0.0f, 1.0f, -1.0f, kInf, -kInf, kNan, kMax, -kMax, kDenorm, -kDenorm};
    Operands ops;
    for (float y : values) {
        for (float x : values) {
            ops.a.push_back(y);
            ops.b.push_back(x);
        }
    }
    for (CpuLevel level : SupportedCpuLevels()) {
        std::vector<float> out = ops.a;
        GetFloatMathBinaryLoopAt(FloatMathBinaryFunction::kArctan2, level)(
                out.data(), ops.b.data(), out.data(), static_cast<int64_t>(out.size()));
        for (size_t i = 0; i < out.size(); ++i) {
            double reference = std::atan2(static_cast<double>(ops.a[i]), ops.b[i]);
            std::string where = "atan2(" + std::to_string(ops.a[i]) + ", " + std::to_string(ops.b[i]) +
                                ") at level " + std::string{CpuLevelName(level)};
            if (std::isnan(reference)) {
                EXPECT_TRUE(std::isnan(out[i])) << where;
            } else {
                EXPECT_EQ(std::signbit(reference), std::signbit(out[i])) << where;
                EXPECT_LE(UlpError(out[i], reference), kArctan2MaxUlp) << where;
            }
        }
    }
}

// Note [Small integer powers]: every exponent from -15 to 15, on floats of every binade, within 0.5 ulp of
// x^n (plus the 2^-50 relative of the products) at every level; special values as std::pow gives them.
TEST(VecmathBinaryTest, SmallIntegerPowerIsCorrectlyRoundedAtEveryLevel) {
    std::mt19937 rng{5};
    std::uniform_int_distribution<uint32_t> bits;
    std::vector<float> x;
    while (static_cast<int64_t>(x.size()) < SweepLength(200'000)) {
        float v = FromBits(bits(rng));
        if (std::isfinite(v)) {
            x.push_back(v);
        }
    }
    for (float v : {0.0f, -0.0f, 1.0f, -1.0f, 2.0f, -3.0f, kInf, -kInf, kNan, kMax, -kMax, kDenorm, -kDenorm}) {
        x.push_back(v);
    }
    for (int n = -numeric::kSmallIntegerPowerMax; n <= numeric::kSmallIntegerPowerMax; ++n) {
        Operands ops{x, std::vector<float>(x.size(), static_cast<float>(n))};
        for (CpuLevel level : SupportedCpuLevels()) {
            std::vector<float> out =
                    Apply(GetFloatMathBinaryLoopAt(FloatMathBinaryFunction::kSmallIntegerPower, level), ops);
            for (size_t i = 0; i < x.size(); ++i) {
                double reference = std::pow(static_cast<double>(x[i]), n);  // within 1 ulp of double
                auto rounded = static_cast<float>(reference);
                std::string where = std::to_string(x[i]) + " ** " + std::to_string(n) + " at level " +
                                    std::string{CpuLevelName(level)};
                if (std::isnan(reference) || std::isinf(rounded) || reference == 0) {
                    // nan, infinities (and overflow), zeros: C's values, signs included.
                    ASSERT_TRUE(SameFloat(out[i], rounded)) << where << ": " << out[i] << " vs " << rounded;
                } else {
                    ASSERT_LE(UlpError(out[i], reference), 0.5 + 1e-6) << where;
                }
            }
        }
    }
}

// As the unary loops: an element's result does not depend on where a run starts or ends.
TEST(VecmathBinaryTest, ResultsDoNotDependOnPosition) {
    std::mt19937 rng{3};
    std::uniform_real_distribution<float> dist{-50.0f, 50.0f};
    Operands ops;
    for (int i = 0; i < 300; ++i) {
        ops.a.push_back(dist(rng));
        ops.b.push_back(dist(rng));
    }
    for (int f = 0; f < kFloatMathBinaryFunctionCount; ++f) {
        auto function = static_cast<FloatMathBinaryFunction>(f);
        Operands function_ops = ops;
        if (function == FloatMathBinaryFunction::kSmallIntegerPower) {
            std::fill(function_ops.b.begin(), function_ops.b.end(), -7.0f);  // its exponent is uniform
        }
        for (CpuLevel level : SupportedCpuLevels()) {
            FloatMathBinaryLoop loop = GetFloatMathBinaryLoopAt(function, level);
            std::vector<float> whole = Apply(loop, function_ops);
            for (size_t offset : {1, 3, 17, 63, 65}) {
                for (size_t length : {size_t{1}, size_t{7}, function_ops.a.size() - offset}) {
                    std::vector<float> part(length);
                    loop(function_ops.a.data() + offset, function_ops.b.data() + offset, part.data(),
                         static_cast<int64_t>(length));
                    EXPECT_EQ(0, std::memcmp(part.data(), whole.data() + offset, length * sizeof(float)))
                            << "function " << f << " at level " << CpuLevelName(level) << ", offset " << offset;
                }
            }
        }
    }
}

}  // namespace
}  // namespace native
}  // namespace chainerx
