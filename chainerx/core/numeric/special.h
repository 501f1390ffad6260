// Scalar formulas of special functions (floating-point types only), one definition each for the host and the CUDA
// device: erfc, ndtr, erfcx, erfinv, erfcinv, ndtri, log_ndtr, lgamma (SciPy's gammaln), digamma, polygamma and the
// Hurwitz zeta function, with the values and special values of scipy.special (1.17). Every function computes in
// double whatever T is (float16 and float inputs are widened exactly) and rounds the result to T once. See
// Note [Special functions].
#pragma once

#include <cmath>

#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/host_device.h"

namespace chainerx {
namespace numeric {

// Note [Special functions]
// These are not hot paths: accuracy comes first, so everything is computed in double, by algorithms that keep
// relative accuracy in the tails. Only std:: functions that CUDA also provides in device code are called (exp, log,
// log1p, sqrt, pow, sin, cos, erf, erfc, fma, floor, round, frexp, ldexp, fabs); constants are literals
// (coefficients generated with mpmath at 50 digits, the Bernoulli ones checked against the rational numbers), and
// every loop has a fixed maximum count. nvcc contracting a * b + c into an fma breaks none of the error-free
// transformations below (they use explicit fmas and additions only).
// - erfc is std::erfc. ndtr(x) = erfc(-x/sqrt2)/2, with the rounding error of x/sqrt2 (split exactly with an fma)
//   corrected to first order: erfc's relative condition number ~2 z^2 would otherwise cost up to ~2e-13 at x = -37.
// - erfcx: exp(x^2) erfc(x) for 0 <= x < 12, with x^2 split exactly (s + e, exp(s) (1 + e)); the asymptotic series
//   1/(x sqrtpi) sum (-1)^k (2k-1)!! / (2x^2)^k (13 terms) from 12 on; 2 exp(x^2) - erfcx(-x) for x < 0 (inf below
//   -26.63, where it overflows).
// - log_ndtr: log(erfcx(-x/sqrt2)/2) - x^2/2 for x < -1 (no underflow: -5e9 at x = -1e5), log(ndtr(x)) on [-1, 0),
//   log1p(-ndtr(-x)) for x >= 0 (so -ndtr(-x) to full relative accuracy when it is tiny).
// - erfinv, erfcinv, ndtri reduce to two solvers, each a closed-form start and Halley steps (cubic convergence, 2
//   or 3 steps; at most 4 and 8): erf(x) = z for |z| <= 1/2 (start: erfinv's Maclaurin series to w^9), and
//   log(erfc(x)) = log(y) for 0 < y <= 1/2, written log(erfcx(x)) - x^2 - log(y) so that nothing underflows even
//   for subnormal y (start: x^2 = t - log(pi t)/2, t = -log y). The reductions (1 - |y|, y - 1, 2 - y, 2p, 2p - 1,
//   1 - p) are all exact in floating point, so erfinv is accurate near +-1, erfcinv for tiny inputs (1e-300, and
//   subnormals) and ndtri in both tails.
// - lgamma: the Taylor series of lgamma(2 + t) (coefficients (-1)^k (zeta(k) - 1)/k, |t| <= 1/2, 30 terms) on (0,
//   2.5] with lgamma(x) = lgamma(x + 2) - log(x) - log1p(x) below 1/2 and - log1p(x - 1) below 3/2 (so relative
//   accuracy near the zeros at 1 and 2); down-recurrence to that range below 10; Stirling's series (8 terms) from
//   10 on; reflection log(pi / |sin(pi x)|) - lgamma(1 - x) for x < -1/2 and lgamma(x + 2) - log(-x) - log1p(x) on
//   (-1/2, 0). sin(pi x) reduces x exactly (x = n/2 + r) and carries pi r as a double-double.
// - digamma: up-recurrence to x >= 10 (the sum of 1/(x + k) in double-double) and the asymptotic series log x -
//   1/(2x) - sum B_2k / (2k x^2k) (9 terms); reflection psi(1 - x) - pi cot(pi x) for x < 0; Taylor series around
//   the positive zero 1.4616... (|t| < 0.55, 44 terms: all of [1, 2]) and the first negative zero -0.5040... (|t| <
//   0.05), centred on double-double zeros, for relative accuracy near them; -1/x - gamma + pi^2/6 x below 1e-10.
// - zeta(s, q), s > 1, q > 0: Euler-Maclaurin summation. Direct terms (q + k)^-s, with a compensated (Neumaier) sum,
//   until w = q + N >= max(12, s), or earlier once the remaining terms are below 1e-17 of the sum; then w^(1-s) /
//   (s - 1) + w^-s / 2 + sum_j B_2j / (2j)! s (s + 1) ... (s + 2j - 2) w^(-s-2j+1), j <= 20 (stopping when a term
//   is below 1e-17 of the total). With w >= max(12, s) the correction terms shrink geometrically (the remainder
//   bound is below 1e-17 of the tail for every s > 1). Each w = q + k is rounded; its rounding error (TwoSum) enters
//   as the factor exp(-s w_lo / w), without which the error would grow like s ulp.
//   q < 0 (not an integer; SciPy then requires an integer s): with q = f - N, f in (0, 1), the N negative terms are
//   -(1 - f + j), so zeta(s, q) = (-1)^s (zeta(s, 1 - f) - zeta(s, 1 - q)) + zeta(s, f), three sums as above
//   (f and 1 - f are exact) whatever N; for half-integer q and odd s, zeta(s, f) and zeta(s, 1 - f) cancel exactly.
// - polygamma(n, x) = (-1)^(n+1) n! zeta(n + 1, x) (n! as a double-double product, rounded once), digamma for n =
//   0. For n <= 170 and x >= 1 both factors are scaled by powers of 2, so that a representable result is not lost
//   where zeta alone underflows (e.g. polygamma(150, 300) = -1.3e-111; SciPy gives 0).
// Measured against mpmath on random grids over each function's domain (tails, poles, zeros, huge and tiny
// arguments; 1000 points a region), the float64 results are within 8e-16 relative (mostly within 3e-16), except
// where the function is ill-conditioned in a way that computing in double does not avoid: near the zeros of lgamma
// and digamma on the negative axis other than -0.5040... (the absolute error stays ~1e-16 times lgamma(1 - x), resp.
// psi(1 - x); relative errors up to 7e-14 on the grids), and zeta(s, q) / polygamma for q < 0 where the terms
// nearest 0 cancel (odd s, q near a half-integer: the error is ~1e-16 of those terms; up to 6e-14 relative on the
// grids, as in SciPy). Float32 and float16 results are the double results rounded once (within half an ulp of the
// exact value, up to the double rounding).
//
// Special values are SciPy's: erfc(+-inf) = 0, 2; ndtr(+-inf) = 1, 0; erfcx(-inf) = inf, erfcx(inf) = 0;
// erfinv(+-1) = +-inf, erfinv(-0) = 0, nan outside [-1, 1]; erfcinv(0) = inf, erfcinv(2) = -inf, erfcinv(1) = -0,
// nan outside [0, 2]; ndtri(0) = -inf, ndtri(1) = inf, nan outside [0, 1]; log_ndtr(-inf) = -inf, log_ndtr(inf) =
// -0; lgamma = inf at 0, -0 and negative integers, lgamma(+-inf) = +-inf; digamma(0) = -inf, digamma(-0) = inf,
// nan at negative integers and -inf; zeta(s, q) = inf for s = 1 (even for nan q), nan for s < 1, inf for q a
// non-positive integer or -inf, nan for q < 0 not an integer with s not an integer, 0 for q = inf, and for s = inf:
// inf for q < 1, 1 at q = 1, nan on (1, 1e8] (SciPy's inf * 0) and 0 above; polygamma(n, x) = nan for n < 0 or not
// an integer, inf * zeta(inf, x) for n = inf, and from n = 171 on SciPy's inf * zeta(n + 1, x) (n! overflows).
// nan propagates. Where SciPy loses subnormal inputs, the values here are the exact ones: lgamma(x) for 0 < |x| <
// 2^-1024 is -log|x| (SciPy: inf) and erfcinv(5e-324) = 27.2... (SciPy: inf).
namespace special_detail {

constexpr double kInf = __builtin_huge_val();
constexpr double kNan = __builtin_nan("");
constexpr double kMaxDouble = 1.7976931348623157e308;

// Constants as double-doubles (hi, the nearest double, and lo, the rest) where the rest matters.
constexpr double kPi = 3.141592653589793;
constexpr double kPiLo = 1.2246467991473532e-16;
constexpr double kSqrtHalf = 0.7071067811865476;
constexpr double kSqrtHalfLo = -4.833646656726457e-17;
constexpr double kSqrt2 = 1.4142135623730951;
constexpr double kSqrt2Lo = -9.667293313452913e-17;
constexpr double kInvSqrtPi = 0.5641895835477563;  // 1/sqrt(pi)
constexpr double kTwoOverSqrtPi = 1.1283791670955126;
constexpr double kSqrtPiOver2 = 0.886226925452758;
constexpr double kHalfLog2Pi = 0.9189385332046728;  // log(2 pi) / 2
constexpr double kPiOver12 = 0.26179938779914946;
constexpr double kPiSquaredOver6 = 1.6449340668482264;
constexpr double kEuler = 0.5772156649015329;  // Euler's gamma
// The zeros of digamma around which it is expanded.
constexpr double kDigammaZero = 1.4616321449683622;
constexpr double kDigammaZeroLo = 9.549995429965697e-17;
constexpr double kDigammaNegZero = -0.5040830082644554;
constexpr double kDigammaNegZeroLo = -8.15428206243813e-18;

CHAINERX_HOST_DEVICE inline bool IsNan(double x) { return x != x; }

// Whether an integer-valued n is odd (every double from 2^53 on is even).
CHAINERX_HOST_DEVICE inline bool IsOdd(double n) { return n - 2.0 * std::floor(0.5 * n) == 1.0; }

// A sum with Neumaier's compensation: Value() adds the accumulated rounding errors of the additions. Once the sum
// is infinite the compensation is left alone (it would turn nan).
struct CompensatedSum {
    double sum{0.0};
    double comp{0.0};

