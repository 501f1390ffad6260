// float (binary32) arcsin, arccos, arctan and arctan2 as branch-free formulas over a polynomial, so that loops over
// them vectorise; the companions of float_math.h's functions (Note [Float math]), with the same use.
#pragma once

#include <cmath>
#include <limits>

#include "chainerx/core/numeric/float_math.h"

namespace chainerx {
namespace numeric {

// pi/2 and pi/4 as a float and the float's error, for results that add a small angle to them.
constexpr float kPiOver2Hi = 1.57079637f;
constexpr float kPiOver2Lo = -4.37113901e-8f;  // pi/2 - kPiOver2Hi
constexpr float kPiOver4Hi = 0.785398185f;
constexpr float kPiOver4Lo = -2.18556950e-8f;  // pi/4 - kPiOver4Hi

// asin w = w + w^3 P(w^2) for |w| <= 1/2.
inline float AsinPolynomial(float w) {
    float s = w * w;
    return w + w * s * Polynomial(s, 0.166666657f, 0.0750009865f, 0.0445979647f, 0.0311172791f, 0.0170711391f,
                                  0.0338190347f);
}

// For 1/2 < |x| <= 1, asin |x| = pi/2 - 2 asin w and acos |x| = 2 asin w with w = sqrt((1 - |x|) / 2) <= 1/2, where
// 1 - |x| is exact; w is nan for |x| > 1 and for nan.
inline float HalfAngleSqrt(float x) { return std::sqrt(0.5f * (1.0f - std::fabs(x))); }

// asin x: the polynomial up to 1/2 in magnitude, the half-angle formula above it, with x's sign.
inline float AsinFloat(float x) {
    float large = kPiOver2Hi - (2.0f * AsinPolynomial(HalfAngleSqrt(x)) - kPiOver2Lo);
    return std::fabs(x) <= 0.5f ? AsinPolynomial(x) : std::copysign(large, x);
}

// acos x = pi/2 - asin x up to 1/2 in magnitude; above, 2 asin w for positive x and pi - 2 asin w for negative x.
inline float AcosFloat(float x) {
    float small = kPiOver2Hi - (AsinPolynomial(x) - kPiOver2Lo);
    float twice_asin_w = 2.0f * AsinPolynomial(HalfAngleSqrt(x));
    float large = x > 0.0f ? twice_asin_w : 2.0f * kPiOver2Hi - (twice_asin_w - 2.0f * kPiOver2Lo);
    return std::fabs(x) <= 0.5f ? small : large;  // nan takes `large`, which is nan
}

constexpr float kTanPiOver8 = 0.414213562f;

// atan u = u + u^3 P(u^2) for |u| <= tan(pi/8).
inline float AtanPolynomial(float u) {
    float s = u * u;
    return u + u * s * Polynomial(s, -0.333333313f, 0.199995294f, -0.142635241f, 0.107388452f, -0.0643519238f);
}

// atan x: |x| > 1 is reduced by atan t = pi/2 - atan(1/t), then t > tan(pi/8) by atan t = pi/4 + atan u with
// u = (t - 1) / (t + 1); x's sign goes back at the end.
inline float AtanFloat(float x) {
    float a = std::fabs(x);
    bool inverted = a > 1.0f;
    float t = inverted ? 1.0f / a : a;  // atan(inf) = pi/2 - atan(0)
    bool shifted = t > kTanPiOver8;
    float v = AtanPolynomial(shifted ? (t - 1.0f) / (t + 1.0f) : t);
    v = shifted ? kPiOver4Hi + (v + kPiOver4Lo) : v;
    v = inverted ? kPiOver2Hi - (v - kPiOver2Lo) : v;
    return std::copysign(v, x);
}

// atan2(y, x), the angle of the point (x, y) in [-pi, pi], with C's special values. With num and den the smaller
// and the larger of |x|, |y|: atan(num / den) as in AtanFloat, except that u = (num - den) / (num + den) comes from
// num and den directly, not from their rounded quotient (2.06 ulp at most instead of 2.52; the sums are scaled by
// 1/4, exactly, where they could overflow). Then the octant is restored: pi/2 - v where |y| > |x|, pi - v where x
// is negative or -0, and y's sign. inf / inf counts as 1 / 1 and 0 / 0 as 0 / 1 (atan2(+-inf, +-inf) is pi/4 or
// 3pi/4, atan2(+-0, +-0) 0 or pi); a nan stays nan through the division.
inline float Atan2Float(float y, float x) {
    float ay = std::fabs(y);
    float ax = std::fabs(x);
    bool steep = ay > ax;
    float num = steep ? ax : ay;
    float den = steep ? ay : ax;
    bool both_inf = num == std::numeric_limits<float>::infinity() && den == num;
    num = both_inf ? 1.0f : num;
    den = both_inf || den == 0.0f ? 1.0f : den;  // den == 0 only where num == 0 too
    bool shifted = num > kTanPiOver8 * den;
    float scale = den > 1e38f ? 0.25f : 1.0f;
    float u = shifted ? (num * scale - den * scale) / (num * scale + den * scale) : num / den;
    float v = AtanPolynomial(u);
    v = shifted ? kPiOver4Hi + (v + kPiOver4Lo) : v;
    v = steep ? kPiOver2Hi - (v - kPiOver2Lo) : v;
    v = std::signbit(x) ? 2.0f * kPiOver2Hi - (v - 2.0f * kPiOver2Lo) : v;
    return std::copysign(v, y);
}

}  // namespace numeric
}  // namespace chainerx
