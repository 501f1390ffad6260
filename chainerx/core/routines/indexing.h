// Indexing routines: basic indexing (views selected by integers, slices, new axes and an ellipsis).
#pragma once

#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/array_index.h"

namespace chainerx {

// The view of `a` selected by a basic-indexing key, as NumPy's `a[key]`: integers drop their axis, slices
// keep it (negative steps give negative strides), NewAxis inserts a length-1 axis, and one Ellipsis stands for
// the axes not otherwise indexed; trailing axes are kept whole. No data is copied; the result has a's dtype.
// Throws IndexError for an integer out of range, more indices than axes, or more than one Ellipsis.
// Differentiable: the gradient is the output gradient scattered into zeros of a's shape through the same
// view (which is again differentiable, so double backprop works).
Array At(const Array& a, const std::vector<ArrayIndex>& indices);

namespace internal {

// At without recording a graph, for writing into a view (e.g. __setitem__). Same errors as At.
Array AtView(const Array& a, const std::vector<ArrayIndex>& indices);

}  // namespace internal
}  // namespace chainerx
