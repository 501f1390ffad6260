#include "chainerx/core/routines/loss.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <numeric>
#include <utility>

#include "chainerx/core/backprop_id.h"
#include "chainerx/core/backprop_mode.h"
#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/context.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/loss.h"
#include "chainerx/core/routines/activation.h"
#include "chainerx/core/routines/arithmetic.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/elementwise.h"
#include "chainerx/core/routines/explog.h"
#include "chainerx/core/routines/indexing.h"
#include "chainerx/core/routines/logic.h"
#include "chainerx/core/routines/manipulation.h"
#include "chainerx/core/routines/reduction.h"
#include "chainerx/core/routines/sorting.h"
#include "chainerx/core/routines/statistics.h"
#include "chainerx/core/routines/type_util.h"
#include "chainerx/core/scalar.h"

namespace chainerx {
namespace {

Array ToMathDtype(const Array& x) { return internal::CastIfNeeded(x, internal::MathDtype(x.dtype())); }

void CheckIntegerLabels(const char* op, const Array& t) {
    DtypeKind kind = GetKind(t.dtype());
    if (kind != DtypeKind::kInt && kind != DtypeKind::kUInt) {
        throw DtypeError{op, ": labels must be an integer array, not ", t.dtype()};
    }
}

// The smallest and the largest of the labels t (1-d, not empty). Where the host can read the device's memory they
// are read in place (a reduction, a stack and a copy cost ~3 µs, most of a small loss's forward); elsewhere they are
// reduced on the device and come back in one copy: on a GPU each read-back waits for all queued work, once per step.
std::pair<int64_t, int64_t> LabelBounds(const Array& t) {
    if (t.device().IsHostAccessible()) {
        t.device().Synchronize();
        std::pair<int64_t, int64_t> bounds{std::numeric_limits<int64_t>::max(), std::numeric_limits<int64_t>::min()};
        VisitDtypeIn<kIntegerDtypes>(t.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            const char* base = static_cast<const char*>(t.raw_data());
            for (int64_t i = 0; i < t.shape()[0]; ++i) {
                auto label = static_cast<int64_t>(*reinterpret_cast<const T*>(base + i * t.strides()[0]));
                bounds = {std::min(bounds.first, label), std::max(bounds.second, label)};
            }
        });
        return bounds;
    }
    Array t_const = t.AsGradStopped();
    Array bounds = Stack({AMin(t_const), AMax(t_const)}).ToDevice(t.device().context().GetNativeBackend().GetDevice(0));
    return {bounds.At({0}).AsScalar().As<int64_t>(), bounds.At({1}).AsScalar().As<int64_t>()};
}

// Labels index the class axis, so values outside [low, high) are out-of-range indices.
void CheckLabelRange(const char* op, const Array& t, int64_t low, int64_t high) {
    if (t.GetTotalSize() == 0) {
        return;
    }
    auto [min, max] = LabelBounds(t);
    if (min < low || max >= high) {
        throw IndexError{op, ": labels must be in [", low, ", ", high, "), got values in [", min, ", ", max, "]"};
    }
}

// Checks x (N, K) and t (N,) integer labels, and, with `check_range`, labels in [low_label, K).
void CheckClassification(const char* op, const Array& x, const Array& t, int64_t low_label, bool check_range = true) {
    if (x.ndim() != 2 || t.ndim() != 1 || x.shape()[0] != t.shape()[0]) {
        throw DimensionError{op, ": expected x of shape (N, K) and labels of shape (N,), got ", x.shape(), " and ",
                             t.shape()};
    }
    CheckIntegerLabels(op, t);
    if (check_range) {
        CheckLabelRange(op, t, low_label, x.shape()[1]);
    }
}

// mask[n, k] = (t[n] == k): a bool constant of shape (N, K).
Array OneHotMask(const Array& t, int64_t n_classes) {
    Array classes = Arange(0, n_classes, 1, Dtype::kInt64, t.device());
    return Equal(ExpandDims(t.AsGradStopped(), 1), classes);
}

}  // namespace

Array AbsoluteError(const Array& x1, const Array& x2) { return Absolute(x1 - x2); }

Array SquaredError(const Array& x1, const Array& x2) { return Square(x1 - x2); }

// The difference, then one kernel each way (HuberKernel, HuberGradKernel; Note [Gradient kernels] in
// routines/elementwise.h): the composition took eight forward. The double backward's composition is a select
// rather than a clipped formula: each branch is smooth, so the second derivative is 1 wherever |d| < delta, d = 0
// included (Minimum's gradient would vanish there).
Array HuberLoss(const Array& x1, const Array& x2, double delta) {
    Array diff = ToMathDtype(x1) - ToMathDtype(x2);
    Array out = internal::ScalarForward<HuberKernel>(diff, Scalar{delta}, diff.dtype());
    internal::DefineUnaryGradKernelFromInput<HuberGradKernel>(
            "huber_loss", diff, out, delta, [](const Array& gout, const Array& d, double delta) {
                return Where(Less(Absolute(d), Scalar{delta}), gout * d, gout * delta * Sign(d));
            });
    return out;
}

