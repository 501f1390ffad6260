// Key kernels of the activation family: out = f(x) (or f(x, param)), both of the same floating-point dtype, and
// gradients. The activations on networks' hot paths have kernels; the others are compositions (see
// routines/activation.h).
#pragma once

#include "chainerx/core/kernels/kernel_types.h"

namespace chainerx {

CHAINERX_DEFINE_KEY_KERNEL(ReluKernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(SigmoidKernel, UnaryKernel);
// ReLU's gradient: out = x2 > 0 ? x1 : 0, with x1 the output gradient and x2 ReLU's output.
CHAINERX_DEFINE_KEY_KERNEL(ReluGradKernel, BinaryKernel);
// Sigmoid's gradient: out = x1 * x2 * (1 - x2), with x1 the output gradient and x2 sigmoid's output.
CHAINERX_DEFINE_KEY_KERNEL(SigmoidGradKernel, BinaryKernel);

// The parametric activations, out = f(x, param), and their gradients from the input, out = g(gout, x, param): the
// formulas of numeric/activation.h.
CHAINERX_DEFINE_KEY_KERNEL(LeakyReluKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(LeakyReluGradKernel, BinaryWithScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(EluKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(EluGradKernel, BinaryWithScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(SoftplusKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(SoftplusGradKernel, BinaryWithScalarKernel);

// The parametric ReLU (numeric::PRelu) of x and slopes w broadcast to x's shape, and its slopes' gradient factor
// (numeric::PReluSlopeGrad) of gout and x, before the sum over the broadcast axes.
CHAINERX_DEFINE_KEY_KERNEL(PReluKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(PReluSlopeGradKernel, BinaryKernel);

// Its gradient of x, gx = gout where x >= 0, else gout * w (numeric::PReluGrad); operands of one float dtype and
// x's shape (w broadcast), any strides.
class PReluGradKernel : public Kernel {
public:
    static const char* name() { return "PReluGrad"; }
    virtual void Call(const Array& gout, const Array& x, const Array& w, const Array& gx) = 0;
};

}  // namespace chainerx
