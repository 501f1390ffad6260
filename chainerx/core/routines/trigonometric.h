// Trigonometric routines. Floating-point inputs keep their dtype; other dtypes (bool included) compute in
// float32. Angles are in radians. All are differentiable to any order: their backward is written with these
// same routines.
#pragma once

#include "chainerx/core/array.h"

namespace chainerx {

// Elementwise sine. Backward: gout * cos(x).
Array Sin(const Array& x);

// Elementwise cosine. Backward: -gout * sin(x).
Array Cos(const Array& x);

// Elementwise tangent. Backward: gout / cos(x)^2.
Array Tan(const Array& x);

// Elementwise inverse sine, in [-pi/2, pi/2]; NaN outside [-1, 1]. Backward: gout / sqrt(1 - x^2).
Array Arcsin(const Array& x);

// Elementwise inverse cosine, in [0, pi]; NaN outside [-1, 1]. Backward: -gout / sqrt(1 - x^2).
Array Arccos(const Array& x);

// Elementwise inverse tangent, in (-pi/2, pi/2). Backward: gout / (1 + x^2).
Array Arctan(const Array& x);

// Elementwise angle of the point (x2, x1) in [-pi, pi], with the quadrant chosen by the signs of both
// operands. The operands broadcast; the result dtype is the promoted dtype (ResultType), or float32 when that
// is not a float. Throws DimensionError for shapes that do not broadcast and DeviceError for arrays on
// different devices. Backward: gout * x2 / (x1^2 + x2^2) for x1 and -gout * x1 / (x1^2 + x2^2) for x2, each
// summed over the broadcast axes and cast to its input's dtype.
Array Arctan2(const Array& x1, const Array& x2);

}  // namespace chainerx
