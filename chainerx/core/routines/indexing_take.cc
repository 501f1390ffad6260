// Take and the gather / scatter-add pair it (and advanced indexing) is built on.
#include "chainerx/core/routines/indexing.h"

#include <cstdint>
#include <optional>
#include <vector>

#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/device.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/indexing.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/type_util.h"
#include "chainerx/core/shape.h"

namespace chainerx {
namespace internal {

Array NormalizeIndices(const char* op, const Array& indices, int64_t dim, IndexBoundsMode mode) {
    if (GetKind(indices.dtype()) != DtypeKind::kInt && GetKind(indices.dtype()) != DtypeKind::kUInt) {
        throw DtypeError{op, ": indices must be of an integer dtype, got ", indices.dtype()};
    }
    if (dim == 0 && indices.GetTotalSize() > 0) {  // under any mode: nothing to wrap or clip to
        throw IndexError{op, ": cannot index an empty axis with ", indices.GetTotalSize(), " positions"};
    }
    Array out = Empty(indices.shape(), Dtype::kInt64, indices.device());
    indices.device().CallKernel<NormalizeIndicesKernel>(indices, dim, mode, out);
    return out;
}

Array Gather(const Array& a, const std::vector<Array>& indices, int8_t axis) {
    const auto m = static_cast<int8_t>(indices.size());
    Shape out_shape{a.shape().begin(), a.shape().begin() + axis};
    for (int64_t dim : indices.front().shape()) {
        out_shape.push_back(dim);
    }
    for (int8_t i = axis + m; i < a.ndim(); ++i) {
        out_shape.push_back(a.shape()[i]);
    }
    Array out = Empty(out_shape, a.dtype(), a.device());
    a.device().CallKernel<GatherKernel>(a, indices, axis, out);
    BackwardBuilder bb{"gather", a, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([indices, axis, shape = a.shape()](BackwardContext& bctx) {
            const Array& gout = *bctx.output_grad();
            if (std::optional<Array> grad = bctx.AccumulatedInputGradToUpdate(gout)) {
                // Note [Gradients added in place]
                gout.device().CallKernel<ScatterKernel>(gout, indices, axis, true, *grad);
                return;
            }
            bctx.input_grad() = ScatterAdd(gout, indices, axis, shape);
        });
    }
    bb.Finalize();
    return out;
}

Array ScatterAdd(const Array& values, const std::vector<Array>& indices, int8_t axis, const Shape& shape) {
    Array out = Zeros(shape, values.dtype(), values.device());
    values.device().CallKernel<ScatterKernel>(values, indices, axis, true, out);
    BackwardBuilder bb{"scatter_add", values, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([indices, axis](BackwardContext& bctx) {
            bctx.input_grad() = Gather(*bctx.output_grad(), indices, axis);
        });
    }
    bb.Finalize();
    return out;
}

}  // namespace internal

Array Take(const Array& a, const Array& indices, int64_t axis, IndexBoundsMode mode) {
    internal::CheckSameDevice("take", a, indices);
    int8_t taken = internal::NormalizeAxis(axis, a.ndim());
    int64_t dim = a.shape()[taken];
    if (dim == 0 && indices.GetTotalSize() > 0) {
        throw IndexError{"take: cannot take from an empty axis (axis ", int{taken}, " of shape ", a.shape(), ")"};
    }
    return internal::Gather(a, {internal::NormalizeIndices("take", indices, dim, mode)}, taken);
}

}  // namespace chainerx
