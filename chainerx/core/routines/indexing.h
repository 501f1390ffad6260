// Indexing routines: basic indexing (views selected by integers, slices, new axes and an ellipsis), advanced
// indexing by integer and boolean arrays, take, where and nonzero.
//
//     Array rows = Take(a, indices, 0);                       // a[indices] along axis 0
//     Array picked = AtAdvanced(a, {Slice{}, indices});      // a[:, indices]
//     Array clipped = Where(Greater(a, 0), a, Scalar{0});    // NumPy's where
#pragma once

#include <cstdint>
#include <variant>
#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/array_index.h"
#include "chainerx/core/scalar.h"

namespace chainerx {

// The view of `a` selected by a basic-indexing key, as NumPy's `a[key]`: integers drop their axis, slices
// keep it (negative steps give negative strides), NewAxis inserts a length-1 axis, and one Ellipsis stands for
// the axes not otherwise indexed; trailing axes are kept whole. No data is copied; the result has a's dtype.
// Throws IndexError for an integer out of range, more indices than axes, or more than one Ellipsis.
// Differentiable: the gradient is the output gradient scattered into zeros of a's shape through the same
// view (which is again differentiable, so double backprop works).
Array At(const Array& a, const std::vector<ArrayIndex>& indices);

// The elements of `a` at `indices` along `axis`, as NumPy's take: the result has shape
// a.shape[:axis] + indices.shape + a.shape[axis+1:] and a's dtype. `indices` may have any integer dtype
// (not bool); `mode` says how out-of-range positions are treated (see IndexBoundsMode; kDefault behaves as
// kRaise on the native backend and as kWrap on CUDA). Throws DimensionError if axis is out of range, DtypeError for non-integer
// indices, DeviceError for mixed devices, IndexError for out-of-range positions under kRaise or for a non-empty
// take from an empty axis. Differentiable w.r.t. `a`: the gradient scatter-adds the output gradient into zeros
// (repeated positions accumulate), and that scatter's own gradient is a take again (double backprop).
Array Take(const Array& a, const Array& indices, int64_t axis, IndexBoundsMode mode = IndexBoundsMode::kDefault);

// NumPy's where: elementwise x where `condition` is nonzero, else y; the three broadcast together. The dtype is
// the promotion of x and y (chainerx's rules, see ResultType); two scalars give the default dtype of the higher
// kind (bool, int32 or float32). condition may have any dtype and is read as truth values. Throws
// DimensionError if the shapes do not broadcast, DeviceError for mixed devices. Differentiable w.r.t. the
// array operands x and y (the gradient goes where the condition selects each), not w.r.t. the condition.
Array Where(const Array& condition, const Array& x, const Array& y);
Array Where(const Array& condition, const Array& x, Scalar y);
Array Where(const Array& condition, Scalar x, const Array& y);
Array Where(const Array& condition, Scalar x, Scalar y);

// The coordinates of the nonzero elements of `a` (any dtype; NaN counts as nonzero), as NumPy's nonzero: one
// int64 array per axis of `a`, each holding the positions along that axis in C order. Throws DimensionError
// for a 0-d array (NumPy 2 refuses it too). Not differentiable.
std::vector<Array> Nonzero(const Array& a);

// One element of an advanced-indexing key: a basic index or an array (an integer array selects positions
// along one axis; a bool array of rank k selects the positions of its true elements along k axes).
using IndexItem = std::variant<ArrayIndex, Array>;

// NumPy's a[key] for a key mixing basic indices and integer or bool arrays (if the key has no array, this is
// At). Integers in such a key act as 0-d index arrays. The index arrays broadcast together to a shape B; the
// axes they index are replaced by B in place when the arrays are adjacent in the key, and by B in front of the
// result otherwise, as in NumPy. The result is a new array (not a view). Throws IndexError for out-of-range
// positions, index arrays that do not broadcast, float index arrays, bool arrays whose shape differs from the
// axes they index, or the errors of At; NotImplementedError for a 0-d bool array. Differentiable w.r.t. `a`:
// the gradient scatter-adds into zeros (repeated positions accumulate); double backprop gathers again.
Array AtAdvanced(const Array& a, const std::vector<IndexItem>& key);

namespace internal {

// At without recording a graph, for writing into a view (e.g. __setitem__). Same errors as At.
Array AtView(const Array& a, const std::vector<ArrayIndex>& indices);

// a[key] = value in place for an advanced key (see AtAdvanced): `value` is cast to a's dtype and broadcast to
// the shape of a[key]; for repeated positions the last write wins. Not recorded on any graph. Throws
// ChainerxError if `a` requires grad, DimensionError if value does not broadcast, and the errors of AtAdvanced.
void SetItemAdvanced(const Array& a, const std::vector<IndexItem>& key, const Array& value);

// A copy of `a` with `b` added at a[key] (an advanced key as AtAdvanced's), repeated positions receiving every
// addition, as numpy.add.at: the forward of F.scatter_add. b must have a's dtype (DtypeError), the shape of a[key]
// (DimensionError; no broadcasting, as Chainer) and a's device. Backward: a's gradient is the output's, b's the
// output's at a[key] (AtAdvanced, so double backprop scatters again).
Array AddAt(const Array& a, const std::vector<IndexItem>& key, const Array& b);

// Index positions under `mode` (see NormalizeIndicesKernel): a C-contiguous int64 array of indices' shape
// within [0, dim). Throws DtypeError for bool and float indices, IndexError as the kernel does.
Array NormalizeIndices(const char* op, const Array& indices, int64_t dim, IndexBoundsMode mode);

// out[pre, b, post] = a[pre, indices[0][b], ..., indices[m-1][b], post] (see kernels/indexing.h), indices
// being C-contiguous int64 arrays of one shape within range. Differentiable w.r.t. `a` (gradient: ScatterAdd).
Array Gather(const Array& a, const std::vector<Array>& indices, int8_t axis);

// Zeros of `shape` into which `values` (shape pre + B + post) are added at the indexed positions: the
// gradient of Gather. Differentiable w.r.t. `values` (gradient: Gather).
Array ScatterAdd(const Array& values, const std::vector<Array>& indices, int8_t axis, const Shape& shape);

}  // namespace internal
}  // namespace chainerx
