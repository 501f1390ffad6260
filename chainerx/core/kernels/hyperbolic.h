// Key kernels of the hyperbolic family: out = f(x), both of the same floating-point dtype (and tanh's gradient).
#pragma once

#include "chainerx/core/kernels/kernel_types.h"

namespace chainerx {

CHAINERX_DEFINE_KEY_KERNEL(SinhKernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(CoshKernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(TanhKernel, UnaryKernel);
// tanh's gradient: out = x1 * (1 - x2 * x2), with x1 the output gradient and x2 tanh's output.
CHAINERX_DEFINE_KEY_KERNEL(TanhGradKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(ArcsinhKernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(ArccoshKernel, UnaryKernel);

}  // namespace chainerx
