// Key kernels of the loss family. Only the loss on every classifier's training step has a kernel; the other losses
// are compositions (see routines/loss.h).
#pragma once

#include "chainerx/core/array.h"
#include "chainerx/core/kernel_registry.h"

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

}  // namespace chainerx
