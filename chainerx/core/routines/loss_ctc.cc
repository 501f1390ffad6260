// The connectionist temporal classification loss (declared in loss.h).
//
// Note [CTC in kernels]
// Composed of routines, the CTC loss is a loop over the frames, a dozen routines per frame for each of the forward
// and backward recursions (Note [CTC recursions] in chainer/functions/loss/ctc.py): on a GPU, F.ctc took 250
// launches forward and 78 backward for three frames, and more with every frame. Here it is three launches forward and
// one backward: the log-softmax of the scores (SoftmaxKernel), CtcLossKernel, which runs the forward recursion of
// every sample over all its frames, and CtcLossGradKernel, which runs the backward recursion from each sample's last
// frame and turns every frame's posteriors into that frame's gradient row as soon as the frame's backward variables
// exist, so that only two rows of them are kept. The CUDA kernels give each sample a block and each position of its
// path a thread, one barrier per frame (the recursion is sequential in time, as in cuDNN's and PyTorch's CTC); the
// native kernels run samples in parallel. The posteriors of the positions of one label are summed deterministically:
// the label's first position walks its chain of later positions in order (no atomics). The formulas are the NumPy
// path's (numeric/ctc.h: the same log 0, shifts and clamp), so both give the same values up to rounding.
// Lengths and labels out of range raise IndexError where the host reads device memory in place; elsewhere the
// sample's loss and gradient are NaN, as in softmax_cross_entropy (Note [Fused softmax cross entropy] in loss.cc).
// The gradient with respect to x is a constant times gout: differentiable again in gout only, as in the original.
#include <cstdint>

#include "chainerx/core/array.h"
#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/backprop_id.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/loss.h"
#include "chainerx/core/kernels/softmax.h"
#include "chainerx/core/routines/arithmetic.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/loss.h"
#include "chainerx/core/routines/manipulation.h"
#include "chainerx/core/routines/type_util.h"

namespace chainerx {
namespace {

constexpr const char* kOp = "ctc_loss";

void CheckInt32(const Array& a, const char* name) {
    if (a.dtype() != Dtype::kInt32) {
        throw DtypeError{kOp, ": ", name, " must be int32, not ", a.dtype()};
    }
}

void CheckShapes(const Array& x, const Array& labels, const Array& input_lengths, const Array& label_lengths) {
    const bool ranks = x.ndim() == 3 && labels.ndim() == 2 && input_lengths.ndim() == 1 && label_lengths.ndim() == 1;
    if (!ranks || labels.shape()[0] != x.shape()[1] || input_lengths.shape()[0] != x.shape()[1] ||
        label_lengths.shape()[0] != x.shape()[1]) {
        throw DimensionError{kOp, ": expected x (T, B, K), labels (B, L) and lengths (B,), got ", x.shape(), ", ",
                             labels.shape(), ", ", input_lengths.shape(), " and ", label_lengths.shape()};
    }
    if (x.shape()[2] == 0) {
        throw DimensionError{kOp, ": x ", x.shape(), " has no unit"};
    }
}

// The lengths and the labels within them, read in place (the device is host-accessible).
void CheckValuesOnHost(const numeric::CtcBatch& batch) {
    for (int64_t b = 0; b < batch.batch; ++b) {
        if (!batch.LengthsValid(b)) {
            throw IndexError{kOp, ": sample ", b, " has input length ", batch.InputLength(b), " and label length ",
                             batch.LabelLength(b), ", not in [0, ", batch.frames, "] and [0, ", batch.max_labels,
                             "]"};
        }
        const int64_t j = batch.FirstInvalidLabel(b);
        if (j >= 0) {
            throw IndexError{kOp, ": label ", batch.Path(b).Label(j), " of sample ", b, " is not in [0, ", batch.units,
                             ")"};
        }
    }
}

// The operands both kernels read, kept for the backward.
struct CtcOperands {
    Array log_probs;
    Array labels;
    Array input_lengths;
    Array label_lengths;
    int64_t blank;
    Array alpha;
    Array nll;
};

// d nll / d x times gout (of x's dtype), one kernel.
Array CtcGradient(const CtcOperands& ops, const Array& gout) {
    Array gx = Empty(ops.log_probs.shape(), gout.dtype(), gout.device());
    gout.device().CallKernel<CtcLossGradKernel>(
            ops.log_probs, ops.labels, ops.input_lengths, ops.label_lengths, ops.blank, ops.alpha, ops.nll, gout, gx);
    return gx;
}

}  // namespace

Array CtcLoss(const Array& x, const Array& labels, const Array& input_lengths, const Array& label_lengths,
              int64_t blank) {
    if (!IsFloatingPoint(x.dtype())) {
        throw DtypeError{kOp, ": x must be floating point, not ", x.dtype()};
    }
    CheckInt32(labels, "labels");
    CheckInt32(input_lengths, "input_lengths");
    CheckInt32(label_lengths, "label_lengths");
    CheckShapes(x, labels, input_lengths, label_lengths);
    const int64_t units = x.shape()[2];
    if (blank < 0 || blank >= units) {
        throw IndexError{kOp, ": blank ", blank, " is not in [0, ", units, ")"};
    }
    internal::CheckSameDevice(kOp, x, labels);
    internal::CheckSameDevice(kOp, x, input_lengths);
    internal::CheckSameDevice(kOp, x, label_lengths);
    Device& device = x.device();
    if (device.IsHostAccessible()) {
        device.Synchronize();
        CheckValuesOnHost(internal::MakeCtcBatch(x, labels, input_lengths, label_lengths, blank));
    }

    // float16 computes in float32, as the NumPy path does.
    const Dtype math = x.dtype() == Dtype::kFloat64 ? Dtype::kFloat64 : Dtype::kFloat32;
    Array xf = x.AsGradStopped().AsType(math, false);
    Array log_probs = xf.GetTotalSize() == 0 ? Empty(x.shape(), math, device)
                                             : AsContiguousArray(device.CallKernel<SoftmaxKernel>(xf, int8_t{2}, true));
    const int64_t batch = x.shape()[1];
    Array alpha = Empty({x.shape()[0], batch, 2 * labels.shape()[1] + 1}, math, device);
    Array nll = Empty({batch}, math, device);
    // out below is nll itself for float32 and float64: the backward keeps a view without the graph, since the
    // output's own body held by its backward would never be freed (a reference cycle through its graph node).
    CtcOperands ops{log_probs,
                    labels.AsGradStopped(),
                    input_lengths.AsGradStopped(),
                    label_lengths.AsGradStopped(),
                    blank,
                    alpha,
                    nll.AsGradStopped()};
    device.CallKernel<CtcLossKernel>(
            ops.log_probs, ops.labels, ops.input_lengths, ops.label_lengths, blank, ops.alpha, ops.nll);
    Array out = nll.AsType(x.dtype(), false);

    BackwardBuilder bb{kOp, x, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([ops = std::move(ops)](BackwardContext& bctx) {
            const Array& gout = *bctx.output_grad();
            if (!gout.IsBackpropRequired(AnyGraph{})) {
                bctx.input_grad() = CtcGradient(ops, gout);
                return;
            }
            // A double backward differentiates the product with gout (the gradient is constant in x).
            Array ones = Ones(gout.shape(), gout.dtype(), gout.device());
            bctx.input_grad() = CtcGradient(ops, ones) * Reshape(gout, {1, gout.shape()[0], 1});
        });
    }
    bb.Finalize();
    return out;
}

}  // namespace chainerx
