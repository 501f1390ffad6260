// Key kernels of the statistics family; they have the shape of ReductionKernel (see kernels/reduction.h).
#pragma once

#include "chainerx/core/kernels/kernel_types.h"
#include "chainerx/core/kernels/reduction.h"

namespace chainerx {

// Maximum / minimum, out of x's dtype; NaN if any reduced element is NaN. The routine rejects empty
// reductions, which have no identity.
CHAINERX_DEFINE_KEY_KERNEL(AMaxKernel, ReductionKernel);
CHAINERX_DEFINE_KEY_KERNEL(AMinKernel, ReductionKernel);
// Arithmetic mean: floats keep their dtype (float16 accumulates in float); bool and integers give float32.
CHAINERX_DEFINE_KEY_KERNEL(MeanKernel, ReductionKernel);

}  // namespace chainerx
