// Key kernels of the loss family. Only what classifiers' training steps run has a kernel (the softmax and sigmoid
// cross entropies, the mean over the labels and the accuracy); the other losses are compositions (see
// routines/loss.h).
#pragma once

#include <cstdint>
#include <optional>

#include "chainerx/core/array.h"
#include "chainerx/core/kernel_registry.h"
#include "chainerx/core/kernels/kernel_types.h"

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

}  // namespace chainerx
