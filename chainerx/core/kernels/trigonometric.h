// Key kernels of the trigonometric family: out = f(x) or f(x1, x2), all of the same floating-point dtype.
#pragma once

#include "chainerx/core/kernels/kernel_types.h"

namespace chainerx {

CHAINERX_DEFINE_KEY_KERNEL(SinKernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(CosKernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(TanKernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(ArcsinKernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(ArccosKernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(ArctanKernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(Arctan2Kernel, BinaryKernel);

}  // namespace chainerx
