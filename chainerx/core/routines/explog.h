// Exponential and logarithm routines. Floating-point inputs keep their dtype; other dtypes (bool included)
// compute in float32. None of them throws for valid arrays: out-of-domain inputs give NaN or ±inf, as in
// NumPy. All are differentiable to any order (their backward is written with routines).
#pragma once

#include "chainerx/core/array.h"
#include "chainerx/core/shape.h"

namespace chainerx {

// Elementwise e^x. Backward: gout * exp(x), from the retained output.
Array Exp(const Array& x);

// Elementwise e^x - 1, accurate near 0. Backward: gout * (expm1(x) + 1), from the retained output.
Array Expm1(const Array& x);

// Elementwise 2^x. Backward: gout * 2^x * ln 2, from the retained output.
Array Exp2(const Array& x);

// Elementwise natural logarithm (-inf at 0, NaN below). Backward: gout / x.
Array Log(const Array& x);

// Elementwise base-10 logarithm. Backward: gout / (x ln 10).
Array Log10(const Array& x);

// Elementwise base-2 logarithm. Backward: gout / (x ln 2).
Array Log2(const Array& x);

// Elementwise log(1 + x), accurate near 0 (-inf at -1, NaN below). Backward: gout / (1 + x).
Array Log1p(const Array& x);

// Elementwise error function. Backward: gout * 2 / sqrt(pi) * exp(-x^2).
Array Erf(const Array& x);

// log(sum(exp(x))) over `axis` (nullopt: all axes; axis conventions as in reduction.h), computed as
// m + log(sum(exp(x - m))) with m the maximum, so large inputs do not overflow. DimensionError for a zero-size
// reduced axis. Rows whose maximum is infinite give NaN, as in the original ChainerX. Backward: softmax(x)
// times the output gradient (m is treated as a constant: its contributions cancel exactly).
Array LogSumExp(const Array& x, const OptionalAxes& axis = std::nullopt, bool keepdims = false);
// x - logsumexp(x, axis, keepdims=true); axis nullopt means axis 1 (the original's convention for batches).
Array LogSoftmax(const Array& x, const OptionalAxes& axis = std::nullopt);
// exp(log_softmax(x, axis)): non-negative, summing to 1 along `axis` (nullopt: axis 1).
Array Softmax(const Array& x, const OptionalAxes& axis = std::nullopt);

}  // namespace chainerx
