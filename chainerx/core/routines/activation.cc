#include "chainerx/core/routines/activation.h"

#include "chainerx/core/backprop_id.h"
#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/activation.h"
#include "chainerx/core/routines/arithmetic.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/elementwise.h"
#include "chainerx/core/routines/explog.h"
#include "chainerx/core/routines/indexing.h"
#include "chainerx/core/routines/logic.h"
#include "chainerx/core/routines/manipulation.h"
#include "chainerx/core/routines/reduction.h"
#include "chainerx/core/routines/type_util.h"
#include "chainerx/core/shape.h"

namespace chainerx {
namespace {

Array ToMathDtype(const Array& x) { return internal::CastIfNeeded(x, internal::MathDtype(x.dtype())); }

// gout where out > 0, else 0, in one pass (as gout * (out > 0) it took three: the comparison, the cast of the
// bool mask and the product). Linear in gout, so its own backward is the same mask; out gets no gradient (the
// mask is piecewise constant).
Array ReluGrad(const Array& gout, const Array& out) {
    Array gx = internal::BinaryForward<ReluGradKernel>("relu", gout, out, gout.dtype());
    BackwardBuilder bb{"relu_grad", {gout, out}, {gx}};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([out_tok = bb.RetainInput(1)](BackwardContext& bctx) {
            bctx.input_grad() = ReluGrad(*bctx.output_grad(), bctx.GetRetainedInput(out_tok));
        });
    }
    bb.Finalize();
    return gx;
}

}  // namespace

Array Relu(const Array& x) {
    Array out = internal::MathUnaryForward<ReluKernel>(x);
    internal::DefineUnaryGradFromOutput("relu", x, out, ReluGrad);
    return out;
}

Array Sigmoid(const Array& x) {
    Array out = internal::MathUnaryForward<SigmoidKernel>(x);
    internal::DefineUnaryGradKernelFromOutput<SigmoidGradKernel>(
            "sigmoid", x, out, [](const Array& gout, const Array& out) { return gout * out * (1 - out); });
    return out;
}

// Elu, LeakyRelu and Softplus are one kernel each way (Note [Gradient kernels] in routines/elementwise.h), with the
// formulas of numeric/activation.h; the compositions here are their gradients for a double backward.

Array Elu(const Array& x, double alpha) {
    Array out = internal::ScalarForward<EluKernel>(x, Scalar{alpha}, internal::MathDtype(x.dtype()));
    internal::DefineUnaryGradKernelFromInput<EluGradKernel>(
            "elu", x, out, alpha, [](const Array& gout, const Array& x, double alpha) {
                // exp of min(x, 0): no inf in the branch not taken, whose zero gradient it would make NaN.
                return Where(Greater(x, Scalar{0}), gout, gout * alpha * Exp(Minimum(x, Scalar{0})));
            });
    return out;
}

Array LeakyRelu(const Array& x, double slope) {
    Array out = internal::ScalarForward<LeakyReluKernel>(x, Scalar{slope}, internal::MathDtype(x.dtype()));
    internal::DefineUnaryGradKernelFromInput<LeakyReluGradKernel>(
            "leaky_relu", x, out, slope, [](const Array& gout, const Array& x, double slope) {
                return Where(GreaterEqual(x, Scalar{0}), gout, gout * slope);
            });
    return out;
}

// One kernel forward (PReluKernel) and three backward: x's gradient (PReluGradKernel), and the slopes' factor
// (PReluSlopeGradKernel) summed over the axes w was broadcast along, where where(x >= 0, x, x * w) and its gradients
// took three and seven launches. Double backprop composes the same formulas.
Array PRelu(const Array& x, const Array& w) {
    if (!IsFloatingPoint(x.dtype()) || w.dtype() != x.dtype()) {
        throw DtypeError{"prelu: x and w must have one floating-point dtype, not ", x.dtype(), " and ", w.dtype()};
    }
    if (internal::BroadcastShapes(x.shape(), w.shape()) != x.shape()) {
        throw DimensionError{"prelu: w of shape ", w.shape(), " does not broadcast to x's shape ", x.shape()};
    }
    internal::CheckSameDevice("prelu", x, w);
    Array out = Empty(x.shape(), x.dtype(), x.device());
    x.device().CallKernel<PReluKernel>(x.AsGradStopped(), w.AsGradStopped().BroadcastTo(x.shape()), out);
    BackwardBuilder bb{"prelu", {x, w}, {out}};
    RetainedInputToken x_tok = bb.RetainInput(0);
    RetainedInputToken w_tok = bb.RetainInput(1);
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([x_tok, w_tok](BackwardContext& bctx) {
            const Array& x = bctx.GetRetainedInput(x_tok);
            const Array& gout = *bctx.output_grad();
            Array w = bctx.GetRetainedInput(w_tok).BroadcastTo(x.shape());
            if (gout.IsBackpropRequired(AnyGraph{}) || w.IsBackpropRequired(AnyGraph{})) {
                bctx.input_grad() = Where(GreaterEqual(x, Scalar{0}), gout, gout * w);
                return;
            }
            Array gx = Empty(x.shape(), x.dtype(), x.device());
            x.device().CallKernel<PReluGradKernel>(gout, x, w, gx);
            bctx.input_grad() = gx;
        });
    }
    if (BackwardBuilder::Target bt = bb.CreateTarget(1)) {
        bt.Define([x_tok, w_shape = w.shape()](BackwardContext& bctx) {
            const Array& x = bctx.GetRetainedInput(x_tok);
            const Array& gout = *bctx.output_grad();
            if (gout.IsBackpropRequired(AnyGraph{}) || x.IsBackpropRequired(AnyGraph{})) {
                bctx.input_grad() = internal::SumTo(Where(GreaterEqual(x, Scalar{0}), Scalar{0}, gout * x), w_shape);
                return;
            }
            Array factor = Empty(x.shape(), x.dtype(), x.device());
            x.device().CallKernel<PReluSlopeGradKernel>(gout, x, factor);
            bctx.input_grad() = internal::SumTo(factor, w_shape);
        });
    }
    bb.Finalize();
    return out;
}

Array ClippedRelu(const Array& x, double z) { return Minimum(Maximum(ToMathDtype(x), Scalar{0}), Scalar{z}); }

Array Crelu(const Array& x, int8_t axis) {
    Array xf = ToMathDtype(x);
    if (axis < -x.ndim() || axis >= x.ndim()) {
        throw DimensionError{"crelu: axis ", static_cast<int>(axis), " is out of range for shape ", x.shape()};
    }
    return Concatenate({Relu(xf), Relu(-xf)}, axis);
}

Array Softplus(const Array& x, double beta) {
    Array out = internal::ScalarForward<SoftplusKernel>(x, Scalar{beta}, internal::MathDtype(x.dtype()));
    internal::DefineUnaryGradKernelFromInput<SoftplusGradKernel>(
            "softplus", x, out, beta, [](const Array& gout, const Array& x, double beta) {
                return gout * Sigmoid(x * beta);
            });
    return out;
}

}  // namespace chainerx
