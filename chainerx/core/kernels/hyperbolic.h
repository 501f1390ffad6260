// Key kernels of the hyperbolic family: out = f(x), both of the same floating-point dtype.
#pragma once

#include "chainerx/core/kernels/kernel_types.h"

namespace chainerx {

CHAINERX_DEFINE_KEY_KERNEL(SinhKernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(CoshKernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(TanhKernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(ArcsinhKernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(ArccoshKernel, UnaryKernel);

}  // namespace chainerx
