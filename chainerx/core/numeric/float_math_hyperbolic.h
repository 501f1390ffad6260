// float (binary32) sinh, cosh, arcsinh and arccosh built on float_math.h's exp, expm1, log and log1p, so that loops
// over them vectorise; the companions of float_math.h's functions (Note [Float math]), with the same use.
#pragma once

#include <cmath>
#include <limits>

#include "chainerx/core/numeric/float_math.h"

namespace chainerx {
namespace numeric {

// Above this magnitude e^|x| (and expm1 |x|) would overflow before cosh x and sinh x do (at 89.42): both are
// e^|x| / 2 there, computed as e^(|x| - 1) (e / 2), where |x| - 1 is exact. One exponential serves both ranges.
constexpr float kHyperbolicLargeArg = 88.0f;
constexpr float kHalfE = 1.35914091f;  // e / 2

// The argument of the exponential: |x|, or |x| - 1 in the large range.
inline float HyperbolicExpArg(float ax) { return ax < kHyperbolicLargeArg ? ax : ax - 1.0f; }

// sinh |x| = (E - 1/E) / 2 with E = e^|x|, computed as (m + m / (m + 1)) / 2 with m = expm1 |x| so that small
// arguments do not cancel; x's sign goes back at the end.
inline float SinhFloat(float x) {
    float ax = std::fabs(x);
    float m = Expm1Float(HyperbolicExpArg(ax));
    float moderate = 0.5f * (m + m / (m + 1.0f));
    return std::copysign(ax < kHyperbolicLargeArg ? moderate : m * kHalfE, x);  // m + 1 rounds to m there
}

// cosh x = (E + 1/E) / 2 with E = e^|x|.
inline float CoshFloat(float x) {
    float ax = std::fabs(x);
    float e = ExpFloat(HyperbolicExpArg(ax));
    float moderate = 0.5f * e + 0.5f / e;
    return ax < kHyperbolicLargeArg ? moderate : e * kHalfE;  // nan takes the second, which is nan
}

// Above this magnitude arcsinh and arccosh are log(2|x|) to float precision (1/(4x^2) is below half an ulp),
// computed as log|x| + ln2 so that x^2 cannot overflow.
constexpr float kInverseHyperbolicLargeArg = 4096.0f;  // 2^12

// arcsinh |x| = log(a + sqrt(a^2 + 1)) = log1p(a + a^2 / (1 + sqrt(1 + a^2))) with a = |x|, which does not cancel;
// x's sign goes back at the end.
inline float AsinhFloat(float x) {
    constexpr float kLn2 = 0.693147182f;
    float a = std::fabs(x);
    float a2 = a * a;
    float moderate = Log1pFloat(a + a2 / (1.0f + std::sqrt(1.0f + a2)));
    return std::copysign(a < kInverseHyperbolicLargeArg ? moderate : LogFloat(a) + kLn2, x);
}

// arccosh x = log(x + sqrt(x^2 - 1)) = log1p(t + sqrt(2t + t^2)) with t = x - 1, exact near 1 where the first form
// cancels; nan below 1.
inline float AcoshFloat(float x) {
    constexpr float kLn2 = 0.693147182f;
    float t = x - 1.0f;
    float moderate = Log1pFloat(t + std::sqrt(2.0f * t + t * t));
    float value = x < kInverseHyperbolicLargeArg ? moderate : LogFloat(x) + kLn2;
    return x >= 1.0f ? value : std::numeric_limits<float>::quiet_NaN();  // also for nan, and -inf where t^2 is inf
}

}  // namespace numeric
}  // namespace chainerx
