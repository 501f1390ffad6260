// Reduction routines.
#pragma once

#include "chainerx/core/array.h"
#include "chainerx/core/shape.h"

namespace chainerx {

// Sum over `axis` (all axes when nullopt). Bool and integer inputs give int64; floats keep their dtype.
// Throws DimensionError for out-of-range or repeated axes. Differentiable.
Array Sum(const Array& a, const OptionalAxes& axis = std::nullopt, bool keepdims = false);

namespace internal {

// Sums `grad` over the axes that broadcasting added to reach grad's shape from `shape`, giving `shape`.
// Used by the backward of broadcasting operations.
Array SumTo(const Array& grad, const Shape& shape);

}  // namespace internal
}  // namespace chainerx
