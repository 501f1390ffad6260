// Manipulation routines: views that change shape, axis order or broadcasting, without copying data where
// possible. All are differentiable.
#pragma once

#include "chainerx/core/array.h"
#include "chainerx/core/shape.h"

namespace chainerx {

// A view with the new shape if the strides allow it, else a copy. One dimension may be -1 (inferred).
// Throws DimensionError if the total size differs.
Array Reshape(const Array& a, const Shape& newshape);

// Permutes the axes (reverses them when `axes` is nullopt). Throws DimensionError for an invalid permutation.
Array Transpose(const Array& a, const OptionalAxes& axes = std::nullopt);

// A read-only-in-spirit view broadcast to `shape` (zero strides). Throws DimensionError if impossible.
Array BroadcastTo(const Array& a, const Shape& shape);

namespace internal {

// BroadcastTo without recording a graph, for kernel operands. Returns `a` itself when the shape matches.
Array BroadcastView(const Array& a, const Shape& shape);

}  // namespace internal
}  // namespace chainerx
