// float (binary32) fmod as a branch-free formula for the common case, so that loops over fmod, remainder and
// floor_divide vectorise (std::fmod is a scalar call that loops over the exponent difference); the companion of
// float_math.h's functions, used the same way: numeric::Fmod, Remainder and FloorDivide call FmodFloat for float
// and float16 on the host, and native/vecmath_loops.h runs FmodFloatFast over blocks of lanes, with std::fmod for
// the lanes where FmodFloatFastApplies is false.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

namespace chainerx {
namespace numeric {

// Note [Exact float fmod]
// fmod(a, b) = a - trunc(a / b) * b is exact in real arithmetic, and so is what FmodFloatFast computes whenever
// q = |a / b| rounded to float is below 2^23 and b is finite:
// - q rounded is the truncated quotient k or k + 1 (rounding is monotonic and k, k + 1 < 2^24 are floats), so
//   trunc(q) overestimates by at most one;
// - in double, trunc(q) * b is exact (24 + 24 bits), and so is a - trunc(q) * b: the exact value is a multiple of
//   the smaller of a's and b's ulps and below 2|b| in magnitude (or a itself when the quotient is 0), 25 bits at
//   most. Fused or not (the FMA levels contract it), it rounds to itself;
// - an overestimate shows as a remainder of the wrong sign, and adding b with a's sign corrects it exactly;
// - the result, below |b| and a multiple of the same ulp, is a float: the conversion is exact too.
// So every CPU level gives std::fmod's bits (the correctly rounded, i.e. exact, result), and NumPy's. The other
// cases (huge quotients, b = 0, infinities, nan) go to std::fmod: FmodFloatFastApplies is false for them, for nan
// included (its comparisons are false).
constexpr float kFmodFastQuotientLimit = 8388608.0f;  // 2^23

inline bool FmodFloatFastApplies(float a, float b) {
    return std::fabs(a / b) < kFmodFastQuotientLimit && std::fabs(b) < std::numeric_limits<float>::infinity();
}

// fmod(a, b) where FmodFloatFastApplies(a, b); an unspecified finite value or nan elsewhere.
inline float FmodFloatFast(float a, float b) {
    float quotient = a / b;
    // The truncation goes through int32 (one conversion instruction at every level); lanes outside the range are
    // clamped first, so that the conversion stays defined, and their result is discarded.
    float clamped = std::fabs(quotient) < kFmodFastQuotientLimit ? quotient : 0.0f;
    auto k = static_cast<double>(static_cast<int32_t>(clamped));
    double wide_a = a;
    double wide_b = b;
    double r = wide_a - k * wide_b;
    r = r * wide_a < 0.0 ? r + std::copysign(wide_b, wide_a) : r;
    return std::copysign(static_cast<float>(r), a);  // a zero remainder has a's sign
}

inline float FmodFloat(float a, float b) {
    return FmodFloatFastApplies(a, b) ? FmodFloatFast(a, b) : std::fmod(a, b);
}

}  // namespace numeric
}  // namespace chainerx
