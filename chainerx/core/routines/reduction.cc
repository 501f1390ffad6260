#include "chainerx/core/routines/reduction.h"

#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/device.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/reduction.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/manipulation.h"

namespace chainerx {

Array Sum(const Array& a, const OptionalAxes& axis, bool keepdims) {
    Axes sorted_axes = internal::GetSortedAxesOrAll(axis, a.ndim());
    Dtype out_dtype = IsFloatingPoint(a.dtype()) ? a.dtype() : Dtype::kInt64;
    Array out = Empty(internal::ReducedShape(a.shape(), sorted_axes, keepdims), out_dtype, a.device());
    a.device().CallKernel<SumKernel>(a, sorted_axes, out);

    BackwardBuilder bb{"sum", a, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([sorted_axes, keepdims, in_shape = a.shape()](BackwardContext& bctx) {
            const Array& gout = *bctx.output_grad();
            // Re-insert the reduced axes as size 1 so that the gradient broadcasts back over them.
            Array gout_kept = keepdims ? gout : gout.Reshape(internal::ReducedShape(in_shape, sorted_axes, true));
            bctx.input_grad() = gout_kept.BroadcastTo(in_shape);
        });
    }
    bb.Finalize();
    return out;
}

namespace internal {

Array SumTo(const Array& grad, const Shape& shape) {
    if (grad.shape() == shape) {
        return grad;
    }
    int8_t leading = grad.ndim() - shape.ndim();
    if (leading < 0) {
        throw DimensionError{"cannot sum an array of shape ", grad.shape(), " to ", shape};
    }
    Axes axes;
    for (int8_t i = 0; i < grad.ndim(); ++i) {
        if (i < leading || (shape[i - leading] == 1 && grad.shape()[i] != 1)) {
            axes.push_back(i);
        }
    }
    Array summed = Sum(grad, axes, true);
    return leading == 0 ? summed : summed.Reshape(shape);
}

}  // namespace internal
}  // namespace chainerx
