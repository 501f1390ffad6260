#include "chainerx/core/routines/manipulation.h"

#include <algorithm>
#include <initializer_list>
#include <iterator>
#include <utility>
#include <vector>

#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/error.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/reduction.h"

namespace chainerx {
namespace {

Array MakeView(const Array& a, const Shape& shape, const Strides& strides) {
    return internal::StridedView(a, shape, strides);
}

Shape InferShape(const Array& a, const Shape& newshape) {
    Shape shape = newshape;
    int64_t known = 1;
    int unknown_axis = -1;
    // Any one negative entry is the unknown dimension, as in the original and NumPy 1.x; a second is an error.
    for (size_t i = 0; i < shape.size(); ++i) {
        if (shape[i] < 0 && unknown_axis < 0) {
            unknown_axis = static_cast<int>(i);
        } else if (shape[i] < 0) {
            throw DimensionError{"reshape: can only specify one unknown dimension, got ", newshape};
        } else if (__builtin_mul_overflow(known, shape[i], &known)) {
            throw DimensionError{"cannot reshape array of shape ", a.shape(), " into ", newshape};
        }
    }
    int64_t total = a.GetTotalSize();
    if (unknown_axis >= 0) {
        if (known == 0 || total % known != 0) {
            throw DimensionError{"cannot reshape array of shape ", a.shape(), " into ", newshape};
        }
        shape[unknown_axis] = total / known;
    } else if (known != total) {
        throw DimensionError{"cannot reshape array of shape ", a.shape(), " into ", newshape};
    }
    return shape;
}

// Strides viewing `a` with `shape` without copying, if possible (the NumPy algorithm: walk groups of axes
// whose product matches and require each old group to be contiguous in itself).
bool ComputeReshapeStrides(const Array& a, const Shape& shape, Strides& strides) {
    int64_t item_size = a.GetItemSize();
    if (a.IsContiguous()) {
        strides = Strides{shape, item_size};
        return true;
    }
    Shape old_shape;
    Strides old_strides;
    for (int8_t i = 0; i < a.ndim(); ++i) {
        if (a.shape()[i] != 1) {
            old_shape.push_back(a.shape()[i]);
            old_strides.push_back(a.strides()[i]);
        }
    }
    strides.resize(shape.size());
    size_t oi = 0;
    size_t ni = 0;
    while (oi < old_shape.size() && ni < shape.size()) {
        size_t oj = oi + 1;
        size_t nj = ni + 1;
        int64_t old_prod = old_shape[oi];
        int64_t new_prod = shape[ni];
        while (old_prod != new_prod) {
            if (old_prod < new_prod) {
                old_prod *= old_shape[oj++];
            } else {
                new_prod *= shape[nj++];
            }
        }
        for (size_t k = oi; k + 1 < oj; ++k) {
            if (old_strides[k] != old_strides[k + 1] * old_shape[k + 1]) {
                return false;
            }
        }
        strides[nj - 1] = old_strides[oj - 1];
        for (size_t k = nj - 1; k > ni; --k) {
            strides[k - 1] = strides[k] * shape[k];
        }
        oi = oj;
        ni = nj;
    }
    // Trailing size-1 axes take the running stride, as in NumPy.
    int64_t last_stride = ni >= 1 ? strides[ni - 1] : item_size;
    for (; ni < shape.size(); ++ni) {
        strides[ni] = last_stride;
    }
    return true;
}

// Records the backward of `out`, `a` with another shape of the same size: the gradient reshaped back.
void DefineReshapeBackward(const char* op, const Array& a, const Array& out) {
    BackwardBuilder bb{op, a, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([in_shape = a.shape()](BackwardContext& bctx) {
            bctx.input_grad() = bctx.output_grad()->Reshape(in_shape);
        });
    }
    bb.Finalize();
}

// A view of `a` with another shape of the same size.
Array ReshapeView(const char* op, const Array& a, const Shape& shape, const Strides& strides) {
    Array out = MakeView(a, shape, strides);
    DefineReshapeBackward(op, a, out);
    return out;
}

// a viewed with size-1 axes inserted at `new_axes` (sorted, positions in the result), with stride 0 as NumPy's
// atleast_2d/3d give them.
Array WithNewAxes(const char* op, const Array& a, std::initializer_list<int8_t> new_axes) {
    Shape shape;
    Strides strides;
    const int8_t* next_new = new_axes.begin();
    int8_t in_axis = 0;
    for (int8_t out_axis = 0; out_axis < a.ndim() + static_cast<int8_t>(new_axes.size()); ++out_axis) {
        if (next_new != new_axes.end() && *next_new == out_axis) {
            shape.push_back(1);
            strides.push_back(0);
            ++next_new;
        } else {
            shape.push_back(a.shape()[in_axis]);
            strides.push_back(a.strides()[in_axis]);
            ++in_axis;
        }
    }
    return ReshapeView(op, a, shape, strides);
}

}  // namespace

Array Reshape(const Array& a, const Shape& newshape) {
    Shape shape = InferShape(a, newshape);
    if (shape == a.shape()) {
        return a.MakeView();
    }
    Strides strides;
    if (ComputeReshapeStrides(a, shape, strides)) {
        return ReshapeView("reshape", a, shape, strides);
    }
    Array out = MakeView(Copy(a), shape, Strides{shape, a.GetItemSize()});
    DefineReshapeBackward("reshape", a, out);
    return out;
}

Array Transpose(const Array& a, const OptionalAxes& axes) {
    int8_t ndim = a.ndim();
    Axes perm;
    if (axes.has_value()) {
        if (axes->ndim() != ndim) {
            throw DimensionError{"transpose: axes ", *axes, " do not match an array of dimension ", int{ndim}};
        }
        for (int8_t axis : *axes) {
            perm.push_back(internal::NormalizeAxis(axis, ndim));
        }
        Axes sorted = perm;
        std::sort(sorted.begin(), sorted.end());
        if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
            throw DimensionError{"transpose: repeated axis in ", *axes};
        }
    } else {
        for (int8_t i = ndim - 1; i >= 0; --i) {
            perm.push_back(i);
        }
    }
    Shape shape;
    Strides strides;
    for (int8_t axis : perm) {
        shape.push_back(a.shape()[axis]);
        strides.push_back(a.strides()[axis]);
    }
    Array out = MakeView(a, shape, strides);
    BackwardBuilder bb{"transpose", a, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        Axes inverse;
        inverse.resize(perm.size());
        for (size_t i = 0; i < perm.size(); ++i) {
            inverse[perm[i]] = static_cast<int8_t>(i);
        }
        bt.Define([inverse](BackwardContext& bctx) { bctx.input_grad() = bctx.output_grad()->Transpose(inverse); });
    }
    bb.Finalize();
    return out;
}

