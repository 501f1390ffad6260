// Key kernels of the manipulation family (the copies themselves use CopyKernel and AsTypeKernel of creation.h).
#pragma once

#include "chainerx/core/kernels/kernel_types.h"

namespace chainerx {

// out[i] = mask[i] ? x[i] : out[i], in the shape of BinaryKernel: Call(x, mask, out). x has out's dtype and
// shape, mask is bool with out's shape (both possibly broadcast, with zero strides). Used by copyto's `where`
// and by tril/triu.
CHAINERX_DEFINE_KEY_KERNEL(MaskedCopyKernel, BinaryKernel);

}  // namespace chainerx
