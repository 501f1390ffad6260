// Statistics routines: extrema, mean and variance over axes (axis conventions as in reduction.h).
#pragma once

#include "chainerx/core/array.h"
#include "chainerx/core/shape.h"

namespace chainerx {

// Maximum (minimum) over the axes, in a's dtype; NaN where a reduced element is NaN. DimensionError if a
// reduced axis has size zero (an empty reduction has no maximum). Backward: the output gradient goes to the
// elements equal to the result; when several elements tie, each of them receives the full output gradient
// (as in the original ChainerX), so the gradient is not split between them.
Array AMax(const Array& a, const OptionalAxes& axis = std::nullopt, bool keepdims = false);
Array AMin(const Array& a, const OptionalAxes& axis = std::nullopt, bool keepdims = false);

// Arithmetic mean. Floats keep their dtype (float16 accumulates in float); bool and integers give float32.
// Empty reductions give NaN. Backward: the output gradient divided by the count, broadcast back.
Array Mean(const Array& a, const OptionalAxes& axis = std::nullopt, bool keepdims = false);

// Population variance, mean((a - mean(a))^2), in the dtype Mean gives. Differentiable to any order (it is
// composed of differentiable routines).
Array Var(const Array& a, const OptionalAxes& axis = std::nullopt, bool keepdims = false);

}  // namespace chainerx
