// Rounding routines. Floating-point inputs keep their dtype; other dtypes (bool included) give float32, as
// the other math functions do. The functions are piecewise constant, so their gradient is zero: the result
// takes part in the graph (backward works through it) but passes no gradient back.
#pragma once

#include "chainerx/core/array.h"

namespace chainerx {

// Elementwise smallest integral value not less than x (-0.5 → -0.0; inf and NaN are kept).
Array Ceil(const Array& x);

// Elementwise largest integral value not greater than x (inf and NaN are kept).
Array Floor(const Array& x);

}  // namespace chainerx
