// Exponential and logarithm routines. Floating-point inputs keep their dtype; other dtypes (bool included)
// compute in float32. None of them throws for valid arrays: out-of-domain inputs give NaN or ±inf, as in
// NumPy. All are differentiable to any order (their backward is written with routines).
#pragma once

#include "chainerx/core/array.h"

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

}  // namespace chainerx
