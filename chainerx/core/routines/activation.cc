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

namespace {

// Note [Activations with an array parameter]: prelu and swish are f(x, w) with w broadcast to x's shape. Forward is
// one kernel; backward, one kernel for x's gradient and one for w's (summed over the axes w was broadcast along)
// where their compositions (chainerx.where, sigmoid, products) took three launches forward and seven or eight
// backward. When the gradients must themselves be differentiable (gout or w in a graph: double backprop), the
// kernels would not record a backward, so the same formulas are composed of routines instead.
//
// `composed_gx(gout, x, w)` and `composed_gw(gout, x, w)` (w broadcast, the latter before the sum) are those
// compositions; the kernels compute them as GradKernel and ParamGradKernel (TernaryKernels of gout, x, w).

// One of the gradients: the kernel's, or `composed` when a graph needs it differentiable.
template <typename Kernel, typename Composed>
Array ActivationParameterGrad(
        BackwardContext& bctx, const RetainedInputToken& x_tok, const RetainedInputToken& w_tok, Composed composed) {
    const Array& x = bctx.GetRetainedInput(x_tok);
    const Array& gout = *bctx.output_grad();
    Array w = bctx.GetRetainedInput(w_tok).BroadcastTo(x.shape());
    if (gout.IsBackpropRequired(AnyGraph{}) || x.IsBackpropRequired(AnyGraph{}) || w.IsBackpropRequired(AnyGraph{})) {
        return composed(gout, x, w);
    }
    Array g = Empty(x.shape(), x.dtype(), x.device());
    x.device().CallKernel<Kernel>(gout, x, w, g);
    return g;
}

template <
        typename ForwardKernel,
        typename GradKernel,
        typename ParamGradKernel,
        typename ComposedGx,
        typename ComposedGw>
Array ActivationWithParameter(
        const char* name, const Array& x, const Array& w, ComposedGx composed_gx, ComposedGw composed_gw) {
    if (!IsFloatingPoint(x.dtype()) || w.dtype() != x.dtype()) {
        throw DtypeError{name, ": x and w must have one floating-point dtype, not ", x.dtype(), " and ", w.dtype()};
    }
    if (internal::BroadcastShapes(x.shape(), w.shape()) != x.shape()) {
        throw DimensionError{name, ": w of shape ", w.shape(), " does not broadcast to x's shape ", x.shape()};
    }
    internal::CheckSameDevice(name, x, w);
    Array out = Empty(x.shape(), x.dtype(), x.device());
    x.device().CallKernel<ForwardKernel>(x.AsGradStopped(), w.AsGradStopped().BroadcastTo(x.shape()), out);
    BackwardBuilder bb{name, {x, w}, {out}};
    RetainedInputToken x_tok = bb.RetainInput(0);
    RetainedInputToken w_tok = bb.RetainInput(1);
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([x_tok, w_tok, composed_gx](BackwardContext& bctx) {
            bctx.input_grad() = ActivationParameterGrad<GradKernel>(bctx, x_tok, w_tok, composed_gx);
        });
    }
    if (BackwardBuilder::Target bt = bb.CreateTarget(1)) {
        bt.Define([x_tok, w_tok, composed_gw, w_shape = w.shape()](BackwardContext& bctx) {
            Array gw = ActivationParameterGrad<ParamGradKernel>(bctx, x_tok, w_tok, composed_gw);
            bctx.input_grad() = internal::SumTo(gw, w_shape);
        });
    }
    bb.Finalize();
    return out;
}

}  // namespace

Array PRelu(const Array& x, const Array& w) {
    return ActivationWithParameter<PReluKernel, PReluGradKernel, PReluSlopeGradKernel>(
            "prelu",
            x,
            w,
            [](const Array& gout, const Array& x, const Array& w) {
                return Where(GreaterEqual(x, Scalar{0}), gout, gout * w);
            },
            [](const Array& gout, const Array& x, const Array& /*w*/) {
                return Where(GreaterEqual(x, Scalar{0}), Scalar{0}, gout * x);
            });
}

Array Swish(const Array& x, const Array& beta) {
    return ActivationWithParameter<SwishKernel, SwishGradKernel, SwishBetaGradKernel>(
            "swish",
            x,
            beta,
            [](const Array& gout, const Array& x, const Array& beta) {
                Array s = Sigmoid(x * beta);
                return gout * (s + beta * (x * s) * (Scalar{1} - s));
            },
            [](const Array& gout, const Array& x, const Array& beta) {
                Array s = Sigmoid(x * beta);
                Array y = x * s;
                return gout * y * (x - y);
            });
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
