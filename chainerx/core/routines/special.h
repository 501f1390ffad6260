// Special functions of chainer.functions on chainerx arrays (not in the original ChainerX, where they took
// Chainer's NumPy fallback): elementwise, floating inputs keep their dtype and others compute in float32, values
// as SciPy's scipy.special functions of the same names. Each is differentiable to any order: its backward is
// written with routines (these ones included).
#pragma once

#include "chainerx/core/array.h"

namespace chainerx {

// 1 - erf(x). Backward: -2 / sqrt(pi) exp(-x^2).
Array Erfc(const Array& x);

// exp(x^2) erfc(x), without overflow for large x. Backward: 2 x erfcx(x) - 2 / sqrt(pi).
Array Erfcx(const Array& x);

// The inverse of erf on [-1, 1]. Backward: sqrt(pi) / 2 exp(erfinv(x)^2).
Array Erfinv(const Array& x);

// The inverse of erfc on [0, 2]. Backward: -sqrt(pi) / 2 exp(erfcinv(x)^2).
Array Erfcinv(const Array& x);

// The standard normal cumulative distribution function. Backward: exp(-x^2 / 2) / sqrt(2 pi).
Array Ndtr(const Array& x);

// The inverse of ndtr on [0, 1]. Backward: sqrt(2 pi) exp(ndtri(x)^2 / 2).
Array Ndtri(const Array& x);

// log(ndtr(x)), accurate far in the lower tail. Backward: exp(-x^2 / 2 - log_ndtr(x)) / sqrt(2 pi).
Array LogNdtr(const Array& x);

// log |Gamma(x)| (+inf at the poles). Backward: digamma(x).
Array Lgamma(const Array& x);

// The derivative of lgamma. Backward: polygamma(1, x).
Array Digamma(const Array& x);

// The n-th derivative of digamma, n and x broadcast together (n's values are integers; it receives no gradient).
// Backward (x): polygamma(n + 1, x).
Array Polygamma(const Array& n, const Array& x);

// The Hurwitz zeta function sum_k (k + q)^-x, x and q broadcast together (x receives no gradient).
// Backward (q): -x zeta(x + 1, q).
Array Zeta(const Array& x, const Array& q);

}  // namespace chainerx
