// Key kernels of the exponential/logarithm family: out = f(x), both of the same floating-point dtype.
#pragma once

#include "chainerx/core/kernels/kernel_types.h"

namespace chainerx {

CHAINERX_DEFINE_KEY_KERNEL(ExpKernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(Expm1Kernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(Exp2Kernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(LogKernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(Log10Kernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(Log2Kernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(Log1pKernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(ErfKernel, UnaryKernel);

}  // namespace chainerx
