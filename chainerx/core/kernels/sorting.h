// Key kernels of the sorting family: the positions of extrema.
#pragma once

#include "chainerx/core/array.h"
#include "chainerx/core/kernels/kernel_types.h"

namespace chainerx {

// out[i] = the position along the last axis of x of the extremum of x[i, :]; x is at least 1-d with a
// non-empty last axis (any strides, any of the nine dtypes), out is int64 with x's shape minus the last
// axis. Ties give the first position.
class ArgReductionKernel : public Kernel {
public:
    virtual void Call(const Array& x, const Array& out) = 0;
};

// The first maximum; a NaN counts as the maximum (the first NaN wins), as in NumPy.
CHAINERX_DEFINE_KEY_KERNEL(ArgMaxKernel, ArgReductionKernel);
CHAINERX_DEFINE_KEY_KERNEL(ArgMinKernel, ArgReductionKernel);
// NaNs are skipped; a lane of NaNs only gives -1.
CHAINERX_DEFINE_KEY_KERNEL(NanArgMaxKernel, ArgReductionKernel);
CHAINERX_DEFINE_KEY_KERNEL(NanArgMinKernel, ArgReductionKernel);

}  // namespace chainerx
