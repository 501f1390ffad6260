// Hyperbolic routines. Floating-point inputs keep their dtype; other dtypes (bool included) compute in
// float32. All are differentiable to any order: their backward is written with these same routines.
#pragma once

#include "chainerx/core/array.h"

namespace chainerx {

// Elementwise hyperbolic sine. Backward: gout * cosh(x).
Array Sinh(const Array& x);

// Elementwise hyperbolic cosine. Backward: gout * sinh(x).
Array Cosh(const Array& x);

// Elementwise hyperbolic tangent. Backward: gout * (1 - tanh(x)^2), from the retained output.
Array Tanh(const Array& x);

// Elementwise inverse hyperbolic sine. Backward: gout / sqrt(x^2 + 1).
Array Arcsinh(const Array& x);

// Elementwise inverse hyperbolic cosine, non-negative; NaN below 1. Backward: gout / sqrt(x^2 - 1).
Array Arccosh(const Array& x);

}  // namespace chainerx