Array SigmoidCrossEntropy(const Array& x, const Array& t) {
    if (x.shape() != t.shape()) {
        throw DimensionError{"sigmoid_cross_entropy: x and labels differ in shape, ", x.shape(), " and ", t.shape()};
    }
    CheckIntegerLabels("sigmoid_cross_entropy", t);
    internal::CheckSameDevice("sigmoid_cross_entropy", x, t);
    // One kernel each way (about ten composed), as the softmax cross entropy (Note [Fused softmax cross entropy]).
    // Labels are not range-checked (as in Chainer): any label but -1 enters the formula as is.
    Array xf = ToMathDtype(x);
    Array t_const = t.AsGradStopped();
    Array out = Empty(x.shape(), xf.dtype(), x.device());
    xf.device().CallKernel<SigmoidCrossEntropyKernel>(xf.AsGradStopped(), t_const, out);
    BackwardBuilder bb{"sigmoid_cross_entropy", xf, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([x_tok = bb.RetainInput(0), t_const](BackwardContext& bctx) {
            const Array& x = bctx.GetRetainedInput(x_tok);
            const Array& gout = *bctx.output_grad();
            if (x.IsBackpropRequired(AnyGraph{}) || gout.IsBackpropRequired(AnyGraph{})) {
                // Double backprop: the same formula composed, so that the graph records it.
                Array counted = NotEqual(t_const, Scalar{-1}).AsType(x.dtype());
                bctx.input_grad() = gout * (Sigmoid(x) - t_const.AsType(x.dtype())) * counted;
            } else {
                Array gx = Empty(x.shape(), x.dtype(), x.device());
                x.device().CallKernel<SigmoidCrossEntropyGradKernel>(x, t_const, gout, gx);
                bctx.input_grad() = std::move(gx);
            }
        });
    }
    bb.Finalize();
    return out;
}

// Note [Fused softmax cross entropy]
// The forward is one kernel (SoftmaxCrossEntropyKernel) rather than a composition of log_softmax, a one-hot mask, a
// product and a sum: about ten kernels, each a launch on a GPU, on every training step of every classifier. It also
// keeps the loss finite where another class scores -inf and gives 0 for an ignored row whatever its scores (the
// product with the mask made both NaN). The gradient d loss[n] / d x[n, k] = (softmax(x)[n, k] - (k == t[n])) *
// gout[n] is one kernel too (SoftmaxCrossEntropyGradKernel, about fifteen kernels composed), 0 for ignored rows, in
// a first-order backward. When x or gout is in a graph (double backprop), the same formula is composed of routines,
// so that the graph records it; an ignored row's gradient is then 0 times its softmax, NaN if the row holds NaN or
// +inf (as PyTorch's).
// Labels out of range raise IndexError where the host reads device memory in place (native). Elsewhere (a GPU)
// reading them back would make the host wait for the device at every training step, so the kernels give such a row
// a NaN loss and NaN gradients instead (no wait, and the NaN reaches the reported loss), as the original ChainerX
// and CuPy do not raise either (they give 0 or garbage).
Array SoftmaxCrossEntropy(const Array& x, const Array& t) {
    internal::CheckSameDevice("softmax_cross_entropy", x, t);  // the kernel reads both
    CheckClassification("softmax_cross_entropy", x, t, -1, x.device().IsHostAccessible());
    Array xf = ToMathDtype(x);
    Array out = Empty({x.shape()[0]}, xf.dtype(), x.device());
    x.device().CallKernel<SoftmaxCrossEntropyKernel>(xf, t, out);
    internal::DefineUnaryGradFromInput(
            "softmax_cross_entropy", xf, out, [t = t.AsGradStopped()](const Array& gout, const Array& xf) {
                if (xf.IsBackpropRequired(AnyGraph{}) || gout.IsBackpropRequired(AnyGraph{})) {
                    Array counted = NotEqual(t, Scalar{-1}).AsType(gout.dtype());
                    Array one_hot = OneHotMask(t, xf.shape()[1]).AsType(xf.dtype());
                    return (Softmax(xf, Axes{1}) - one_hot) * ExpandDims(gout * counted, 1);
                }
                Array gx = Empty(xf.shape(), xf.dtype(), xf.device());
                xf.device().CallKernel<SoftmaxCrossEntropyGradKernel>(xf, t, gout, gx);
                return gx;
            });
    return out;
}

