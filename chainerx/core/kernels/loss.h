// Key kernels of the loss family. Only what classifiers' training steps run has a kernel (the softmax and sigmoid
// cross entropies, the mean over the labels and the accuracy); the other losses are compositions (see
// routines/loss.h).
#pragma once

#include <cstdint>
#include <optional>

#include "chainerx/core/array.h"
#include "chainerx/core/kernel_registry.h"
#include "chainerx/core/kernels/kernel_types.h"
#include "chainerx/core/numeric/ctc.h"

namespace chainerx {

// out[n] = logsumexp(x[n, :]) - x[n, t[n]], or 0 where t[n] is -1 (the row is not read then). x (N, K) is
// floating point with any strides, t (N,) integer labels that the routine checked to be in [-1, K), out (N,) of
// x's dtype. float16 computes in float. A NaN in a row gives NaN, and so does +inf; -inf elements add nothing to
// the sum (the loss stays finite unless the label's own score is -inf).
class SoftmaxCrossEntropyKernel : public Kernel {
public:
    static const char* name() { return "SoftmaxCrossEntropy"; }
    virtual void Call(const Array& x, const Array& t, const Array& out) = 0;
};

// The first-order gradient of SoftmaxCrossEntropyKernel: gx[n, k] = (softmax(x[n, :])[k] - (k == t[n])) * gout[n],
// and 0 for every k where t[n] is -1 (the row is not read then). x and t as there, gout (N,) and gx (N, K) of x's
// dtype, gx C-contiguous.
class SoftmaxCrossEntropyGradKernel : public Kernel {
public:
    static const char* name() { return "SoftmaxCrossEntropyGrad"; }
    virtual void Call(const Array& x, const Array& t, const Array& gout, const Array& gx) = 0;
};

// out = max(x, 0) + log1p(exp(-|x|)) - x * t elementwise (numeric::SigmoidCrossEntropy), 0 where t is -1. x is
// floating point, t integer of x's shape, both with any strides; out (C-contiguous) has x's dtype and shape.
class SigmoidCrossEntropyKernel : public Kernel {
public:
    static const char* name() { return "SigmoidCrossEntropy"; }
    virtual void Call(const Array& x, const Array& t, const Array& out) = 0;
};

// Its first-order gradient: gx = gout * (sigmoid(x) - t), 0 where t is -1. gout of x's dtype and shape, any strides;
// gx as out there.
class SigmoidCrossEntropyGradKernel : public Kernel {
public:
    static const char* name() { return "SigmoidCrossEntropyGrad"; }
    virtual void Call(const Array& x, const Array& t, const Array& gout, const Array& gx) = 0;
};

// out = sum(loss) * scale, where scale = 1 / max(count, 1) computed in float64 and rounded to loss's dtype, and count
// is the number of labels of t other than ignore_label. loss (L,) is floating point and t (L,) integer, both with any
// stride; out and scale are 0-d of loss's dtype. The sum accumulates as SumKernel's (float for float16) and is
// rounded to loss's dtype before the product, which computes in the compute type.
class MeanOverLabelsKernel : public Kernel {
public:
    static const char* name() { return "MeanOverLabels"; }
    virtual void Call(const Array& loss, const Array& t, int64_t ignore_label, const Array& out,
                      const Array& scale) = 0;
};

// out = correct / max(counted, 1), both counts cast to y's dtype and divided in its compute type: over the samples
// (n, m) of y (N, K, M) (floating point, K > 0) and t (N, M) (signed integer), any strides, counted are those whose
// label is not ignore_label (all of them without one) and correct those of them whose label is the first position
// of the maximum of y[n, :, m] (a NaN being the maximum, as in ArgMaxKernel). out is 0-d of y's dtype.
class AccuracyKernel : public Kernel {
public:
    static const char* name() { return "Accuracy"; }
    virtual void Call(const Array& y, const Array& t, std::optional<int64_t> ignore_label, const Array& out) = 0;
};

// The losses of variational autoencoders and their gradient factors, elementwise (numeric/loss.h, Note [Losses of
// variational autoencoders] in routines/loss_vae.cc): (mean, ln_var), (gout, ln_var), (logits, data), and
// (x - mean, ln_var) for the Gaussian negative log-likelihood and its two factors.
CHAINERX_DEFINE_KEY_KERNEL(GaussianKlDivergenceKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(GaussianKlDivergenceLnVarGradKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(BernoulliNllKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(GaussianNllKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(GaussianNllDiffFactorKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(GaussianNllLnVarFactorKernel, BinaryKernel);

// The Huber loss of a difference, out = huber(x, delta), and its gradient out = g(gout, x, delta): the formulas of
// numeric/loss.h (HuberLoss subtracts first).
CHAINERX_DEFINE_KEY_KERNEL(HuberKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(HuberGradKernel, BinaryWithScalarKernel);

// The CTC loss of a batch (Note [CTC in kernels] in routines/loss_ctc.cc). Operands: log_probs (T, B, K), the
// log-softmax of the scores, float32 or float64 (the compute type C), C-contiguous; labels (B, L) and the lengths
// input_lengths and label_lengths (B,), int32 with any strides; blank in [0, K). CtcLossKernel writes the forward
// variables alpha (T, B, 2 L + 1) of C, C-contiguous (each sample's rows up to its input length; the rest is not
// written), and nll (B,) of C, -log p(labels[b, :label_lengths[b]] | frames 0 .. input_lengths[b] - 1). A sample
// whose lengths are out of range ([0, T], [0, L]) or whose labels within its length are not in [0, K) gets a NaN
// nll (and NaN gradients), without any read out of bounds.
class CtcLossKernel : public Kernel {
public:
    static const char* name() { return "CtcLoss"; }
    virtual void Call(const Array& log_probs, const Array& labels, const Array& input_lengths,
                      const Array& label_lengths, int64_t blank, const Array& alpha, const Array& nll) = 0;
};

// The gradient of nll with respect to the scores, times gout (B,) of the scores' dtype (any stride): gx[t, b, k] =
// (exp(log_probs[t, b, k]) - sum of the posteriors of the positions labelled k) * gout[b] for t < input_lengths[b],
// 0 after. gx (T, B, K) has gout's dtype, C-contiguous; alpha and nll are CtcLossKernel's.
class CtcLossGradKernel : public Kernel {
public:
    static const char* name() { return "CtcLossGrad"; }
    virtual void Call(const Array& log_probs, const Array& labels, const Array& input_lengths,
                      const Array& label_lengths, int64_t blank, const Array& alpha, const Array& nll,
                      const Array& gout, const Array& gx) = 0;
};

namespace internal {

// The batch layout the CTC kernels read (numeric/ctc.h) of their operands.
inline numeric::CtcBatch MakeCtcBatch(const Array& log_probs, const Array& labels, const Array& input_lengths,
                                      const Array& label_lengths, int64_t blank) {
    return numeric::CtcBatch{
            static_cast<const char*>(labels.raw_data()),
            {labels.strides()[0], labels.strides()[1]},
            static_cast<const char*>(input_lengths.raw_data()),
            input_lengths.strides()[0],
            static_cast<const char*>(label_lengths.raw_data()),
            label_lengths.strides()[0],
            log_probs.shape()[0],
            log_probs.shape()[1],
            log_probs.shape()[2],
            labels.shape()[1],
            blank};
}

}  // namespace internal
}  // namespace chainerx
