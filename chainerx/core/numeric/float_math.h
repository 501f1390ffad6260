// float (binary32) exp, exp2, expm1, log, log2, log10, log1p, tanh, sigmoid, erf, sin, cos and tan as branch-free
// formulas (float_math_inverse_trig.h and float_math_hyperbolic.h hold the rest of the family), so that a loop
// over any of them vectorises (std:: functions are scalar calls; NumPy and PyTorch run SIMD versions). One
// definition each: numeric::Exp etc. use them for float and float16 on the host, and the native backend compiles
// loops over them for each CPU level (native/vecmath.h). See Note [Float math].
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "chainerx/core/numeric/compute_type.h"

namespace chainerx {
namespace numeric {

// Note [Float math]
// Each function reduces its argument to a small interval and evaluates a polynomial there; the polynomial
// coefficients were fitted by tools/fit_float_math.py (weighted least squares on Chebyshev nodes against float64
// references, then rounded to float), which also emulates these formulas in float32 NumPy arithmetic and prints
// their errors. Maximum errors against float64 over special values and 10^6 random inputs of every binade, as
// chainerx/native/vecmath_test.cc measures them at the three CPU levels (its bounds in parentheses):
//   exp 1.0 ulp (1.5), log 0.77 ulp (1), tanh 1.24 ulp (2), sigmoid 2.32 ulp (3), erf 2.50 ulp (3),
//   sin and cos 1.54 ulp (2) and tan 2.32 ulp (3) for |x| < kSinCosMaxArg, where the reduction by pi/2 is exact
//   (beyond it std::sin, std::cos and std::tan take over), log1p 2.33 ulp (3), expm1 1.18 ulp (2), exp2 1.01 ulp
//   (1.5), log2 1.73 ulp (2), log10 1.92 ulp (2.5); in float_math_inverse_trig.h arcsin 2.36 ulp (3), arccos 1.10
//   ulp (1.5), arctan 2.02 ulp (2.5), arctan2 2.06 ulp (2.5); in float_math_hyperbolic.h sinh 1.89 ulp (2), cosh
//   1.56 ulp (2), arcsinh 2.53 ulp (3), arccosh 2.54 ulp (3).
// Special values follow C: exp(-inf) = 0, exp(inf) = inf, log(0) = -inf, log(x < 0) = nan, log1p(-1) = -inf,
// expm1(-inf) = -1, tanh(+-inf) = +-1, erf(+-inf) = +-1, sin(inf) = nan, arcsin(|x| > 1) = nan, arctan(+-inf) =
// +-pi/2, arccosh(x < 1) = nan; nan propagates everywhere and signed zeros keep their sign where C keeps it.
// At the AVX2 and AVX-512 levels the compiler fuses multiplies and adds (it may: GCC contracts by default), which
// is what brings tanh under NumPy's time (with -ffp-contract=off, exp/log/tanh on 10^7 floats took 5.3/7.2/8.2 ms
// instead of 4.1/5.8/6.7 ms, one thread, AVX-512); so results can differ between levels in the last bit, each
// level within the bounds above. Within a level every element goes through the same vector code
// (native/vecmath_loops.h), so results do not depend on the thread count.
//
// Conversions between float and int32 go through memcpy (a register move once compiled) rather than a union.

inline float FloatFromBits(int32_t bits) {
    float f;
    std::memcpy(&f, &bits, sizeof(float));
    return f;
}

inline int32_t BitsFromFloat(float f) {
    int32_t bits;
    std::memcpy(&bits, &f, sizeof(float));
    return bits;
}

// c0 + c1 t + c2 t^2 + ..., by Horner's rule: (... (cn t + cn-1) t ...) t + c0. The coefficients are listed from
// the constant term up, in the order tools/fit_float_math.py prints them; as arguments (not an array) they stay
// immediate constants in the generated code.
inline float Polynomial(float /*t*/, float c0) { return c0; }

template <typename... Rest>
inline float Polynomial(float t, float c0, Rest... rest) {
    return Polynomial(t, rest...) * t + c0;
}

// e^r 2^n for |r| <= ln2/2 (with a little margin) and fn = n an integer-valued float in [-152, 129], or nan (then
// the result is nan): a degree-6 polynomial for e^r, and 2^n built in the exponent bits, split in two factors so
// that results down to the smallest denormal are right and 2^129 needs no infinite factor.
inline float ExpReducedScaled(float r, float fn) {
    float p = Polynomial(r, 5.0000001201e-1f, 1.6666665459e-1f, 4.1665795894e-2f, 8.3334519073e-3f,
                         1.3981999507e-3f, 1.9875691500e-4f);
    p = p * r * r + r + 1.0f;
    // nan is replaced before the conversion, which would be undefined for it, and the exponent bits are shifted
    // as unsigned.
    int32_t n = static_cast<int32_t>(fn == fn ? fn : 0.0f);
    int32_t n1 = n >> 1;
    int32_t n2 = n - n1;
    return p * FloatFromBits(static_cast<int32_t>(static_cast<uint32_t>(n1 + 127) << 23)) *
           FloatFromBits(static_cast<int32_t>(static_cast<uint32_t>(n2 + 127) << 23));
}

constexpr float kRoundMagic = 12582912.0f;  // 1.5 * 2^23: adding and subtracting it rounds to an integer
constexpr float kLn2Hi = 0.693359375f;  // ln 2 = kLn2Hi + kLn2Lo, kLn2Hi exact in few bits
constexpr float kLn2Lo = -2.12194440e-4f;

// Cephes' method: x = n ln2 + r with |r| <= ln2/2, then ExpReducedScaled.
inline float ExpFloat(float x) {
    constexpr float kLog2e = 1.44269504088896341f;
    constexpr float kOverflow = 88.72283935546875f;  // above: exp(x) > FLT_MAX
    float xc = x < -104.0f ? -104.0f : x;  // below -103.97 the result rounds to 0
    xc = xc > 89.0f ? 89.0f : xc;
    float fn = (xc * kLog2e + kRoundMagic) - kRoundMagic;  // in [-150, 129], or nan
    float r = xc - fn * kLn2Hi - fn * kLn2Lo;
    float y = ExpReducedScaled(r, fn);
    return x > kOverflow ? std::numeric_limits<float>::infinity() : y;
}

// 2^x = e^(r ln2) 2^n with n the integer nearest to x and r = x - n, exact. Arguments are clamped to [-152, 129],
// beyond which the result rounds to 0 or overflows anyway.
inline float Exp2Float(float x) {
    constexpr float kLn2 = 0.693147182f;
    float xc = x < -152.0f ? -152.0f : x;
    xc = xc > 129.0f ? 129.0f : xc;
    float fn = (xc + kRoundMagic) - kRoundMagic;
    return ExpReducedScaled((xc - fn) * kLn2, fn);
}

// Below this magnitude, tanh x and sin x round to x.
constexpr float kTinyArg = 2.44140625e-4f;  // 2^-12

// x = 2^e m with m in [sqrt(1/2), sqrt(2)) and log(m) = f - f^2/2 + f^3 P(f) with f = m - 1, exact in float.
struct LogReduction {
    float e;  // the exponent, as a float
    float f;  // m - 1
    float z;  // f^2
    float cubic;  // f^3 P(f)
};

// The reduction of a positive finite x (any other x gives a value that LogSpecialValues replaces).
inline LogReduction ReduceLog(float x) {
    constexpr float kMinNormal = 1.17549435e-38f;
    bool subnormal = x < kMinNormal;
    int32_t bits = BitsFromFloat(subnormal ? x * 8388608.0f : x);  // 2^23 makes subnormals normal
    int32_t e = (bits >> 23) - (subnormal ? 127 + 23 : 127);
    float m = FloatFromBits((bits & 0x7fffff) | 0x3f800000);  // in [1, 2)
    bool high = m > 1.41421356f;
    m = high ? m * 0.5f : m;
    float f = m - 1.0f;
    float z = f * f;
    float p = Polynomial(f, 0.333333313f, -0.24999994f, 0.200007156f, -0.166680247f, 0.142492756f, -0.124208614f,
                         0.116782062f, -0.115101218f, 0.070288524f);
    return {static_cast<float>(high ? e + 1 : e), f, z, f * z * p};
}

// `finite` (the formula's value for a positive finite x) with the special values of a logarithm: inf at inf, -inf
// at 0, nan below 0 and at nan.
inline float LogSpecialValues(float x, float finite) {
    constexpr float kInf = std::numeric_limits<float>::infinity();
    finite = x == kInf ? kInf : finite;
    finite = x == 0.0f ? -kInf : finite;
    return x >= 0.0f ? finite : std::numeric_limits<float>::quiet_NaN();  // x < 0 or nan
}

// log x = e ln2 + log(m), the small terms first.
inline float LogFloat(float x) {
    LogReduction l = ReduceLog(x);
    float y = l.cubic + l.e * kLn2Lo;
    y = y - 0.5f * l.z;
    return LogSpecialValues(x, (l.f + y) + l.e * kLn2Hi);
}

// log2 x = e + log(m) log2(e); the exponent is exact, and only log(m) / ln2 rounds.
inline float Log2Float(float x) {
    constexpr float kLog2e = 1.44269504088896341f;
    LogReduction l = ReduceLog(x);
    float log_m = l.f + (l.cubic - 0.5f * l.z);
    return LogSpecialValues(x, l.e + log_m * kLog2e);
}

// log10 x = e log10(2) + log(m) log10(e), with log10(2) split so that e times its high part is exact.
inline float Log10Float(float x) {
    constexpr float kLog10e = 0.434294481903251828f;
    constexpr float kLog10Of2Hi = 0.30102539f;  // 0x3e9a2000: 11 significant bits
    constexpr float kLog10Of2Lo = 4.6050389e-6f;  // log10(2) - kLog10Of2Hi
    LogReduction l = ReduceLog(x);
    float log_m = l.f + (l.cubic - 0.5f * l.z);
    return LogSpecialValues(x, (log_m * kLog10e + l.e * kLog10Of2Lo) + l.e * kLog10Of2Hi);
}

// tanh x = x + x^3 P(x^2) below 0.625, 1 - 2 / (e^2|x| + 1) with x's sign above.
inline float TanhFloat(float x) {
    float ax = std::fabs(x);
    float s = x * x;
    float p = Polynomial(s, -0.333333284f, 0.133327693f, -0.0538508743f, 0.0209970381f, -0.00609653397f);
    // Below 2^-12, x^3 / 3 is under half an ulp of x: tanh x rounds to x (and -0 stays -0).
    float small = ax < kTinyArg ? x : x + x * s * p;
    float large = std::copysign(1.0f - 2.0f / (ExpFloat(2.0f * ax) + 1.0f), x);
    return ax < 0.625f ? small : large;
}

// 1 / (1 + e^-x), or e^x / (1 + e^x) for negative x: e^-|x| never overflows, and tiny results keep their digits.
inline float SigmoidFloat(float x) {
    float e = ExpFloat(-std::fabs(x));
    return (x >= 0.0f ? 1.0f : e) / (1.0f + e);
}

// erf x = x P(x^2) below 1; above, 1 - e^(-x^2) Q(u) with x's sign, Q on u = (2|x| - 5) / 3 in [-1, 1]. From
// |x| = 4 on, erf rounds to +-1.
inline float ErfFloat(float x) {
    float ax = std::fabs(x);
    float s = x * x;
    float p = Polynomial(s, 1.12837911f, -0.37612626f, 0.112835847f, -0.0268538054f, 0.00518831657f,
                         -0.000801009475f, 7.85353404e-05f);
    float small = x * p;
    float ac = ax > 4.0f ? 4.0f : ax;  // nan stays nan
    float u = ac * 0.666666667f - 1.66666667f;
    float q = Polynomial(u, 0.21080637f, -0.111521363f, 0.0561103188f, -0.0269983038f, 0.0124892639f,
                         -0.00560988765f, 0.00241100113f, -0.000918094884f, 0.000385093357f, -0.000244367082f,
                         8.94467667e-05f);
    float large = std::copysign(1.0f - ExpFloat(-(ac * ac)) * q, x);
    return ax < 1.0f ? small : large;
}

// Below this magnitude SinCosFloatReduced's argument reduction is exact; at and above it (and for inf and nan),
// sin and cos come from std::sin and std::cos.
constexpr float kSinCosMaxArg = 524288.0f;  // 2^19

// x = q pi/2 + r with |r| <= pi/4, for |x| < kSinCosMaxArg (other arguments give finite values to be replaced):
// computed in double with pi/2 split in a 31-bit part (q times it is exact for q < 2^22) and a 53-bit part.
struct HalfPiReduction {
    int32_t quadrant;  // q
    float r;
};

inline HalfPiReduction ReduceByHalfPi(float x) {
    constexpr double kTwoOverPi = 0.63661977236758134;
    constexpr double kPiOver2Hi = 1.5707963267341256;
    constexpr double kPiOver2Lo = 6.077100506506192e-11;
    constexpr double kRoundMagic = 6755399441055744.0;  // 1.5 * 2^52
    double xd = std::fabs(x) < kSinCosMaxArg ? static_cast<double>(x) : 0.0;
    double q = (xd * kTwoOverPi + kRoundMagic) - kRoundMagic;
    return {static_cast<int32_t>(q), static_cast<float>((xd - q * kPiOver2Hi) - q * kPiOver2Lo)};
}

// sin x (quadrant_shift 0) or cos x (quadrant_shift 1) for |x| < kSinCosMaxArg: a polynomial for sin r or cos r,
// chosen and signed by the quadrant.
inline float SinCosFloatReduced(float x, int32_t quadrant_shift) {
    HalfPiReduction reduction = ReduceByHalfPi(x);
    float r = reduction.r;
    float s = r * r;
    float ps = Polynomial(s, -0.166666672f, 0.00833333191f, -0.000198400579f, 2.72463399e-06f);
    float sin_r = std::fabs(r) < kTinyArg ? r : r + r * s * ps;  // as in TanhFloat
    float pc = Polynomial(s, 0.0416666679f, -0.00138888357f, 2.47739499e-05f, -2.43301258e-07f);
    float cos_r = (1.0f - 0.5f * s) + s * s * pc;
    int32_t quadrant = reduction.quadrant + quadrant_shift;
    float v = (quadrant & 1) != 0 ? cos_r : sin_r;
    return (quadrant & 2) != 0 ? -v : v;
}

// tan x for |x| < kSinCosMaxArg: tan r = r + r^3 P(r^2), or -1 / tan r in the odd quadrants (tan has period pi).
inline float TanFloatReduced(float x) {
    HalfPiReduction reduction = ReduceByHalfPi(x);
    float r = reduction.r;
    float s = r * r;
    float tan_r = r + r * s * Polynomial(s, 0.333333343f, 0.133332238f, 0.0539960638f, 0.0216085594f, 0.010006086f,
                                         0.00111537147f, 0.00388449314f);
    return (reduction.quadrant & 1) != 0 ? -1.0f / tan_r : tan_r;
}

inline float SinFloat(float x) { return std::fabs(x) < kSinCosMaxArg ? SinCosFloatReduced(x, 0) : std::sin(x); }
inline float CosFloat(float x) { return std::fabs(x) < kSinCosMaxArg ? SinCosFloatReduced(x, 1) : std::cos(x); }
inline float TanFloat(float x) { return std::fabs(x) < kSinCosMaxArg ? TanFloatReduced(x) : std::tan(x); }

// log1p by Kahan's correction of log at u = 1 + x, rounded: log1p x = x log(u) / (u - 1), where the quotient cancels
// the rounding error of u to first order (W. Kahan, "Mathematics written in sand", 1983); where u rounds to 1 the
// result is x.
inline float Log1pFloat(float x) {
    float u = 1.0f + x;
    float d = u - 1.0f;
    float corrected = LogFloat(u) * (x / (d == 0.0f ? 1.0f : d));
    constexpr float kInf = std::numeric_limits<float>::infinity();
    corrected = x == kInf ? kInf : corrected;  // inf / inf otherwise
    return d == 0.0f ? x : corrected;  // u == 1: log1p x rounds to x (-0 stays -0)
}

// expm1 x = 2^n (expm1(r) + 1) - 1 with x = n ln2 + r: n = 0 for |x| < ln2 (then r = x, no cancellation), else n the
// nearest integer to x / ln2 and |r| <= ln2 / 2. expm1(r) = r + r^2 / 2 + r^3 P(r) with P the Taylor series of
// (e^r - 1 - r - r^2 / 2) / r^3 to r^7, whose remainder is below 10^-9 for |r| < ln2. 2^n (expm1(r) + 1) - 1 is
// computed as 2 (2^(n-1) expm1(r) + (2^(n-1) - 1/2)), exact scalings, so that n = 128 (x just below the overflow)
// needs no 2^128. Below -18 the result rounds to -1; below 2^-25 in magnitude, to x.
inline float Expm1Float(float x) {
    constexpr float kLog2e = 1.44269504088896341f;
    constexpr float kLn2 = 0.693147182f;
    constexpr float kLn2Hi = 0.693359375f;
    constexpr float kLn2Lo = -2.12194440e-4f;
    constexpr float kRoundMagic = 12582912.0f;  // 1.5 * 2^23
    constexpr float kOverflow = 88.72283935546875f;
    float xc = x < -18.0f ? -18.0f : x;
    xc = xc > 89.0f ? 89.0f : xc;
    float fn = (xc * kLog2e + kRoundMagic) - kRoundMagic;
    fn = std::fabs(xc) < kLn2 ? 0.0f : fn;
    float r = xc - fn * kLn2Hi - fn * kLn2Lo;
    float p = Polynomial(r, 1.66666672e-1f, 4.16666679e-2f, 8.33333377e-3f, 1.38888892e-3f, 1.98412701e-4f,
                         2.48015876e-5f, 2.75573188e-6f, 2.75573188e-7f);
    float em = r + r * r * (0.5f + r * p);
    int32_t n = static_cast<int32_t>(fn == fn ? fn : 0.0f);  // fn is nan only for x nan (then em is nan too)
    float half_scale = FloatFromBits(static_cast<int32_t>(static_cast<uint32_t>(n - 1 + 127) << 23));  // 2^(n-1)
    float y = 2.0f * (half_scale * em + (half_scale - 0.5f));
    y = n == 0 ? em : y;
    y = x > kOverflow ? std::numeric_limits<float>::infinity() : y;
    return std::fabs(x) < 2.98023224e-8f ? x : y;  // 2^-25
}

// Whether the functions above are used: in host code, yes; in device code (nvcc's device pass) the formulas use
// the CUDA math library through `expr` instead.
#if defined(__CUDA_ARCH__)
inline constexpr bool kHostFloatMath = false;
#else
inline constexpr bool kHostFloatMath = true;
#endif

}  // namespace numeric
}  // namespace chainerx

// Like CHAINERX_NUMERIC_FLOAT_UNARY, but on the host float and float16 compute with `float_fn` (one of the functions
// above), every other type (and device code) with `expr`.
#define CHAINERX_NUMERIC_FLOAT_UNARY_FLOAT_MATH(name, float_fn, expr)                                      \
    struct name {                                                                                         \
        template <typename T>                                                                             \
        CHAINERX_HOST_DEVICE T operator()(T x_in) const {                                                 \
            using C = ::chainerx::numeric::ComputeType<T>;                                                \
            if constexpr (::chainerx::numeric::kHostFloatMath && std::is_same<C, float>::value) {         \
                return static_cast<T>(::chainerx::numeric::float_fn(static_cast<float>(x_in)));           \
            } else {                                                                                      \
                C x = static_cast<C>(x_in);                                                               \
                return static_cast<T>(expr);                                                              \
            }                                                                                             \
        }                                                                                                 \
    }
