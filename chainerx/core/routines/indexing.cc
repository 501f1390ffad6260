#include "chainerx/core/routines/indexing.h"

#include <cstdint>
#include <optional>
#include <vector>

#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/device.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/arithmetic.h"
#include "chainerx/core/kernels/creation.h"
#include "chainerx/core/routines/creation.h"

namespace chainerx {
namespace {

// Checks the key's structure and returns how many axes of the input it consumes (integers and slices).
int8_t CountIndexedAxes(const std::vector<ArrayIndex>& indices, int8_t ndim) {
    int consumed = 0;
    int ellipses = 0;
    for (const ArrayIndex& index : indices) {
        if (index.IsIndex() || index.IsSlice()) {
            ++consumed;
        } else if (index.IsEllipsis()) {
            ++ellipses;
        }
    }
    if (ellipses > 1) {
        throw IndexError{"an index can only have a single ellipsis ('...')"};
    }
    if (consumed > ndim) {
        throw IndexError{"too many indices for array: array is ", int{ndim}, "-dimensional, but ", consumed,
                         " were indexed"};
    }
    return static_cast<int8_t>(consumed);
}

// The view's metadata, built axis by axis.
// (Shape::push_back throws DimensionError beyond kMaxNdim axes, e.g. for too many NewAxis.)
struct ViewLayout {
    Shape shape;
    Strides strides;
    int64_t offset;

    void KeepAxis(int64_t dim, int64_t stride) {
        shape.push_back(dim);
        strides.push_back(stride);
    }
};

void ApplyIndex(const ArrayIndex& index, int64_t dim, int64_t stride, int8_t axis, bool array_empty, ViewLayout& view) {
    if (index.IsIndex()) {
        int64_t i = index.index();
        if (i < -dim || i >= dim) {
            throw IndexError{"index ", i, " is out of bounds for axis ", int{axis}, " with size ", dim};
        }
        view.offset += (i < 0 ? i + dim : i) * stride;
        return;
    }
    const Slice& slice = index.slice();
    int64_t length = slice.GetLength(dim);
    // A slice of a non-empty array moves the offset to its start even when it selects nothing, as in the
    // original, unless that start is "before the first element" (-1, negative steps); in an empty array the start
    // may lie outside the data.
    if (length > 0 || (!array_empty && slice.GetStart(dim) >= 0)) {
        view.offset += slice.GetStart(dim) * stride;
    }
    view.KeepAxis(length, stride * slice.step());
}

Array AtGrad(const Array& gout, const std::vector<ArrayIndex>& indices, const Shape& in_shape);

void DefineAtBackward(const Array& a, const Array& out, const std::vector<ArrayIndex>& indices) {
    BackwardBuilder bb{"at", a, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([indices, in_shape = a.shape()](BackwardContext& bctx) {
            const Array& gout = *bctx.output_grad();
            if (std::optional<Array> grad = bctx.AccumulatedInputGradToUpdate(gout)) {
                // Note [Gradients added in place]
                Array region = internal::AtView(*grad, indices);
                gout.device().CallKernel<AddKernel>(region, gout, region);
                return;
            }
            bctx.input_grad() = AtGrad(gout, indices, in_shape);
        });
    }
    bb.Finalize();
}

// The gradient of At: zeros of the input's shape with the output gradient written into the indexed view.
// A basic-indexing view never selects an element twice, so writing (rather than adding) is exact. Its own
// gradient is At of the incoming gradient, which closes the loop for higher-order derivatives.
Array AtGrad(const Array& gout, const std::vector<ArrayIndex>& indices, const Shape& in_shape) {
    Array gin = Zeros(in_shape, gout.dtype(), gout.device());
    gout.device().CallKernel<CopyKernel>(gout, internal::AtView(gin, indices));
    BackwardBuilder bb{"at_grad", gout, gin};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([indices](BackwardContext& bctx) { bctx.input_grad() = At(*bctx.output_grad(), indices); });
    }
    bb.Finalize();
    return gin;
}

}  // namespace

namespace internal {

Array AtView(const Array& a, const std::vector<ArrayIndex>& indices) {
    int8_t ndim = a.ndim();
    int8_t consumed = CountIndexedAxes(indices, ndim);
    ViewLayout view{{}, {}, a.offset()};
    int8_t axis = 0;
    for (const ArrayIndex& index : indices) {
        if (index.IsNewAxis()) {
            view.KeepAxis(1, 0);
        } else if (index.IsEllipsis()) {
            for (int8_t end = axis + (ndim - consumed); axis < end; ++axis) {
                view.KeepAxis(a.shape()[axis], a.strides()[axis]);
            }
        } else {
            ApplyIndex(index, a.shape()[axis], a.strides()[axis], axis, a.GetTotalSize() == 0, view);
            ++axis;
        }
    }
    for (; axis < ndim; ++axis) {
        view.KeepAxis(a.shape()[axis], a.strides()[axis]);
    }
    return MakeArray(view.shape, view.strides, a.dtype(), a.device(), a.data(), view.offset);
}

}  // namespace internal

Array At(const Array& a, const std::vector<ArrayIndex>& indices) {
    Array out = internal::AtView(a, indices);
    DefineAtBackward(a, out, indices);
    return out;
}

}  // namespace chainerx
