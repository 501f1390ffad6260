"""Fits the polynomial coefficients of chainerx/core/numeric/float_math.h and checks the formulas.

Each polynomial is fitted by iteratively reweighted least squares on Chebyshev nodes (relative
error, against float64 references), which comes close to the minimax polynomial, and rounded to
float32. The formulas are then emulated in float32 NumPy arithmetic (no fused multiply-add: the
baseline level) over random inputs and the maximum error is printed in ulps.
Run: .venv/bin/python tools/fit_float_math.py
"""
import math

import numpy as np

F32 = np.float32
SIN_COS_REDUCTION = (1.5707963267341256, 6.077100506506192e-11)  # pi/2 = hi (31 bits) + lo


def fit(func, lo, hi, degree, iterations=6, nodes=4000):
    t = (lo + hi) / 2 + (hi - lo) / 2 * np.cos(np.pi * (np.arange(nodes) + 0.5) / nodes)
    y = func(t)
    basis = np.stack([t ** k for k in range(degree + 1)], 1)
    weight = 1 / np.abs(y)
    extra = np.ones_like(y)
    for _ in range(iterations):
        scale = weight * extra
        coeffs = np.linalg.lstsq(basis * scale[:, None], y * scale, rcond=None)[0]
        error = np.abs(basis @ coeffs - y) * weight
        extra = extra * np.sqrt(error / error.max()) + 1e-3
    return coeffs.astype(F32)


def horner(coeffs, t):
    result = coeffs[-1]
    for c in coeffs[-2::-1]:
        result = result * t + c
    return result


def series_or(func, series, small):
    """func(t), or the power series `series` (coefficients of t^k) where |t| < small."""
    def wrapped(t):
        out = np.empty_like(t)
        near = np.abs(t) < small
        out[near] = horner(np.array(series), t[near])
        out[~near] = func(t[~near])
        return out
    return wrapped


def ulp_error(value, reference):
    spacing = np.spacing(np.abs(reference.astype(F32))).astype(np.float64)
    return np.abs(value.astype(np.float64) - reference) / spacing


def exp_f32(x):
    x = x.astype(F32)
    xc = np.clip(x, F32(-104), F32(89))
    fn = (xc * F32(1.44269504088896341) + F32(12582912.0)) - F32(12582912.0)
    r = xc - fn * F32(0.693359375) - fn * F32(-2.12194440e-4)
    p = F32(1.9875691500e-4)
    for c in (1.3981999507e-3, 8.3334519073e-3, 4.1665795894e-2, 1.6666665459e-1, 5.0000001201e-1):
        p = p * r + F32(c)
    p = p * r * r + r + F32(1)
    n = fn.astype(np.int32)
    n1 = n >> 1
    scale1 = ((n1 + 127) << 23).astype(np.int32).view(F32)
    scale2 = ((n - n1 + 127) << 23).astype(np.int32).view(F32)
    return np.where(x > F32(88.72283935546875), F32(np.inf), p * scale1 * scale2)


def log_f32(x, coeffs):
    bits = x.view(np.int32)
    e = (bits >> 23) - 127
    m = ((bits & 0x7fffff) | 0x3f800000).view(F32)
    high = m > F32(1.41421356)
    m = np.where(high, m * F32(0.5), m)
    fe = (e + high).astype(F32)
    f = m - F32(1)
    z = f * f
    y = f * z * horner(coeffs, f) + fe * F32(-2.12194440e-4)
    y = y - F32(0.5) * z
    return (f + y) + fe * F32(0.693359375)