namespace internal {

Array StridedView(const Array& a, const Shape& shape, const Strides& strides, int64_t byte_offset) {
    return MakeArray(shape, strides, a.dtype(), a.device(), a.data(), a.offset() + byte_offset);
}

Array AxisRangeView(const Array& a, int8_t axis, int64_t start, int64_t stop) {
    Shape shape = a.shape();
    shape[axis] = stop - start;
    return StridedView(a, shape, a.strides(), start * a.strides()[axis]);
}

Array BroadcastView(const Array& a, const Shape& shape) {
    if (a.shape() == shape) {
        return a;
    }
    if (shape.ndim() < a.ndim()) {
        throw DimensionError{"cannot broadcast an array of shape ", a.shape(), " to ", shape};
    }
    shape.GetTotalSize();  // DimensionError if the element count overflows: the view would index garbage
    Strides strides;
    strides.resize(shape.size(), 0);
    int8_t offset = shape.ndim() - a.ndim();
    for (int8_t i = 0; i < a.ndim(); ++i) {
        int64_t dim = a.shape()[i];
        if (dim == 1) {
            continue;  // stride 0 even where the result keeps length 1, as NumPy gives it
        }
        if (dim == shape[offset + i]) {
            strides[offset + i] = a.strides()[i];
        } else {
            throw DimensionError{"cannot broadcast an array of shape ", a.shape(), " to ", shape};
        }
    }
    return MakeView(a, shape, strides);
}

}  // namespace internal

Array BroadcastTo(const Array& a, const Shape& shape) {
    Array out = internal::BroadcastView(a, shape);
    if (out.body() == a.body()) {
        out = a.MakeView();
        return out;
    }
    BackwardBuilder bb{"broadcast_to", a, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([in_shape = a.shape()](BackwardContext& bctx) {
            bctx.input_grad() = internal::SumTo(*bctx.output_grad(), in_shape);
        });
    }
    bb.Finalize();
    return out;
}

namespace {

// The permutation that moves each axis source[i] to destination[i] (both normalized, unique), the other axes
// keeping their relative order.
Axes MoveaxisPermutation(int8_t ndim, const Axes& source, const Axes& destination) {
    std::vector<std::pair<int8_t, int8_t>> moves;  // (destination, source), filled in destination order
    std::vector<bool> moved(ndim, false);
    for (size_t i = 0; i < source.size(); ++i) {
        moves.emplace_back(destination[i], source[i]);
        moved[source[i]] = true;
    }
    std::sort(moves.begin(), moves.end());
    Axes perm;
    for (int8_t i = 0; i < ndim; ++i) {
        if (!moved[i]) {
            perm.push_back(i);
        }
    }
    for (const auto& [dst, src] : moves) {
        perm.insert(perm.begin() + dst, src);
    }
    return perm;
}

// Throws DimensionError unless `a` has at least `min_ndim` dimensions.
void CheckMinNdim(const char* op, const Array& a, int8_t min_ndim) {
    if (a.ndim() < min_ndim) {
        throw DimensionError{op, ": the input must have at least ", int{min_ndim}, " dimensions, not ", int{a.ndim()}};
    }
}

}  // namespace