// Labels out of range raise IndexError where the host reads device memory in place (native). Elsewhere (a GPU) such a
// sample's row of the loss is NaN instead, as in softmax_cross_entropy (Note [Fused softmax cross entropy]): a check
// would make the host wait for the device at every call. The NaN costs two kernels (a row-wise any and a select),
// there only; the row's gradient is then 0.
Array Hinge(const Array& x, const Array& t, double norm) {
    bool check_labels = x.device().IsHostAccessible();
    CheckClassification("hinge", x, t, 0, check_labels);
    Array xf = ToMathDtype(x);
    Array true_class = OneHotMask(t, x.shape()[1]);
    // +1 for the other classes, -1 for the true class.
    Array sign = 1 - 2 * true_class.AsType(xf.dtype());
    Array margin = Maximum(1 + xf * sign, Scalar{0});
    // margin^1 is returned as is: the double backward of Power would multiply 0 by 0^-1 at clamped margins.
    Array loss = norm == 1.0 ? margin : Power(margin, Scalar{norm});
    if (check_labels) {
        return loss;
    }
    Array labelled = Any(true_class, Axes{1}, true);  // false for a label out of range
    return Where(labelled, loss, Scalar{std::numeric_limits<double>::quiet_NaN()});
}

// Note [One launch per reported number]
// A classifier's step reports two numbers, the loss (mean of the per-sample losses over the labels that count) and
// the accuracy. Composed of routines, each took five to eight kernels (a comparison with the ignored label, two sums,
// a maximum, casts, a division, a product), each a launch on a GPU, where the loss's own forward is one: on a batch-32
// MLP those launches outnumbered the layers'. So each is one kernel (MeanOverLabelsKernel, AccuracyKernel): one launch
// for the batches of a training step, two for inputs too large for one block. The counts stay on the device (reading
// them back would make the host wait for a GPU at every step), and the results round as the compositions did: the
// mean multiplies the sum by 1 / count rounded to the dtype, as Chainer's softmax_cross_entropy does, and the accuracy
// divides both counts cast to the dtype.
Array Accuracy(const Array& y, const Array& t, std::optional<int64_t> ignore_label) {
    if (!IsFloatingPoint(y.dtype())) {
        throw DtypeError{"accuracy: y must be floating point, not ", y.dtype()};
    }
    if (GetKind(t.dtype()) != DtypeKind::kInt) {
        throw DtypeError{"accuracy: labels must be a signed integer array, not ", t.dtype()};
    }
    if (y.ndim() < 2 || t.ndim() < 1 || y.shape()[0] != t.shape()[0]) {
        throw DimensionError{"accuracy: expected y of shape (N, K, ...) and labels of shape (N, ...), got ", y.shape(),
                             " and ", t.shape()};
    }
    // The prediction argmax(y, 1) is reshaped to t's shape: the sample (n, m) of y (N, K, M) has label (n, m) of t
    // (N, M).
    const int64_t samples = t.shape()[0];
    const int64_t lanes = std::accumulate(t.shape().begin() + 1, t.shape().end(), int64_t{1}, std::multiplies<>{});
    if (std::accumulate(y.shape().begin() + 2, y.shape().end(), int64_t{1}, std::multiplies<>{}) != lanes) {
        throw DimensionError{"accuracy: cannot reshape the predictions of y ", y.shape(), " to the labels' shape ",
                             t.shape()};
    }
    if (y.shape()[1] == 0) {
        throw DimensionError{"accuracy: y ", y.shape(), " has no class to predict"};
    }
    internal::CheckSameDevice("accuracy", y, t);
    NoBackpropModeScope no_backprop{};
    Array out = Empty({}, y.dtype(), y.device());
    y.device().CallKernel<AccuracyKernel>(
            y.Reshape({samples, y.shape()[1], lanes}), t.Reshape({samples, lanes}), ignore_label, out);
    return out;
}

Array MeanOverLabels(const Array& loss, const Array& t, int64_t ignore_label) {
    if (!IsFloatingPoint(loss.dtype())) {
        throw DtypeError{"mean_over_labels: loss must be floating point, not ", loss.dtype()};
    }
    CheckIntegerLabels("mean_over_labels", t);
    if (loss.shape() != t.shape()) {
        throw DimensionError{"mean_over_labels: loss and labels differ in shape, ", loss.shape(), " and ", t.shape()};
    }
    internal::CheckSameDevice("mean_over_labels", loss, t);
    Array out = Empty({}, loss.dtype(), loss.device());
    Array scale = Empty({}, loss.dtype(), loss.device());
    {
        NoBackpropModeScope no_backprop{};
        const int64_t size = loss.GetTotalSize();
        loss.device().CallKernel<MeanOverLabelsKernel>(
                loss.Reshape({size}), t.Reshape({size}), ignore_label, out, scale);
    }
    BackwardBuilder bb{"mean_over_labels", loss, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([scale = std::move(scale), shape = loss.shape()](BackwardContext& bctx) {
            bctx.input_grad() = BroadcastTo(*bctx.output_grad() * scale, shape);
        });
    }
    bb.Finalize();
    return out;
}

}  // namespace chainerx