def main():
    rng = np.random.default_rng(0)
    sqrt_half = math.sqrt(0.5)
    # log(1 + f) = f - f^2/2 + f^3 P(f)
    log_p = fit(series_or(lambda f: (np.log1p(f) - f + f * f / 2) / f ** 3,
                          [(-1) ** k / (k + 3) for k in range(27)], 0.05),
                sqrt_half - 1, math.sqrt(2) - 1, 8)
    # tanh x = x + x^3 P(x^2)
    tanh_p = fit(series_or(lambda s: (np.tanh(np.sqrt(s)) - np.sqrt(s)) / s ** 1.5,
                           [-1 / 3, 2 / 15, -17 / 315, 62 / 2835, -1382 / 155925], 1e-3),
                 0, 0.625 ** 2, 4)
    # sin r = r + r^3 S(r^2), cos r = 1 - r^2/2 + r^4 C(r^2) on |r| <= pi/4
    top = (math.pi / 4) ** 2 * 1.01
    sin_p = fit(series_or(lambda s: (np.sin(np.sqrt(s)) - np.sqrt(s)) / s ** 1.5,
                          [-1 / 6, 1 / 120, -1 / 5040], 1e-4), 0, top, 3)
    cos_p = fit(series_or(lambda s: (np.cos(np.sqrt(s)) - 1 + s / 2) / s ** 2,
                          [1 / 24, -1 / 720, 1 / 40320], 1e-4), 0, top, 3)
    # erf x = x P(x^2) below 1; erfc x e^(x^2) = Q(u) with u = (2x - 5) / 3 on [1, 4]
    erf = np.vectorize(math.erf)
    erfc = np.vectorize(math.erfc)
    erf_p = fit(series_or(lambda s: erf(np.sqrt(s)) / np.sqrt(s),
                          [2 / math.sqrt(math.pi), -2 / (3 * math.sqrt(math.pi))], 1e-6), 0, 1, 6)
    erf_q = fit(lambda u: erfc((3 * u + 5) / 2) * np.exp(((3 * u + 5) / 2) ** 2), -1, 1, 10)
    # tan r = r + r^3 T(r^2) on |r| <= pi/4
    tan_p = fit(series_or(lambda s: (np.tan(np.sqrt(s)) - np.sqrt(s)) / s ** 1.5,
                          [1 / 3, 2 / 15, 17 / 315, 62 / 2835], 1e-4), 0, top, 6)
    # asin w = w + w^3 P(w^2) on |w| <= 1/2; atan u = u + u^3 P(u^2) on |u| <= tan(pi/8)
    asin_p = fit(series_or(lambda s: (np.arcsin(np.sqrt(s)) - np.sqrt(s)) / s ** 1.5,
                           [1 / 6, 3 / 40, 15 / 336, 105 / 3456], 1e-4), 0, 0.25 * 1.001, 5)
    tan_pi_8 = math.tan(math.pi / 8)
    atan_p = fit(series_or(lambda s: (np.arctan(np.sqrt(s)) - np.sqrt(s)) / s ** 1.5,
                           [-1 / 3, 1 / 5, -1 / 7, 1 / 9], 1e-4), 0, tan_pi_8 ** 2 * 1.01, 4)
    for name, coeffs in (('log P', log_p), ('tanh P', tanh_p), ('sin S', sin_p), ('cos C', cos_p),
                         ('erf P', erf_p), ('erf Q', erf_q), ('tan T', tan_p), ('asin P', asin_p),
                         ('atan P', atan_p)):
        print(f'{name}: ' + ', '.join(f'{c:.9g}f' for c in coeffs))

    def report(name, value, reference):
        print(f'{name}: max {ulp_error(value, reference).max():.3f} ulp')

    wide = np.concatenate([rng.uniform(-8, 8, 10 ** 6),
                           np.exp(rng.uniform(-40, 4.5, 10 ** 6)) * rng.choice([-1, 1], 10 ** 6)])
    wide = wide.astype(F32)
    positive = np.exp(rng.uniform(-87, 88, 10 ** 6)).astype(F32)
    finite = wide[np.abs(wide) < 80]
    report('exp', exp_f32(finite), np.exp(finite.astype(np.float64)))
    report('log', log_f32(positive, log_p), np.log(positive.astype(np.float64)))
    ax = np.abs(wide)
    s = wide * wide
    tanh = np.where(ax < F32(0.625), wide + wide * s * horner(tanh_p, s),
                    np.copysign(F32(1) - F32(2) / (exp_f32(F32(2) * ax) + F32(1)), wide))
    report('tanh', tanh, np.tanh(wide.astype(np.float64)))
    e = exp_f32(-ax)
    reference = np.where(wide >= 0, 1 / (1 + np.exp(-ax.astype(np.float64))),
                         np.exp(-ax.astype(np.float64)) / (1 + np.exp(-ax.astype(np.float64))))
    report('sigmoid', np.where(wide >= 0, F32(1), e) / (F32(1) + e), reference)
    clamped = np.minimum(ax, F32(4))
    u = clamped * F32(2 / 3) - F32(5 / 3)
    erf_large = F32(1) - exp_f32(-(clamped * clamped)) * horner(erf_q, u)
    erf_value = np.where(ax < F32(1), wide * horner(erf_p, s), np.copysign(erf_large, wide))
    report('erf', erf_value, erf(wide.astype(np.float64)))
    xd = wide.astype(np.float64)
    q = np.rint(xd * (2 / math.pi))
    r = ((xd - q * SIN_COS_REDUCTION[0]) - q * SIN_COS_REDUCTION[1]).astype(F32)
    s = r * r
    for name, shift, reference in (('sin', 0, np.sin(xd)), ('cos', 1, np.cos(xd))):
        quadrant = q.astype(np.int64) + shift
        value = np.where(quadrant & 1, F32(1) - F32(0.5) * s + s * s * horner(cos_p, s),
                         r + r * s * horner(sin_p, s))
        report(name, np.where(quadrant & 2, -value, value), reference)
    # The odd polynomials on their reduced ranges (the reductions around them are in float_math*.h
    # and checked by chainerx/native/vecmath_test.cc).
    for name, coeffs, top_arg, reference in (('tan r', tan_p, math.pi / 4, np.tan),
                                             ('asin w', asin_p, 0.5, np.arcsin),
                                             ('atan u', atan_p, tan_pi_8, np.arctan)):
        t = rng.uniform(-top_arg, top_arg, 10 ** 6).astype(F32)
        report(name, t + t * (t * t) * horner(coeffs, t * t), reference(t.astype(np.float64)))


if __name__ == '__main__':
    with np.errstate(over='ignore'):
        main()