    CHAINERX_HOST_DEVICE void Add(double v) {
        double t = sum + v;
        if (std::fabs(t) <= kMaxDouble) {
            comp += std::fabs(sum) >= std::fabs(v) ? (sum - t) + v : (v - t) + sum;
        }
        sum = t;
    }
    CHAINERX_HOST_DEVICE double Value() const { return sum + comp; }
};

struct SinCos {
    double sin;
    double cos;
};

// sin(pi x) and cos(pi x) for finite |x| < 2^1022: x = n/2 + r exactly with |r| <= 1/4, pi r as a double-double
// p + e (sin(p + e) = sin p + e cos p), and the quadrant n mod 4. Exact at integers and half-integers.
CHAINERX_HOST_DEVICE inline SinCos SinCosPi(double x) {
    double n = std::round(2.0 * x);
    double r = x - 0.5 * n;
    double p = kPi * r;
    double e = std::fma(kPi, r, -p) + kPiLo * r;
    double sin_p = std::sin(p);
    double cos_p = std::cos(p);
    double sin_r = sin_p + e * cos_p;
    double cos_r = cos_p - e * sin_p;
    int quadrant = static_cast<int>(n - 4.0 * std::floor(0.25 * n));
    double s = (quadrant & 1) != 0 ? cos_r : sin_r;
    double c = (quadrant & 1) != 0 ? -sin_r : cos_r;
    return (quadrant & 2) != 0 ? SinCos{-s, -c} : SinCos{s, c};
}

// c[0] + c[1] t + ... + c[N - 1] t^(N - 1), by Horner's rule.
template <int N>
CHAINERX_HOST_DEVICE double Horner(double t, const double (&c)[N]) {
    double r = 0.0;
    for (int k = N - 1; k >= 0; --k) {
        r = r * t + c[k];
    }
    return r;
}

// exp(x^2) for |x| < 26.7, with the rounding error e of s = x^2 (exact by an fma) as the factor exp(e) = 1 + e.
CHAINERX_HOST_DEVICE inline double ExpSquare(double x) {
    double s = x * x;
    double e = std::fma(x, x, -s);
    return std::exp(s) * (1.0 + e);
}

// erfcx for x >= 0 (or nan): exp(x^2) erfc(x) below 12, where erfc(x) is normal; above, the asymptotic series
// 1/(x sqrtpi) (1 - u (1 - 3u (1 - 5u (...)))), u = 1/(2x^2), whose 14th term is below 1e-20 from x = 12 on.
CHAINERX_HOST_DEVICE inline double ErfcxNonNegative(double x) {
    if (x < 12.0) {
        return ExpSquare(x) * std::erfc(x);
    }
    double u = 0.5 / x / x;  // 0 for huge x (and inf)
    double r = 1.0;
    for (int k = 13; k >= 1; --k) {
        r = 1.0 - (2 * k - 1) * u * r;
    }
    return kInvSqrtPi / x * r;
}

// erfcx(x) = exp(x^2) erfc(x); erfcx(-x) = 2 exp(x^2) - erfcx(x), which overflows below -26.63.
CHAINERX_HOST_DEVICE inline double ErfcxImpl(double x) {
    if (x < 0.0) {
        if (x < -26.7) {
            return kInf;
        }
        return 2.0 * ExpSquare(x) - ErfcxNonNegative(-x);
    }
    return ErfcxNonNegative(x);
}

// ndtr(x) = erfc(-z)/2, z = x/sqrt2 = zh + zl with zh = fl(x * kSqrtHalf): erfc(-zh - zl) = erfc(-zh) + zl
// (2/sqrtpi) exp(-zh^2) to first order in zl (~1e-16 zh).
CHAINERX_HOST_DEVICE inline double NdtrImpl(double x) {
    if (std::fabs(x) == kInf) {
        return x > 0.0 ? 1.0 : 0.0;
    }
    double zh = x * kSqrtHalf;
    double zl = std::fma(x, kSqrtHalf, -zh) + x * kSqrtHalfLo;
    return 0.5 * (std::erfc(-zh) + zl * kTwoOverSqrtPi * std::exp(-zh * zh));
}

// log(ndtr(x)): for x < -1, log(erfc(t)/2) = log(erfcx(t)/2) - t^2 with t = -x/sqrt2 and t^2 = x^2/2; log1p of
// -ndtr(-x) for x >= 0.
CHAINERX_HOST_DEVICE inline double LogNdtrImpl(double x) {
    if (x < -1.0) {
        if (x == -kInf) {
            return -kInf;
        }
        return std::log(0.5 * ErfcxImpl(-x * kSqrtHalf)) - 0.5 * x * x;
    }
    if (x < 0.0) {
        return std::log(NdtrImpl(x));
    }
    return std::log1p(-NdtrImpl(-x));  // nan stays nan
}

// The x with erf(x) = z for |z| <= 1/2 (|x| <= 0.477). Start: the Maclaurin series of erfinv in w = sqrtpi/2 z up
// to w^9 (error below 5e-5); Halley steps on f = erf(x) - z, f'' / f' = -2x: x -= (f/f') / (1 + x f/f').
CHAINERX_HOST_DEVICE inline double ErfinvSmall(double z) {
    if (z == 0.0) {
        return 0.0;  // +0 for -0 too, as SciPy
    }
    if (std::fabs(z) < 1e-8) {
        return kSqrtPiOver2 * z * (1.0 + kPiOver12 * z * z);  // the next term is 7 pi^2/480 z^4 < 1e-33
    }
    double w = kSqrtPiOver2 * z;
    double w2 = w * w;
    double x = w * (1.0 + w2 * (1.0 / 3.0 + w2 * (7.0 / 30.0 + w2 * (127.0 / 630.0 + w2 * (4369.0 / 22680.0)))));
    for (int i = 0; i < 4; ++i) {
        double ratio = (std::erf(x) - z) * kSqrtPiOver2 * std::exp(x * x);
        double dx = ratio / (1.0 + x * ratio);
        x -= dx;
        if (std::fabs(dx) <= 1e-7 * std::fabs(x)) {
            break;  // the error left is ~0.1 dx^3 (cubic convergence)
        }
    }
    return x;
}

// The x with erfc(x) = y for 0 < y <= 1/2 (x >= 0.476), solving F(x) = log(erfc(x)) - log(y) = 0 with F computed
// as log(erfcx(x)) - log(y) - x^2 (x^2 exact as s + e): no underflow, and relative accuracy in y down to
// subnormals. With h = 2 / (sqrtpi erfcx(x)), F' = -h and F'' = h (2x - h); Halley: x += (F/h) / (1 - F (2x - h) /
// (2h)). Start: the asymptotic erfc(x) ~ exp(-x^2) / (x sqrtpi) solved once, x^2 = t - log(pi t)/2, t = -log(y)
// (15% high at y = 1/2, 6e-4 at 1e-10, 2e-6 at 1e-300).
CHAINERX_HOST_DEVICE inline double ErfcinvTail(double y) {
    double log_y = std::log(y);
    double t = -log_y;
    double x = std::sqrt(t - 0.5 * std::log(kPi * t));
    for (int i = 0; i < 8; ++i) {
        double s = x * x;
        double e = std::fma(x, x, -s);
        double erfcx = ErfcxNonNegative(x);
        double f = ((std::log(erfcx) - log_y) - s) - e;
        double h = kTwoOverSqrtPi / erfcx;
        double dx = f / h / (1.0 - 0.5 * f * (2.0 * x - h) / h);
        x += dx;
        if (std::fabs(dx) <= 1e-7 * x) {
            break;
        }
    }
    return x;
}

CHAINERX_HOST_DEVICE inline double ErfinvImpl(double y) {
    double a = std::fabs(y);
    if (!(a < 1.0)) {
        return a == 1.0 ? (y > 0.0 ? kInf : -kInf) : kNan;  // nan too
    }
    if (a <= 0.5) {
        return ErfinvSmall(y);
    }
    double x = ErfcinvTail(1.0 - a);  // exact: a in (1/2, 1)
    return y > 0.0 ? x : -x;
}

// erfcinv(y) = erfinv(1 - y) = -erfinv(y - 1) near 1 (so erfcinv(1) = -0, as SciPy), -erfcinv(2 - y) above 3/2.
CHAINERX_HOST_DEVICE inline double ErfcinvImpl(double y) {
    if (!(y > 0.0 && y < 2.0)) {
        return y == 0.0 ? kInf : (y == 2.0 ? -kInf : kNan);
    }
    if (y <= 0.5) {
        return ErfcinvTail(y);
    }
    if (y <= 1.5) {
        return -ErfinvSmall(y - 1.0);
    }
    return -ErfcinvTail(2.0 - y);
}

// ndtri(p) = -sqrt2 erfcinv(2p) = sqrt2 erfinv(2p - 1) = sqrt2 erfcinv(2 (1 - p)), each where its argument is
// exact; the product with sqrt2 uses its double-double (one rounding).
CHAINERX_HOST_DEVICE inline double NdtriImpl(double p) {
    if (!(p > 0.0 && p < 1.0)) {
        return p == 0.0 ? -kInf : (p == 1.0 ? kInf : kNan);
    }
    double x;
    if (p <= 0.25) {
        x = -ErfcinvTail(2.0 * p);
    } else if (p < 0.75) {
        x = ErfinvSmall(2.0 * p - 1.0);
    } else {
        x = ErfcinvTail(2.0 * (1.0 - p));
    }
    return std::fma(x, kSqrt2, x * kSqrt2Lo);
}

// lgamma(2 + t) - (1 - gamma) t - ..., the Taylor series sum_{k>=1} c_k t^k with c_1 = 1 - gamma and c_k = (-1)^k
// (zeta(k) - 1) / k, for |t| <= 1/2 (the 31st term is below 3e-20).
CHAINERX_HOST_DEVICE inline double LgammaTwoPlus(double t) {
    constexpr double kC[30] = {
            0.42278433509846713,    0.3224670334241132,     -0.0673523010531981,    0.020580808427784546,
            -0.007385551028673986,  0.0028905103307415234,  -0.001192753911703261,  0.0005096695247430425,
            -0.00022315475845357939, 9.945751278180853e-05, -4.492623673813314e-05, 2.050721277567069e-05,
            -9.439488275268397e-06, 4.374866789907488e-06,  -2.039215753801366e-06, 9.55141213040742e-07,
            -4.492469198764566e-07, 2.1207184805554665e-07, -1.0043224823968099e-07, 4.7698101693639804e-08,
            -2.2711094608943164e-08, 1.0838659214896955e-08, -5.183475041970047e-09, 2.4836745438024785e-09,
            -1.1921401405860912e-09, 5.731367241678862e-10, -2.7595228851242334e-10, 1.330476437424449e-10,
            -6.4229645638381e-11,   3.1044247747322276e-11};
    return t * Horner(t, kC);
}

// lgamma(x) for finite x > 0 (see the Note).
CHAINERX_HOST_DEVICE inline double LgammaPositive(double x) {
    if (x < 0.5) {
        return LgammaTwoPlus(x) - std::log(x) - std::log1p(x);
    }
    if (x < 1.5) {
        return LgammaTwoPlus(x - 1.0) - std::log1p(x - 1.0);  // x - 1 is exact
    }
    if (x < 10.0) {
        // lgamma(x) = log((x - 1) ... (x - n)) + lgamma(x - n), x - n in [1.5, 2.5) (each x - k exact).
        double product = 1.0;
        for (int i = 0; i < 8 && x >= 2.5; ++i) {
            x -= 1.0;
            product *= x;
        }
        return std::log(product) + LgammaTwoPlus(x - 2.0);
    }
    // Stirling: (x - 1/2) log x - x + log(2 pi)/2 + sum B_2k / (2k (2k - 1) x^(2k-1)); the 9th term is < 2e-18.
    // x (log x - 1) does not overflow before the result does.
    constexpr double kC[8] = {1.0 / 12.0,   -1.0 / 360.0,      1.0 / 1260.0, -1.0 / 1680.0,
                              1.0 / 1188.0, -691.0 / 360360.0, 1.0 / 156.0,  -3617.0 / 122400.0};
    double r = 1.0 / x;
    double series = r * Horner(r * r, kC);
    double log_x = std::log(x);
    return x * (log_x - 1.0) - 0.5 * log_x + kHalfLog2Pi + series;
}

CHAINERX_HOST_DEVICE inline double LgammaImpl(double x) {
    if (IsNan(x) || std::fabs(x) == kInf) {
        return x;  // SciPy: gammaln(-inf) = -inf
    }
    if (x > 0.0) {
        return LgammaPositive(x);
    }
    if (x == std::floor(x)) {
        return kInf;  // poles: 0, -0 and the negative integers (all doubles below -2^52)
    }
    if (x > -0.5) {
        return LgammaTwoPlus(x) - std::log(-x) - std::log1p(x);  // Gamma(x + 2) = x (x + 1) Gamma(x)
    }
    return std::log(kPi / std::fabs(SinCosPi(x).sin)) - LgammaPositive(1.0 - x);
}

// digamma(x0 + t) = sum_{k>=1} psi^(k)(x0) / k! t^k around the positive zero x0 = 1.4616..., for |t| < 0.55, which
// covers [1, 2] (the pole 0 is 1.46 away: the 45th term is below 1e-19).
CHAINERX_HOST_DEVICE inline double DigammaNearZero(double x) {
    constexpr double kC[44] = {
            0.9676722454476212,     -0.4427631689835921,     0.258499760955651,      -0.16394270544240652,
            0.10782405069126237,    -0.07219956125645471,    0.04880428816414311,    -0.03316112647484736,
            0.022597648232218104,   -0.01542476590494896,    0.010538791616612175,   -0.007204534386356869,
            0.004926781395729853,   -0.003369801655439328,   0.002305126326734928,   -0.0015769367714301972,
            0.0010788252019162967,  -0.0007380709389960052,  0.000504953265834602,   -0.0003454680251063077,
            0.00023635601564027053, -0.00016170622091974803, 0.0001106337276874741,  -7.569179582195066e-05,
            5.178575795222081e-05,  -3.5430070947659604e-05, 2.424006611860132e-05,  -1.6584242271854135e-05,
            1.134638458466385e-05,  -7.762817668462094e-06,  5.3110609208898636e-06, -3.6336507898010456e-06,
            2.486022733129538e-06,  -1.7008538854332607e-06, 1.1636675363548843e-06, -7.96142543124197e-07,
            5.446941930669446e-07,  -3.7266161283438227e-07, 2.549626552021554e-07,  -1.7443695117727745e-07,
            1.1934394829830244e-07, -8.165115189488409e-08,  5.586299683532171e-08,  -3.821960061917494e-08};
    double t = (x - kDigammaZero) - kDigammaZeroLo;
    return t * Horner(t, kC);
}

// The same around the first negative zero -0.5040..., for |t| < 0.05 (the poles 0 and -1 are 0.5 away).
CHAINERX_HOST_DEVICE inline double DigammaNearNegZero(double x) {
    constexpr double kC[20] = {
            8.939798558792134,  -0.8093454625306507, 32.258572064915505, -2.761011648790828,
            128.27342343090902, -14.70672173553036,  513.2704629562862,  -75.37700066344631,
            2055.5357119463315, -368.5783503832191,  8234.667099203069,  -1743.364608867363,
            32997.785655255044, -8051.818155363498,  132262.95480834588, -36529.94596948565,
            530280.3912420176,  -163451.79342700253, 2126602.3725968753, -723318.8861804305};
    double t = (x - kDigammaNegZero) - kDigammaNegZeroLo;
    return t * Horner(t, kC);
}

// digamma(x) for finite x > 0: psi(x) = psi(x + n) - sum_{k<n} 1/(x + k) with x + n >= 10, then log x - 1/(2x) -
// sum B_2k / (2k x^2k) (the 10th term is below 3e-19 at x = 10). The sum cancels against psi(x + n) near the zero,
// so it is kept to twice double precision: each 1/(x + k) with its remainder (an fma), added with compensation.
CHAINERX_HOST_DEVICE inline double DigammaPositive(double x) {
    if (std::fabs(x - kDigammaZero) < 0.55) {
        return DigammaNearZero(x);
    }
    if (x < 1e-10) {
        return -1.0 / x - kEuler + kPiSquaredOver6 * x;  // the next term, -zeta(3) x^2, is below 2e-20
    }
    CompensatedSum shift;
    double shift_lo = 0.0;
    double y = x;
    for (int k = 1; k <= 10 && y < 10.0; ++k) {
        double r = 1.0 / y;
        shift.Add(r);
        shift_lo += std::fma(-r, y, 1.0) / y;
        y = x + k;
    }
    constexpr double kC[9] = {1.0 / 12.0,       -1.0 / 120.0, 1.0 / 252.0,      -1.0 / 240.0,     1.0 / 132.0,
                              -691.0 / 32760.0, 1.0 / 12.0,   -3617.0 / 8160.0, 43867.0 / 14364.0};
    double r2 = 1.0 / (y * y);
    double series = r2 * Horner(r2, kC);
    return ((std::log(y) - shift.sum) + (-0.5 / y - series)) - (shift.comp + shift_lo);
}

CHAINERX_HOST_DEVICE inline double DigammaImpl(double x) {
    if (IsNan(x) || x == kInf) {
        return x;
    }
    if (x <= 0.0 && x == std::floor(x)) {
        // SciPy: -inf at +0, inf at -0, nan at the negative integers and -inf.
        return x == 0.0 ? (1.0 / x > 0.0 ? -kInf : kInf) : kNan;
    }
    if (x > 0.0) {
        return DigammaPositive(x);
    }
    if (std::fabs(x - kDigammaNegZero) < 0.05) {
        return DigammaNearNegZero(x);
    }
    SinCos sc = SinCosPi(x);
    return DigammaPositive(1.0 - x) - kPi * sc.cos / sc.sin;
}

// w^-s 2^scale for w > 0. A nonzero scale is for an integer s (polygamma's): w = m 2^e (m in [1/2, 1)) and the
// power is m^-s 2^(scale - e s), with no intermediate underflow or overflow.
CHAINERX_HOST_DEVICE inline double ScaledPow(double w, double s, int scale) {
    if (scale == 0) {
        return std::pow(w, -s);
    }
    int e = 0;
    double m = std::frexp(w, &e);
    return std::ldexp(std::pow(m, -s), scale - e * static_cast<int>(s));
}

// The rounding error of s = fl(a + b): a + b = s + TwoSumError(a, b, s) exactly (Knuth's TwoSum).
CHAINERX_HOST_DEVICE inline double TwoSumError(double a, double b, double s) {
    double b_virtual = s - a;
    return (a - (s - b_virtual)) + (b - b_virtual);
}

// Adds sum_{k>=0} (q + q_lo + k)^-s 2^scale to `acc` for finite s > 1 and finite q > 0 (q_lo: a rounding error
// carried by q, |q_lo| <= ulp(q)/2), and returns the total: direct terms until w = q + N >= max(12, s) (or the
// rest is negligible), then Euler-Maclaurin at w (see the Note). Each q + k is rounded: the power of w + w_lo (w_lo
// from TwoSum) is w^-s (1 + w_lo/w)^-s = w^-s exp(-s w_lo/w), without which the relative error would be ~s ulp.
CHAINERX_HOST_DEVICE inline double HurwitzZetaAdd(double s, double q, CompensatedSum acc, int scale = 0,
                                                  double q_lo = 0.0) {
    constexpr double kEps = 1e-17;
    // B_2j / (2j)!, j = 1..20.
    constexpr double kB[20] = {
            0.08333333333333333,    -0.001388888888888889,   3.306878306878307e-05,   -8.267195767195768e-07,
            2.08767569878681e-08,   -5.284190138687493e-10,  1.3382536530684679e-11,  -3.3896802963225827e-13,
            8.586062056277845e-15,  -2.174868698558062e-16,  5.5090028283602295e-18,  -1.3954464685812522e-19,
            3.534707039629467e-21,  -8.953517427037546e-23,  2.267952452337683e-24,  -5.744790668872202e-26,
            1.455172475614865e-27,  -3.6859949406653103e-29, 9.336734257095045e-31,  -2.36502241570063e-32};
    double w_min = s > 12.0 ? s : 12.0;
    double w = q;
    double w_lo = q_lo;
    // The terms decrease by at least exp(-s/w) > exp(-1) each while w < s, so 64 steps are never the limit.
    for (int k = 1; k <= 64 && w < w_min; ++k) {
        double term = ScaledPow(w, s, scale) * std::exp(-s * (w_lo / w));
        acc.Add(term);
        if (!(std::fabs(acc.sum) <= kMaxDouble)) {
            return acc.sum;
        }
        w = q + k;
        w_lo = TwoSumError(q, k, w) + q_lo;
        // The rest, sum_{j>=k} (q + j)^-s, is below term (1 + w/(s - 1)).
        if (term * (1.0 + w / (s - 1.0)) <= kEps * std::fabs(acc.Value())) {
            return acc.Value();
        }
    }
    double w_pow = ScaledPow(w, s, scale);
    // w^(1-s) directly where w^-s may underflow.
    double w_pow_1 = scale == 0 ? std::pow(w, 1.0 - s) : w * w_pow;
    acc.Add(w_pow_1 * std::exp(-(s - 1.0) * (w_lo / w)) / (s - 1.0));
    w_pow *= std::exp(-s * (w_lo / w));
    acc.Add(0.5 * w_pow);
    double factor = s * w_pow / w;  // s (s + 1) ... (s + 2j - 2) w^(-s-2j+1) for j = 1
    double inv_w2 = 1.0 / (w * w);
    for (int j = 0; j < 20; ++j) {
        double term = kB[j] * factor;
        acc.Add(term);
        if (std::fabs(term) <= kEps * std::fabs(acc.sum)) {
            break;
        }
        factor *= (s + 2 * j + 1) * (s + 2 * j + 2) * inv_w2;
    }
    return acc.Value();
}

// zeta(s, q) for q < 0 not an integer and an integer s >= 2. With q = f - N (f in (0, 1), N >= 1), the terms
// q + k < 0 are -(1 - f + j), j < N, so zeta(s, q) = (-1)^s (zeta(s, 1 - f) - zeta(s, 1 - q)) + zeta(s, f): three
// sums with positive arguments (f and 1 - f exact, 1 - q carried with its rounding error), as accurate as the
// direct sum and with no loop over the N negative terms.
CHAINERX_HOST_DEVICE inline double HurwitzZetaNegative(double s, double q) {
    double f = q - std::floor(q);  // exact
    double one_minus_q = 1.0 - q;
    double far = HurwitzZetaAdd(s, one_minus_q, CompensatedSum{}, 0, TwoSumError(1.0, -q, one_minus_q));
    if (f == 0.5 && IsOdd(s)) {
        return far;  // the other two cancel (and might overflow)
    }
    double near_negative = HurwitzZetaAdd(s, 1.0 - f, CompensatedSum{});
    CompensatedSum acc;
    acc.Add(HurwitzZetaAdd(s, f, CompensatedSum{}));
    acc.Add(IsOdd(s) ? -near_negative : near_negative);
    acc.Add(IsOdd(s) ? far : -far);
    return acc.Value();
}

// scipy.special.zeta(x, q): the order of the tests gives SciPy's special values (see the Note).
CHAINERX_HOST_DEVICE inline double ZetaImpl(double x, double q) {
    if (x == 1.0) {
        return kInf;
    }
    if (x < 1.0) {
        return kNan;
    }
    if (q <= 0.0) {
        if (q == std::floor(q)) {
            return kInf;
        }
        if (x != std::floor(x)) {
            return kNan;  // q^-x is not real (x = nan too)
        }
    }
    if (IsNan(x) || IsNan(q)) {
        return kNan;
    }
    if (q == kInf) {
        return 0.0;
    }
    if (x == kInf) {
        if (q < 1.0) {
            return kInf;
        }
        if (q == 1.0) {
            return 1.0;
        }
        return q > 1e8 ? 0.0 : kNan;
    }
    if (q > 0.0) {
        return HurwitzZetaAdd(x, q, CompensatedSum{});
    }
    return HurwitzZetaNegative(x, q);
}

// n! = f 2^e (returns f, in [1/2, 1] and sets e) for an integer 1 <= n <= 170: a double-double product (each
// step's rounding error kept by an fma), renormalised by a power of 2 at each step and rounded once at the end.
CHAINERX_HOST_DEVICE inline double Factorial(int n, int* exponent) {
    double hi = 1.0;
    double lo = 0.0;
    int e = 0;
    for (int k = 2; k <= n; ++k) {
        double p = hi * k;
        double l = lo * k + std::fma(hi, static_cast<double>(k), -p);
        hi = p + l;
        lo = l - (hi - p);
        int ek = 0;
        hi = std::frexp(hi, &ek);
        lo = std::ldexp(lo, -ek);
        e += ek;
    }
    *exponent = e;
    return hi + lo;
}

// scipy.special.polygamma: digamma for n = 0, (-1)^(n+1) n! zeta(n + 1, x) for the other orders (nan for negative
// or non-integer n, where SciPy's (-1.0)**(n+1) or zeta is nan). For n <= 170 and x >= 1, zeta is computed scaled
// by 2^(e (n + 1/2)) (x = m 2^e) and n! as f 2^e', so that a representable result is not lost where zeta(n + 1, x)
// alone underflows (SciPy gives 0 there); for n >= 171, n! overflows and the result is SciPy's inf * zeta.
CHAINERX_HOST_DEVICE inline double PolygammaImpl(double n, double x) {
    if (n == 0.0) {
        return DigammaImpl(x);
    }
    if (!(n > 0.0) || n != std::floor(n)) {
        return kNan;
    }
    if (n == kInf) {
        return kInf * ZetaImpl(kInf, x);
    }
    double sign = IsOdd(n) ? 1.0 : -1.0;
    if (n > 170.0) {
        return sign * kInf * ZetaImpl(n + 1.0, x);
    }
    int n_int = static_cast<int>(n);
    int fact_exponent = 0;
    double fact = Factorial(n_int, &fact_exponent);
    if (x >= 1.0 && x < kInf) {
        int x_exponent = 0;
        std::frexp(x, &x_exponent);
        int scale = x_exponent * n_int + x_exponent / 2;  // w^-s and w^(1-s) 2^scale within 2^+-512 2^s
        double zeta = HurwitzZetaAdd(n + 1.0, x, CompensatedSum{}, scale);
        return sign * std::ldexp(fact * zeta, fact_exponent - scale);
    }
    return sign * std::ldexp(fact, fact_exponent) * ZetaImpl(n + 1.0, x);
}

// T's value as a double, through T's compute type (float16 is __half on the device, which converts to float only),
// and a double result rounded to T.
template <typename T>
CHAINERX_HOST_DEVICE double ToDouble(T x) {
    return static_cast<double>(static_cast<ComputeType<T>>(x));
}
template <typename T>
CHAINERX_HOST_DEVICE T FromDouble(double r) {
    return static_cast<T>(static_cast<ComputeType<T>>(r));
}

}  // namespace special_detail

// scipy.special.erfc.
struct Erfc {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T x) const {
        return special_detail::FromDouble<T>(std::erfc(special_detail::ToDouble(x)));
    }
};

// scipy.special.ndtr: the standard normal CDF.
struct Ndtr {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T x) const {
        return special_detail::FromDouble<T>(special_detail::NdtrImpl(special_detail::ToDouble(x)));
    }
};

