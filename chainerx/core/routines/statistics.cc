#include "chainerx/core/routines/statistics.h"

#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/statistics.h"
#include "chainerx/core/routines/elementwise.h"
#include "chainerx/core/routines/indexing.h"
#include "chainerx/core/routines/logic.h"
#include "chainerx/core/routines/reduction.h"

namespace chainerx {
namespace {

template <typename KeyKernel>
Array Extremum(const char* op, const Array& a, const OptionalAxes& axis, bool keepdims) {
    Axes sorted_axes = internal::GetSortedAxesOrAll(axis, a.ndim());
    for (int8_t i : sorted_axes) {
        if (a.shape()[i] == 0) {
            throw DimensionError{
                    op, ": cannot reduce the zero-size axis ", static_cast<int>(i), " of shape ", a.shape()};
        }
    }
    Array out = internal::ReduceForward<KeyKernel>(a, sorted_axes, keepdims, a.dtype());
    BackwardBuilder bb{op, a, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        // The mask compares values only, so a and out are kept without their graphs.
        bt.Define([sorted_axes, keepdims, a_const = a.AsGradStopped(), out_const = out.AsGradStopped()](
                          BackwardContext& bctx) {
            const Shape& in_shape = a_const.shape();
            Array out_bcast = internal::BroadcastReduced(out_const, in_shape, sorted_axes, keepdims);
            Array gout_bcast = internal::BroadcastReduced(*bctx.output_grad(), in_shape, sorted_axes, keepdims);
            // A select rather than a product with the mask: two launches, not three, and an infinite or NaN
            // gout reaches the extrema only.
            bctx.input_grad() = Where(Equal(a_const, out_bcast), gout_bcast, Scalar{0});
        });
    }
    bb.Finalize();
    return out;
}

}  // namespace

Array AMax(const Array& a, const OptionalAxes& axis, bool keepdims) {
    return Extremum<AMaxKernel>("amax", a, axis, keepdims);
}

Array AMin(const Array& a, const OptionalAxes& axis, bool keepdims) {
    return Extremum<AMinKernel>("amin", a, axis, keepdims);
}

Array Mean(const Array& a, const OptionalAxes& axis, bool keepdims) {
    Axes sorted_axes = internal::GetSortedAxesOrAll(axis, a.ndim());
    Array out = internal::ReduceForward<MeanKernel>(a, sorted_axes, keepdims, internal::MathDtype(a.dtype()));
    BackwardBuilder bb{"mean", a, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([sorted_axes, keepdims, in_shape = a.shape()](BackwardContext& bctx) {
            double count = static_cast<double>(internal::CountReducedItems(in_shape, sorted_axes));
            Array gout_bcast = internal::BroadcastReduced(*bctx.output_grad(), in_shape, sorted_axes, keepdims);
            bctx.input_grad() = gout_bcast / count;
        });
    }
    bb.Finalize();
    return out;
}

Array Var(const Array& a, const OptionalAxes& axis, bool keepdims) {
    Axes sorted_axes = internal::GetSortedAxesOrAll(axis, a.ndim());
    Array x = internal::CastIfNeeded(a, internal::MathDtype(a.dtype()));
    Array diff = x - Mean(x, sorted_axes, true);
    return Mean(diff * diff, sorted_axes, keepdims);
}

}  // namespace chainerx
