// Products over axes and cumulative products, with gradients that hold where elements are zero.
#include <cstdint>
#include <optional>

#include "chainerx/core/array.h"
#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/reduction.h"
#include "chainerx/core/routines/arithmetic.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/logic.h"
#include "chainerx/core/routines/reduction.h"
#include "chainerx/core/routines/statistics.h"
#include "chainerx/core/routines/type_util.h"
#include "chainerx/core/shape.h"

namespace chainerx {
namespace {

Dtype ProductDtype(Dtype dtype) { return IsFloatingPoint(dtype) ? dtype : Dtype::kInt64; }

// 1 where x == value, else 0, in x's dtype; on no graph.
Array IsValue(const Array& x, Scalar value) { return Equal(x, value).AsType(x.dtype()); }

Array ProdOver(const Array& a, const Axes& sorted_axes, bool keepdims);

// Note [Gradient of a product with zeros]
// The gradient of y = prod(x) with respect to x_k is the product of the other elements of its reduction, y / x_k,
// which has no value at x_k == 0. Per reduction, with z the number of zeros:
// - z == 0: y / x_k.
// - an element that is not zero, when z > 0: 0 (its others include a zero), which y / x_k gives too.
// - the only zero (z == 1): R, the product of the nonzero elements.
// - one of exactly two zeros: R times the other zero; the value is 0, but its derivative with respect to that
//   other zero is R, which double backprop needs.
// - z > 2: 0.
// It is written with differentiable routines, y being the retained output, so every order has a gradient. Which
// case holds is a mask computed on the device, so that a GPU is not waited for: the general formula, eleven kernels
// per backward. Where the host reads the data without waiting (native), it first checks for zeros and, finding
// none, takes the quotient alone.
Array ProductsOfOthers(const Array& x, const Array& y, const Axes& sorted_axes) {
    Array is_zero = Equal(x, 0);
    if (x.device().IsHostAccessible() && !Any(is_zero).AsScalar().As<bool>()) {
        return y / x;
    }
    Array zero = is_zero.AsType(x.dtype());
    Array nonzero = 1 - zero;
    Array x_ones = x * nonzero + zero;  // zeros replaced by ones, so that the division has a value everywhere
    Array n_zeros = Sum(zero, sorted_axes, true);
    Array x_zeros = x * zero;
    Array other_zero = Sum(x_zeros, sorted_axes, true) - x_zeros;  // the sum of the other zeros' values: 0
    Array zero_factor = zero * (IsValue(n_zeros, 1) + other_zero * IsValue(n_zeros, 2));
    return y / x_ones * nonzero + ProdOver(x_ones, sorted_axes, true) * zero_factor;
}

Array ProdOver(const Array& a, const Axes& sorted_axes, bool keepdims) {
    Array out = internal::ReduceForward<ProdKernel>(a, sorted_axes, keepdims, ProductDtype(a.dtype()));
    BackwardBuilder bb{"prod", a, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([a_tok = bb.RetainInput(0), out_tok = bb.RetainOutput(0), sorted_axes, keepdims](
                          BackwardContext& bctx) {
            const Array& a = bctx.GetRetainedInput(a_tok);
            Array y = internal::BroadcastReduced(bctx.GetRetainedOutput(out_tok), a.shape(), sorted_axes, keepdims);
            Array gout = internal::BroadcastReduced(*bctx.output_grad(), a.shape(), sorted_axes, keepdims);
            bctx.input_grad() = gout * ProductsOfOthers(a, y, sorted_axes);
        });
    }
    bb.Finalize();
    return out;
}

Array CumprodAlong(const Array& a, int8_t axis);

// Note [Gradient of a cumulative product with zeros]
// With y_i = x_0 ... x_i along the axis, the gradient of x_k is g_k = sum_{i >= k} gy_i y_i / x_k, the reversed
// cumulative sum of gy y divided by x_k, which has no value at zeros. Let z be the first zero of a lane and g' the
// gradient at x', x with x_z replaced by one (computed recursively: x' has one zero fewer per lane that had one):
// - before z the quotient holds as it is (the terms from z on vanish with y);
// - at z, g_z = g'_z, as g_z does not depend on x_z;
// - after z, g_k = x_z g'_k: zero, but with the derivative g'_k with respect to x_z that double backprop needs.
// Everything is written with differentiable routines. The recursion is as deep as the most zeros in a lane, which
// one host read finds before it starts (a wait on a GPU, paid only by a backward of cumprod). `zero` marks the zeros of
// x (in x's dtype); x' has the mask zero - first, so the mask is built once, for the host read.
Array CumprodGrad(
        const Array& x, const Array& zero, const Array& y, const Array& gy, int8_t axis, int64_t zeros_per_lane) {
    Array reversed_sums = internal::CumsumAlong(gy * y, axis, true);
    if (zeros_per_lane == 0) {
        return reversed_sums / x;
    }
    Array n_seen = internal::CumsumAlong(zero, axis, false);
    Array before = IsValue(n_seen, 0);
    Array first = zero * IsValue(n_seen, 1);
    Array after = 1 - before - first;
    Array gx_before = reversed_sums / (x * before + (1 - before)) * before;
    Array x_first_one = x * (1 - first) + first;
    Array gx_first_one =
            CumprodGrad(x_first_one, zero - first, CumprodAlong(x_first_one, axis), gy, axis, zeros_per_lane - 1);
    Array x_first = Sum(x * first, Axes{axis}, true);
    return gx_before + gx_first_one * (first + x_first * after);
}

Array CumprodAlong(const Array& a, int8_t axis) {
    Array out = Empty(a.shape(), ProductDtype(a.dtype()), a.device());
    if (out.GetTotalSize() > 0) {  // the kernel walks the other axes: (0, 2**62) would take forever
        a.device().CallKernel<CumprodKernel>(a, axis, false, out);
    }
    BackwardBuilder bb{"cumprod", a, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([a_tok = bb.RetainInput(0), out_tok = bb.RetainOutput(0), axis](BackwardContext& bctx) {
            const Array& a = bctx.GetRetainedInput(a_tok);
            Array zero = IsValue(a.AsGradStopped(), 0);
            int64_t zeros_per_lane = 0;
            if (a.GetTotalSize() > 0) {
                zeros_per_lane = static_cast<int64_t>(AMax(Sum(zero, Axes{axis})).AsScalar().As<double>());
            }
            bctx.input_grad() =
                    CumprodGrad(a, zero, bctx.GetRetainedOutput(out_tok), *bctx.output_grad(), axis, zeros_per_lane);
        });
    }
    bb.Finalize();
    return out;
}

}  // namespace

Array Prod(const Array& a, const OptionalAxes& axis, bool keepdims) {
    return ProdOver(a, internal::GetSortedAxesOrAll(axis, a.ndim()), keepdims);
}

Array Cumprod(const Array& a, std::optional<int64_t> axis) {
    if (!axis.has_value()) {
        return CumprodAlong(a.Reshape({a.GetTotalSize()}), 0);
    }
    return CumprodAlong(a, internal::NormalizeAxis(*axis, a.ndim()));
}

}  // namespace chainerx
