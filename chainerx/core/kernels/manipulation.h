// Key kernels of the manipulation family (the copies themselves use CopyKernel and AsTypeKernel of creation.h).
#pragma once

#include <cstdint>
#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/kernel_registry.h"
#include "chainerx/core/kernels/kernel_types.h"

namespace chainerx {

// out[i] = mask[i] ? x[i] : out[i], in the shape of BinaryKernel: Call(x, mask, out). x has out's dtype and
// shape, mask is bool with out's shape (both possibly broadcast, with zero strides). Used by copyto's `where`
// and by tril/triu.
CHAINERX_DEFINE_KEY_KERNEL(MaskedCopyKernel, BinaryKernel);

// out = the concatenation of `parts` along `axis` (in [0, ndim)): each part is copied into the range of out along
// `axis` that follows the previous part's, cast to out's dtype where its own differs. The parts have out's shape
// but along `axis`, where their lengths add up to out's, and any strides; out is new (C-contiguous).
class ConcatenateKernel : public Kernel {
public:
    static const char* name() { return "Concatenate"; }
    virtual void Call(const std::vector<Array>& parts, int8_t axis, const Array& out) = 0;
};

// A copy (CopyKernel, or AsTypeKernel) per part: what native registers; the CUDA backend copies up to eight parts
// of out's dtype in one launch (cuda/manipulation.cu).
class GenericConcatenateKernel : public ConcatenateKernel {
public:
    void Call(const std::vector<Array>& parts, int8_t axis, const Array& out) override;
};

}  // namespace chainerx
