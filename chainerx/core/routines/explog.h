// Exponential and logarithm routines. Floating-point inputs keep their dtype; other dtypes (bool included)
// compute in float32. All are differentiable, to any order.
#pragma once

#include "chainerx/core/array.h"

namespace chainerx {

Array Exp(const Array& x);
// exp(x) - 1, accurate near 0.
Array Expm1(const Array& x);
Array Exp2(const Array& x);
Array Log(const Array& x);
Array Log10(const Array& x);
Array Log2(const Array& x);
// log(1 + x), accurate near 0.
Array Log1p(const Array& x);
// The error function.
Array Erf(const Array& x);

}  // namespace chainerx
