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

// The parametric ReLU (numeric::PRelu) of x and slopes w broadcast to x's shape, and its gradients Call(gout, x, w,
// out) of x (numeric::PReluGrad) and of w before the sum over the broadcast axes (numeric::PReluSlopeGrad).
CHAINERX_DEFINE_KEY_KERNEL(PReluKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(PReluGradKernel, TernaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(PReluSlopeGradKernel, TernaryKernel);

// Swish (numeric::Swish) of x and beta broadcast to x's shape, and its gradients Call(gout, x, beta, out) of x
// (numeric::SwishGrad) and of beta before the sum over the broadcast axes (numeric::SwishBetaGrad).
CHAINERX_DEFINE_KEY_KERNEL(SwishKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(SwishGradKernel, TernaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(SwishBetaGradKernel, TernaryKernel);

}  // namespace chainerx