// scipy.special.erfcx: exp(x^2) erfc(x), without overflow for large x.
struct Erfcx {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T x) const {
        return special_detail::FromDouble<T>(special_detail::ErfcxImpl(special_detail::ToDouble(x)));
    }
};

// scipy.special.erfinv on [-1, 1].
struct Erfinv {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T x) const {
        return special_detail::FromDouble<T>(special_detail::ErfinvImpl(special_detail::ToDouble(x)));
    }
};

// scipy.special.erfcinv on [0, 2], accurate for tiny arguments.
struct Erfcinv {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T x) const {
        return special_detail::FromDouble<T>(special_detail::ErfcinvImpl(special_detail::ToDouble(x)));
    }
};

// scipy.special.ndtri: the standard normal quantile on [0, 1], accurate in both tails.
struct Ndtri {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T x) const {
        return special_detail::FromDouble<T>(special_detail::NdtriImpl(special_detail::ToDouble(x)));
    }
};

// scipy.special.log_ndtr: the log of the standard normal CDF, accurate for very negative and for large x.
struct LogNdtr {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T x) const {
        return special_detail::FromDouble<T>(special_detail::LogNdtrImpl(special_detail::ToDouble(x)));
    }
};

// scipy.special.gammaln: log |Gamma(x)|, inf at the poles.
struct Lgamma {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T x) const {
        return special_detail::FromDouble<T>(special_detail::LgammaImpl(special_detail::ToDouble(x)));
    }
};

// scipy.special.digamma.
struct Digamma {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T x) const {
        return special_detail::FromDouble<T>(special_detail::DigammaImpl(special_detail::ToDouble(x)));
    }
};

// scipy.special.polygamma(n, x), the order n an integer held in a float.
struct Polygamma {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T n, T x) const {
        return special_detail::FromDouble<T>(
                special_detail::PolygammaImpl(special_detail::ToDouble(n), special_detail::ToDouble(x)));
    }
};

// scipy.special.zeta(x, q): the Hurwitz zeta function.
struct Zeta {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T x, T q) const {
        return special_detail::FromDouble<T>(
                special_detail::ZetaImpl(special_detail::ToDouble(x), special_detail::ToDouble(q)));
    }
};

}  // namespace numeric
}  // namespace chainerx
