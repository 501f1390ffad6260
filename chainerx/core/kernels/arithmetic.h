// Key kernels of the arithmetic family.
#pragma once

#include "chainerx/core/kernels/kernel_types.h"

namespace chainerx {

CHAINERX_DEFINE_KEY_KERNEL(AddKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(AddASKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(SubtractKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(SubtractASKernel, BinaryScalarKernel);
// scalar - x1
CHAINERX_DEFINE_KEY_KERNEL(SubtractSAKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(MultiplyKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(MultiplyASKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(NegativeKernel, UnaryKernel);
// True division of floating-point operands (integer operands are cast to float32 by the routine).
CHAINERX_DEFINE_KEY_KERNEL(DivideKernel, BinaryKernel);

}  // namespace chainerx
