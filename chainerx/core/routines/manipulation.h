// Manipulation routines: views that change shape, axis order, direction or broadcasting, and the routines that
// join, split, repeat and copy arrays.
//
// Views share the input's data wherever NumPy returns a view. All routines except CopyTo are differentiable:
// backward of a view op is the inverse view of the output gradient, and concatenation and splitting are
// each other's backward, so double backprop needs no extra code.
//
//     Array x = Arange(0, 6, 1).Reshape({2, 3});
//     std::vector<Array> halves = Split(x, 3, 1);           // three (2, 1) views of x
//     Array y = Concatenate({halves[2], halves[0]}, 1);  // (2, 2) copy
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/scalar.h"
#include "chainerx/core/shape.h"

namespace chainerx {

// --- Shape and axis order (manipulation.cc) ---

// A view with the new shape if the strides allow it, else a copy. One dimension may be -1 (inferred).
// Throws DimensionError if the total size differs.
Array Reshape(const Array& a, const Shape& newshape);

// The 1-d reshape of `a` (a view when the strides allow it, else a copy).
Array Ravel(const Array& a);

// Permutes the axes (reverses them when `axes` is nullopt). Throws DimensionError for an invalid permutation.
Array Transpose(const Array& a, const OptionalAxes& axes = std::nullopt);

// A view with axis1 and axis2 exchanged. Throws DimensionError for an axis out of range.
Array Swapaxes(const Array& a, int8_t axis1, int8_t axis2);

// A view with `axis` moved to position `start` (NumPy's rollaxis: start may be ndim; the axis lands before
// what was at `start`). Throws DimensionError for out-of-range axis or start.
Array Rollaxis(const Array& a, int8_t axis, int8_t start = 0);

// A view with the axes `source` moved to positions `destination`, the other axes keeping their order.
// Throws DimensionError if the lists differ in length, repeat an axis or are out of range.
Array Moveaxis(const Array& a, const Axes& source, const Axes& destination);

// A view without the given size-1 axes (all size-1 axes when nullopt). Throws DimensionError if a listed axis
// does not have size 1.
Array Squeeze(const Array& a, const OptionalAxes& axis = std::nullopt);

// A view with a new size-1 axis at `axis` (in [-ndim-1, ndim]). Throws DimensionError when out of range.
Array ExpandDims(const Array& a, int8_t axis);

// A view reversed along `axes` (all axes when nullopt) through negative strides.
// Throws DimensionError for axes out of range or repeated.
Array Flip(const Array& a, const OptionalAxes& axes = std::nullopt);
// Flip along axis 1; throws DimensionError for arrays of fewer than 2 dimensions.
Array Fliplr(const Array& a);
// Flip along axis 0; throws DimensionError for 0-d arrays.
Array Flipud(const Array& a);

// `a` itself when it has at least 2 (3) dimensions, else a view with size-1 axes added as NumPy does
// (0-d → (1, 1) / (1, 1, 1); (n,) → (1, n) / (1, n, 1); (m, n) → (m, n, 1)).
Array AtLeast2D(const Array& a);
Array AtLeast3D(const Array& a);

// A read-only-in-spirit view broadcast to `shape` (zero strides). Throws DimensionError if impossible.
Array BroadcastTo(const Array& a, const Shape& shape);

// --- Joining, splitting and repeating (manipulation_join.cc) ---

// The arrays joined along `axis` (nullopt: each array flattened first). The result dtype is the promotion of
// all input dtypes (see PromoteTypes). Throws DimensionError for an empty list, 0-d inputs (unless axis is
// nullopt), or shapes differing outside `axis`; DeviceError for arrays on different devices.
Array Concatenate(const std::vector<Array>& arrays, std::optional<int8_t> axis = 0);

// The arrays (all of one shape) joined along a new axis at `axis`. Same errors as Concatenate.
Array Stack(const std::vector<Array>& arrays, int8_t axis = 0);

// Concatenation along axis 1 (axis 0 for 1-d inputs; 0-d inputs count as 1-d), axis 0 after AtLeast2D, and
// axis 2 after AtLeast3D respectively.
Array Hstack(const std::vector<Array>& arrays);
Array Vstack(const std::vector<Array>& arrays);
Array Dstack(const std::vector<Array>& arrays);

// Views of `ary` split along `axis` into `sections` equal parts. Throws DimensionError if sections < 1 or
// does not divide the axis, or for a 0-d array.
std::vector<Array> Split(const Array& ary, int64_t sections, int8_t axis = 0);
// Views of `ary` split before each of `indices` along `axis`, with Python slice semantics (negative indices
// count from the end, indices are clipped, out-of-order indices give empty or overlapping parts).
std::vector<Array> Split(const Array& ary, const std::vector<int64_t>& indices, int8_t axis = 0);

// Split along axis 1 (axis 0 for 1-d arrays), 0 and 2. Throw DimensionError for arrays of fewer than 1, 2 and 3
// dimensions respectively, besides the errors of Split.
std::vector<Array> Hsplit(const Array& ary, int64_t sections);
std::vector<Array> Hsplit(const Array& ary, const std::vector<int64_t>& indices);
std::vector<Array> Vsplit(const Array& ary, int64_t sections);
std::vector<Array> Vsplit(const Array& ary, const std::vector<int64_t>& indices);
std::vector<Array> Dsplit(const Array& ary, int64_t sections);
std::vector<Array> Dsplit(const Array& ary, const std::vector<int64_t>& indices);

// Each element repeated `repeats` times along `axis` (nullopt: of the flattened array). The list form gives a
// count per element along the axis (a single-element list applies to all). Throws DimensionError for
// negative counts or a list whose length does not match the axis.
Array Repeat(const Array& a, int64_t repeats, std::optional<int8_t> axis = std::nullopt);
Array Repeat(const Array& a, const std::vector<int64_t>& repeats, std::optional<int8_t> axis = std::nullopt);

// --- Padding (manipulation_pad.cc) ---

// x surrounded along each axis d by pad_width[d] = (before, after) elements of `value` (NumPy's pad in mode
// 'constant' with one value), in x's dtype: a fill and one copy of x, whatever the number of padded axes.
// Differentiable: the gradient of x is the middle of the output's (a view). Not in the original's API (what F.pad
// runs on chainerx). Throws DimensionError unless pad_width has one pair per axis, for a negative width, and for
// sizes that overflow.
Array PadConstant(const Array& x, const std::vector<std::pair<int64_t, int64_t>>& pad_width, Scalar value);

// --- In-place copy (manipulation_copyto.cc) ---

// How CopyTo may convert the source's dtype; only kNo (dtypes must match) is implemented.
enum class CastingMode { kNo, kEquiv, kSafe, kSameKind, kUnsafe };

// Copies `src` (broadcast to dst's shape) into `dst` where `where` (a bool array broadcastable to dst's shape)
// is true. Not recorded on any graph. Throws NotImplementedError for casting modes other than kNo,
// DtypeError if the dtypes differ or `where` is not bool, DimensionError if src or where does not broadcast,
// DeviceError for mixed devices, ChainerxError if dst requires grad.
void CopyTo(const Array& dst, const Array& src, CastingMode casting = CastingMode::kNo);
void CopyTo(const Array& dst, const Array& src, CastingMode casting, const Array& where);

namespace internal {

// BroadcastTo without recording a graph, for kernel operands. Returns `a` itself when the shape matches.
Array BroadcastView(const Array& a, const Shape& shape);

// A view of a's data with the given shape and strides, starting `byte_offset` bytes after a's first element.
// Not recorded on any graph; the caller guarantees that the view stays within a's data.
Array StridedView(const Array& a, const Shape& shape, const Strides& strides, int64_t byte_offset = 0);

// The graph-free view of elements [start, stop) of `axis` (0 <= start <= stop <= dim).
Array AxisRangeView(const Array& a, int8_t axis, int64_t start, int64_t stop);

}  // namespace internal
}  // namespace chainerx
