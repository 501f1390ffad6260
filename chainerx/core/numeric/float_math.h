// float (binary32) exp, log, log1p, expm1, tanh, sigmoid, erf, sin and cos as branch-free formulas, so that a loop
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
//   sin and cos 1.54 ulp (2) for |x| < kSinCosMaxArg, where the reduction by pi/2 is exact (beyond it std::sin and
//   std::cos take over), log1p 2.33 ulp (3) and expm1 1.18 ulp (2).
// Special values follow C: exp(-inf) = 0, exp(inf) = inf, log(0) = -inf, log(x < 0) = nan, log1p(-1) = -inf,
// expm1(-inf) = -1, tanh(+-inf) = +-1, erf(+-inf) = +-1, sin(inf) = nan; nan propagates everywhere and signed zeros
// keep their sign where C keeps it.
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

// Cephes' method: x = n ln2 + r with |r| <= ln2/2, a degree-6 polynomial for e^r, and 2^n built in the exponent
// bits, split in two factors so that results down to the smallest denormal are right.
inline float ExpFloat(float x) {
    constexpr float kLog2e = 1.44269504088896341f;
    constexpr float kLn2Hi = 0.693359375f;  // ln 2 = kLn2Hi + kLn2Lo, kLn2Hi exact in few bits
    constexpr float kLn2Lo = -2.12194440e-4f;
    constexpr float kRoundMagic = 12582912.0f;  // 1.5 * 2^23: adding and subtracting it rounds to an integer
    constexpr float kOverflow = 88.72283935546875f;  // above: exp(x) > FLT_MAX
    float xc = x < -104.0f ? -104.0f : x;  // below -103.97 the result rounds to 0
    xc = xc > 89.0f ? 89.0f : xc;
    float fn = (xc * kLog2e + kRoundMagic) - kRoundMagic;
    float r = xc - fn * kLn2Hi - fn * kLn2Lo;
    float p = Polynomial(r, 5.0000001201e-1f, 1.6666665459e-1f, 4.1665795894e-2f, 8.3334519073e-3f,
                         1.3981999507e-3f, 1.9875691500e-4f);
    p = p * r * r + r + 1.0f;
    // fn is in [-150, 129] or nan (then p is nan too); nan is replaced before the conversion, which would be
    // undefined for it, and the exponent bits are shifted as unsigned.
    int32_t n = static_cast<int32_t>(fn == fn ? fn : 0.0f);
    int32_t n1 = n >> 1;
    int32_t n2 = n - n1;
    float y = p * FloatFromBits(static_cast<int32_t>(static_cast<uint32_t>(n1 + 127) << 23)) *
              FloatFromBits(static_cast<int32_t>(static_cast<uint32_t>(n2 + 127) << 23));
    return x > kOverflow ? std::numeric_limits<float>::infinity() : y;
}

// Below this magnitude, tanh x and sin x round to x.
constexpr float kTinyArg = 2.44140625e-4f;  // 2^-12

// x = 2^e m with m in [sqrt(1/2), sqrt(2)); log(m) = f - f^2/2 + f^3 P(f) with f = m - 1, exact in float.
inline float LogFloat(float x) {
    constexpr float kMinNormal = 1.17549435e-38f;
    bool subnormal = x < kMinNormal;
    int32_t bits = BitsFromFloat(subnormal ? x * 8388608.0f : x);  // 2^23 makes subnormals normal
    int32_t e = (bits >> 23) - (subnormal ? 127 + 23 : 127);
    float m = FloatFromBits((bits & 0x7fffff) | 0x3f800000);  // in [1, 2)
    bool high = m > 1.41421356f;
    m = high ? m * 0.5f : m;
    float fe = static_cast<float>(high ? e + 1 : e);
    float f = m - 1.0f;
    float z = f * f;
    float p = Polynomial(f, 0.333333313f, -0.24999994f, 0.200007156f, -0.166680247f, 0.142492756f, -0.124208614f,
                         0.116782062f, -0.115101218f, 0.070288524f);
    float y = f * z * p + fe * -2.12194440e-4f;  // e ln2 = e (0.693359375 - 2.12194440e-4)
    y = y - 0.5f * z;
    float r = (f + y) + fe * 0.693359375f;
    constexpr float kInf = std::numeric_limits<float>::infinity();
    r = x == kInf ? kInf : r;
    r = x == 0.0f ? -kInf : r;
    return x >= 0.0f ? r : std::numeric_limits<float>::quiet_NaN();  // x < 0 or nan
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

// sin x (quadrant_shift 0) or cos x (quadrant_shift 1) for |x| < kSinCosMaxArg; other arguments give a finite
// value to be replaced. x = q pi/2 + r with |r| <= pi/4, computed in double with pi/2 split in a 31-bit part (q
// times it is exact for q < 2^22) and a 53-bit part; then a polynomial for sin r or cos r on r's quadrant.
inline float SinCosFloatReduced(float x, int32_t quadrant_shift) {
    constexpr double kTwoOverPi = 0.63661977236758134;
    constexpr double kPiOver2Hi = 1.5707963267341256;
    constexpr double kPiOver2Lo = 6.077100506506192e-11;
    constexpr double kRoundMagic = 6755399441055744.0;  // 1.5 * 2^52
    double xd = std::fabs(x) < kSinCosMaxArg ? static_cast<double>(x) : 0.0;
    double q = (xd * kTwoOverPi + kRoundMagic) - kRoundMagic;
    float r = static_cast<float>((xd - q * kPiOver2Hi) - q * kPiOver2Lo);
    int32_t quadrant = static_cast<int32_t>(q) + quadrant_shift;
    float s = r * r;
    float ps = Polynomial(s, -0.166666672f, 0.00833333191f, -0.000198400579f, 2.72463399e-06f);
    float sin_r = std::fabs(r) < kTinyArg ? r : r + r * s * ps;  // as in TanhFloat
    float pc = Polynomial(s, 0.0416666679f, -0.00138888357f, 2.47739499e-05f, -2.43301258e-07f);
    float cos_r = (1.0f - 0.5f * s) + s * s * pc;
    float v = (quadrant & 1) != 0 ? cos_r : sin_r;
    return (quadrant & 2) != 0 ? -v : v;
}

inline float SinFloat(float x) { return std::fabs(x) < kSinCosMaxArg ? SinCosFloatReduced(x, 0) : std::sin(x); }
inline float CosFloat(float x) { return std::fabs(x) < kSinCosMaxArg ? SinCosFloatReduced(x, 1) : std::cos(x); }

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
