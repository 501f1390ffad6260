#include "chainerx/core/routines/explog.h"

#include <cmath>

#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/backprop_id.h"
#include "chainerx/core/kernels/explog.h"
#include "chainerx/core/kernels/softmax.h"
#include "chainerx/core/routines/elementwise.h"
#include "chainerx/core/routines/reduction.h"
#include "chainerx/core/routines/statistics.h"

namespace chainerx {
namespace {

constexpr double kLn2 = 0.693147180559945309417232121458176568;
constexpr double kLn10 = 2.30258509299404568401799145468436421;
// 2 / sqrt(pi), the derivative of erf at 0.
constexpr double kTwoOverSqrtPi = 1.12837916709551257389615890312154517;

}  // namespace

Array Exp(const Array& x) {
    Array out = internal::MathUnaryForward<ExpKernel>(x);
    internal::DefineUnaryGradFromOutput("exp", x, out, [](const Array& gout, const Array& out) { return gout * out; });
    return out;
}

Array Expm1(const Array& x) {
    Array out = internal::MathUnaryForward<Expm1Kernel>(x);
    internal::DefineUnaryGradFromOutput(
            "expm1", x, out, [](const Array& gout, const Array& out) { return gout * (out + 1); });
    return out;
}

Array Exp2(const Array& x) {
    Array out = internal::MathUnaryForward<Exp2Kernel>(x);
    internal::DefineUnaryGradFromOutput(
            "exp2", x, out, [](const Array& gout, const Array& out) { return gout * out * kLn2; });
    return out;
}

Array Log(const Array& x) {
    Array out = internal::MathUnaryForward<LogKernel>(x);
    internal::DefineUnaryGradFromInput("log", x, out, [](const Array& gout, const Array& x) { return gout / x; });
    return out;
}

Array Log10(const Array& x) {
    Array out = internal::MathUnaryForward<Log10Kernel>(x);
    internal::DefineUnaryGradFromInput(
            "log10", x, out, [](const Array& gout, const Array& x) { return gout / (x * kLn10); });
    return out;
}

Array Log2(const Array& x) {
    Array out = internal::MathUnaryForward<Log2Kernel>(x);
    internal::DefineUnaryGradFromInput(
            "log2", x, out, [](const Array& gout, const Array& x) { return gout / (x * kLn2); });
    return out;
}

Array Log1p(const Array& x) {
    Array out = internal::MathUnaryForward<Log1pKernel>(x);
    internal::DefineUnaryGradFromInput(
            "log1p", x, out, [](const Array& gout, const Array& x) { return gout / (x + 1); });
    return out;
}

Array Erf(const Array& x) {
    Array out = internal::MathUnaryForward<ErfKernel>(x);
    internal::DefineUnaryGradFromInput("erf", x, out, [](const Array& gout, const Array& x) {
        return gout * Exp(-(x * x)) * kTwoOverSqrtPi;
    });
    return out;
}

namespace {

// x shifted by its maximum over the axes (treated as a constant, see LogSumExp), and log(sum(exp(shifted))).
// Working on the shifted values keeps large inputs from overflowing exp and from losing precision in
// x - logsumexp(x).
struct ShiftedLogSum {
    Array max;
    Array shifted;
    Array log_sum;
};

ShiftedLogSum ComputeShiftedLogSum(const Array& x, const Axes& sorted_axes) {
    Array xf = internal::CastIfNeeded(x, internal::MathDtype(x.dtype()));
    Array max = AMax(xf.AsGradStopped(), sorted_axes, true);
    Array shifted = xf - max;
    Array log_sum = Log(Sum(Exp(shifted), sorted_axes, true));
    return {max, shifted, log_sum};
}

Axes SoftmaxAxes(const OptionalAxes& axis, int8_t ndim) {
    return internal::GetSortedAxesOrAll(axis.has_value() ? *axis : Axes{1}, ndim);
}

// Whether a softmax over `axes` of x is one op (Note [Softmax along one axis]): a single, non-empty axis.
bool IsOneNonEmptyAxis(const Array& x, const Axes& axes) { return axes.size() == 1 && x.shape()[axes[0]] > 0; }

}  // namespace

namespace {

// logsumexp over the axes, kept dims, composed of routines.
Array ComposedLogSumExp(const Array& x, const Axes& sorted_axes) {
    ShiftedLogSum parts = ComputeShiftedLogSum(x, sorted_axes);
    return parts.log_sum + parts.max;
}

}  // namespace

Array GenericLogSumExpKernel::Call(const Array& x, int8_t axis) { return ComposedLogSumExp(x, Axes{axis}); }

namespace {

// logsumexp along a single non-empty axis: one kernel (LogSumExpKernel; one launch on CUDA, where the composition of
// max, subtract, exp, sum, log and add took six), kept dims. The gradient gout * exp(x - out) is composed, so
// differentiable again.
Array LogSumExpAlongAxis(const Array& x, int8_t axis) {
    Array xf = internal::CastIfNeeded(x, internal::MathDtype(x.dtype()));
    Array out = x.device().CallKernel<LogSumExpKernel>(xf.AsGradStopped(), axis);
    BackwardBuilder bb{"logsumexp", xf, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([x_tok = bb.RetainInput(0), out_tok = bb.RetainOutput(0)](BackwardContext& bctx) {
            const Array& xf = bctx.GetRetainedInput(x_tok);
            bctx.input_grad() = *bctx.output_grad() * Exp(xf - bctx.GetRetainedOutput(out_tok));
        });
    }
    bb.Finalize();
    return out;
}

}  // namespace

Array LogSumExp(const Array& x, const OptionalAxes& axis, bool keepdims) {
    Axes sorted_axes = internal::GetSortedAxesOrAll(axis, x.ndim());
    Array out = sorted_axes.size() == 1 && x.shape()[sorted_axes[0]] > 0 ? LogSumExpAlongAxis(x, sorted_axes[0])
                                                                          : ComposedLogSumExp(x, sorted_axes);
    return keepdims ? out : out.Reshape(internal::ReducedShape(x.shape(), sorted_axes, false));
}

namespace {

// The gradient of softmax (log_softmax when `log`) along `axis` given its output y and output gradient gy, composed
// of routines (so differentiable again): see SoftmaxGradKernel.
Array ComposedSoftmaxGrad(const Array& y, const Array& gy, int8_t axis, bool log) {
    if (log) {
        return gy - Exp(y) * Sum(gy, Axes{axis}, true);
    }
    return y * (gy - Sum(gy * y, Axes{axis}, true));
}

// Note [Softmax along one axis]
// softmax and log_softmax along a single non-empty axis are one op whose kernel computes every row at once (one
// launch on CUDA, where the composition of max, subtract, exp, sum and log took six), and whose backward is one
// kernel more (SoftmaxGradKernel). In a double backward, where that gradient must itself be differentiable, the
// same formula is composed of routines. Several axes at once keep the composition, and so does a zero-size axis
// (whose maximum raises DimensionError, as the original's does).
Array SoftmaxAlongAxis(const Array& x, int8_t axis, bool log) {
    Array xf = internal::CastIfNeeded(x, internal::MathDtype(x.dtype()));
    Array out = x.device().CallKernel<SoftmaxKernel>(xf.AsGradStopped(), axis, log);
    BackwardBuilder bb{log ? "log_softmax" : "softmax", xf, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([out_tok = bb.RetainOutput(0), axis, log](BackwardContext& bctx) {
            const Array& y = bctx.GetRetainedOutput(out_tok);
            const Array& gy = *bctx.output_grad();
            if (y.IsBackpropRequired(AnyGraph{}) || gy.IsBackpropRequired(AnyGraph{})) {
                bctx.input_grad() = ComposedSoftmaxGrad(y, gy, axis, log);
            } else {
                bctx.input_grad() = y.device().CallKernel<SoftmaxGradKernel>(y, gy, axis, log);
            }
        });
    }
    bb.Finalize();
    return out;
}

}  // namespace

Array GenericSoftmaxKernel::Call(const Array& x, int8_t axis, bool log) {
    ShiftedLogSum parts = ComputeShiftedLogSum(x, Axes{axis});
    Array log_softmax = parts.shifted - parts.log_sum;
    return log ? log_softmax : Exp(log_softmax);
}

Array GenericSoftmaxGradKernel::Call(const Array& y, const Array& gy, int8_t axis, bool log) {
    return ComposedSoftmaxGrad(y, gy, axis, log);
}

Array LogSoftmax(const Array& x, const OptionalAxes& axis) {
    Axes axes = SoftmaxAxes(axis, x.ndim());
    if (IsOneNonEmptyAxis(x, axes)) {
        return SoftmaxAlongAxis(x, axes[0], true);
    }
    ShiftedLogSum parts = ComputeShiftedLogSum(x, axes);
    return parts.shifted - parts.log_sum;
}

Array Softmax(const Array& x, const OptionalAxes& axis) {
    Axes axes = SoftmaxAxes(axis, x.ndim());
    if (IsOneNonEmptyAxis(x, axes)) {
        return SoftmaxAlongAxis(x, axes[0], false);
    }
    return Exp(LogSoftmax(x, axis));
}

}  // namespace chainerx
