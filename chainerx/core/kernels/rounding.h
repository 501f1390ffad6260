// Key kernels of the rounding family: out = f(x), both of the same floating-point dtype.
#pragma once

#include "chainerx/core/kernels/kernel_types.h"

namespace chainerx {

CHAINERX_DEFINE_KEY_KERNEL(CeilKernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(FloorKernel, UnaryKernel);

}  // namespace chainerx
