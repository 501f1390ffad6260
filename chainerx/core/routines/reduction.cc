#include "chainerx/core/routines/reduction.h"

#include <optional>
#include <type_traits>

#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/reduction.h"
#include "chainerx/core/routines/arithmetic.h"
#include "chainerx/core/routines/logic.h"
#include "chainerx/core/routines/manipulation.h"

namespace chainerx {
namespace {

Dtype SumDtype(Dtype dtype) { return IsFloatingPoint(dtype) ? dtype : Dtype::kInt64; }

// Sum and NanSum: the gradient of element i is gout (masked to non-NaN elements for NanSum).
template <typename KeyKernel>
Array SumLike(const char* op, const Array& a, const OptionalAxes& axis, bool keepdims) {
    Axes sorted_axes = internal::GetSortedAxesOrAll(axis, a.ndim());
    Array out = internal::ReduceForward<KeyKernel>(a, sorted_axes, keepdims, SumDtype(a.dtype()));
    BackwardBuilder bb{op, a, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        // NaN-free inputs need no mask; the input (without its graph) is kept only when one is needed.
        if constexpr (std::is_same<KeyKernel, NanSumKernel>::value) {
            bt.Define([sorted_axes, keepdims, in_shape = a.shape(), a_const = a.AsGradStopped()](
                              BackwardContext& bctx) {
                Array gx = internal::BroadcastReduced(*bctx.output_grad(), in_shape, sorted_axes, keepdims);
                bctx.input_grad() = gx * internal::EqualMask(a_const, a_const);
            });
        } else if (internal::AreLeadingAxes(sorted_axes)) {
            // Full sums and sums over leading axes broadcast back directly; nothing captured (Note [Backward
            // functions in std::function's buffer] in elementwise.h).
            bt.Define([](BackwardContext& bctx) {
                bctx.input_grad() = bctx.output_grad()->BroadcastTo(bctx.input_shape());
            });
        } else {
            bt.Define([sorted_axes, keepdims, in_shape = a.shape()](BackwardContext& bctx) {
                bctx.input_grad() = internal::BroadcastReduced(*bctx.output_grad(), in_shape, sorted_axes, keepdims);
            });
        }
    }
    bb.Finalize();
    return out;
}

}  // namespace

Array Sum(const Array& a, const OptionalAxes& axis, bool keepdims) {
    return SumLike<SumKernel>("sum", a, axis, keepdims);
}

Array NanSum(const Array& a, const OptionalAxes& axis, bool keepdims) {
    return SumLike<NanSumKernel>("nansum", a, axis, keepdims);
}

Array SumSquares(const Array& a, const OptionalAxes& axis, bool keepdims) {
    if (!IsFloatingPoint(a.dtype())) {
        throw DtypeError{"sum_squares: a must be floating point, not ", a.dtype()};
    }
    Axes sorted_axes = internal::GetSortedAxesOrAll(axis, a.ndim());
    Array out = internal::ReduceForward<SumSquaresKernel>(a, sorted_axes, keepdims, a.dtype());
    BackwardBuilder bb{"sum_squares", a, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([a_tok = bb.RetainInput(0), sorted_axes, keepdims](BackwardContext& bctx) {
            const Array& a = bctx.GetRetainedInput(a_tok);
            // 2 gout on the reduced shape, then one product with a: two launches.
            Array twice_gout = *bctx.output_grad() * 2;
            bctx.input_grad() = internal::BroadcastReduced(twice_gout, a.shape(), sorted_axes, keepdims) * a;
        });
    }
    bb.Finalize();
    return out;
}

Array Cumsum(const Array& a, std::optional<int64_t> axis) {
    if (!axis.has_value()) {
        return internal::CumsumAlong(a.Reshape({a.GetTotalSize()}), 0, false);
    }
    return internal::CumsumAlong(a, internal::NormalizeAxis(*axis, a.ndim()), false);
}

Array CountNonzero(const Array& a, const OptionalAxes& axis) {
    Axes sorted_axes = internal::GetSortedAxesOrAll(axis, a.ndim());
    return internal::ReduceForward<CountNonzeroKernel>(a, sorted_axes, false, Dtype::kInt64);
}

Array All(const Array& a, const OptionalAxes& axis, bool keepdims) {
    Axes sorted_axes = internal::GetSortedAxesOrAll(axis, a.ndim());
    return internal::ReduceForward<AllKernel>(a, sorted_axes, keepdims, Dtype::kBool);
}

Array Any(const Array& a, const OptionalAxes& axis, bool keepdims) {
    Axes sorted_axes = internal::GetSortedAxesOrAll(axis, a.ndim());
    return internal::ReduceForward<AnyKernel>(a, sorted_axes, keepdims, Dtype::kBool);
}

namespace internal {

Array CumsumAlong(const Array& a, int8_t axis, bool reverse) {
    Array out = Empty(a.shape(), SumDtype(a.dtype()), a.device());
    if (out.GetTotalSize() > 0) {  // the kernel walks the other axes: (0, 2**62) would take forever
        a.device().CallKernel<CumsumKernel>(a, axis, reverse, out);
    }
    BackwardBuilder bb{"cumsum", a, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([axis, reverse](BackwardContext& bctx) {
            bctx.input_grad() = internal::CumsumAlong(*bctx.output_grad(), axis, !reverse);
        });
    }
    bb.Finalize();
    return out;
}


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

int64_t CountReducedItems(const Shape& shape, const Axes& sorted_axes) {
    int64_t count = 1;
    for (int8_t axis : sorted_axes) {
        count *= shape[axis];
    }
    return count;
}

bool AreLeadingAxes(const Axes& sorted_axes) {
    for (size_t i = 0; i < sorted_axes.size(); ++i) {
        if (sorted_axes[i] != static_cast<int8_t>(i)) {
            return false;
        }
    }
    return true;
}

Array BroadcastReduced(const Array& gout, const Shape& in_shape, const Axes& sorted_axes, bool keepdims) {
    // Re-insert the reduced axes as size 1 so that the array broadcasts back over them. Leading axes (a full
    // reduction among them) need no reshape: broadcasting prepends them, and one view op fewer is ~800
    // instructions of every backward through a sum.
    bool broadcasts = keepdims || AreLeadingAxes(sorted_axes);
    Array kept = broadcasts ? gout : gout.Reshape(ReducedShape(in_shape, sorted_axes, true));
    return kept.BroadcastTo(in_shape);
}

Array EqualMask(const Array& x1, const Array& x2) { return Equal(x1, x2).AsType(x1.dtype(), false); }

}  // namespace internal
}  // namespace chainerx
