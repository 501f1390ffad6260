// Key kernels of the logic family. Inputs share one dtype (any of the nine); the output is always bool.
#pragma once

#include "chainerx/core/kernels/kernel_types.h"

namespace chainerx {

CHAINERX_DEFINE_KEY_KERNEL(EqualKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(NotEqualKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(GreaterKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(GreaterEqualKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(LessKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(LessEqualKernel, BinaryKernel);
// x1 op scalar, the scalar in x1's dtype: one kernel where a 0-d array of the scalar would cost a fill (a second
// launch on a GPU) and an allocation.
CHAINERX_DEFINE_KEY_KERNEL(EqualASKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(NotEqualASKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(GreaterASKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(GreaterEqualASKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(LessASKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(LessEqualASKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(LogicalAndKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(LogicalOrKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(LogicalXorKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(LogicalNotKernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(IsNanKernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(IsInfKernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(IsFiniteKernel, UnaryKernel);

}  // namespace chainerx