Array Ravel(const Array& a) { return Reshape(a, {a.GetTotalSize()}); }

Array Swapaxes(const Array& a, int8_t axis1, int8_t axis2) {
    Axes perm;
    for (int8_t i = 0; i < a.ndim(); ++i) {
        perm.push_back(i);
    }
    std::swap(perm[internal::NormalizeAxis(axis1, a.ndim())], perm[internal::NormalizeAxis(axis2, a.ndim())]);
    return Transpose(a, perm);
}

Array Rollaxis(const Array& a, int8_t axis, int8_t start) {
    int8_t ndim = a.ndim();
    int8_t source = internal::NormalizeAxis(axis, ndim);
    // Unlike an axis, start may equal ndim (roll to the end).
    int start_index = start < 0 ? start + ndim : start;
    if (start_index < 0 || start_index > ndim) {
        throw DimensionError{"rollaxis: start ", int{start}, " is out of range for array of dimension ", int{ndim}};
    }
    int8_t destination = static_cast<int8_t>(source < start_index ? start_index - 1 : start_index);
    return Transpose(a, MoveaxisPermutation(ndim, {source}, {destination}));
}

Array Moveaxis(const Array& a, const Axes& source, const Axes& destination) {
    if (source.size() != destination.size()) {
        throw DimensionError{"moveaxis: source ", source, " and destination ", destination, " differ in length"};
    }
    auto normalize = [&a](const Axes& axes) {
        Axes normalized;
        for (int8_t axis : axes) {
            normalized.push_back(internal::NormalizeAxis(axis, a.ndim()));
        }
        internal::GetSortedAxesOrAll(normalized, a.ndim());  // throws on repeated axes
        return normalized;
    };
    return Transpose(a, MoveaxisPermutation(a.ndim(), normalize(source), normalize(destination)));
}

// The remaining axes keep their strides (NumPy's squeeze is a view dropping axes, not a reshape).
Array Squeeze(const Array& a, const OptionalAxes& axis) {
    Shape shape;
    Strides strides;
    Axes sorted;
    if (axis.has_value()) {
        sorted = internal::GetSortedAxesOrAll(axis, a.ndim());
    }
    for (int8_t i = 0; i < a.ndim(); ++i) {
        bool listed = axis.has_value() ? std::binary_search(sorted.begin(), sorted.end(), i) : a.shape()[i] == 1;
        if (listed && a.shape()[i] != 1) {
            throw DimensionError{"squeeze: axis ", int{i}, " of shape ", a.shape(), " does not have size 1"};
        }
        if (!listed) {
            shape.push_back(a.shape()[i]);
            strides.push_back(a.strides()[i]);
        }
    }
    return ReshapeView("squeeze", a, shape, strides);
}

Array ExpandDims(const Array& a, int8_t axis) {
    Shape shape = a.shape();
    if (shape.ndim() >= kMaxNdim) {
        throw DimensionError{"expand_dims: the result would have more than ", int{kMaxNdim}, " dimensions"};
    }
    shape.insert(shape.begin() + internal::NormalizeAxis(axis, a.ndim() + 1), 1);
    return Reshape(a, shape);
}

Array Flip(const Array& a, const OptionalAxes& axes) {
    Axes sorted = internal::GetSortedAxesOrAll(axes, a.ndim());
    Strides strides = a.strides();
    int64_t byte_offset = 0;
    for (int8_t axis : sorted) {
        if (a.shape()[axis] > 0) {
            byte_offset += (a.shape()[axis] - 1) * strides[axis];
        }
        strides[axis] = -strides[axis];
    }
    Array out = internal::StridedView(a, a.shape(), strides, byte_offset);
    BackwardBuilder bb{"flip", a, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([sorted](BackwardContext& bctx) { bctx.input_grad() = Flip(*bctx.output_grad(), sorted); });
    }
    bb.Finalize();
    return out;
}

Array Fliplr(const Array& a) {
    CheckMinNdim("fliplr", a, 2);
    return Flip(a, Axes{1});
}

Array Flipud(const Array& a) {
    CheckMinNdim("flipud", a, 1);
    return Flip(a, Axes{0});
}

Array AtLeast2D(const Array& a) {
    switch (a.ndim()) {
        case 0:
            return Reshape(a, {1, 1});  // NumPy reshapes a 0-d input (the running stride), unlike the others
        case 1:
            return WithNewAxes("atleast_2d", a, {0});
        default:
            return a;
    }
}

Array AtLeast3D(const Array& a) {
    switch (a.ndim()) {
        case 0:
            return Reshape(a, {1, 1, 1});
        case 1:
            return WithNewAxes("atleast_3d", a, {0, 2});
        case 2:
            return WithNewAxes("atleast_3d", a, {2});
        default:
            return a;
    }
}

}  // namespace chainerx
