// Key kernels of the pooling family. Arrays are (N, C, d1, ..., dn) with n spatial axes; each of the N * C planes
// is pooled independently. Inputs are C-contiguous and validated by the routine (see routines/pooling.h); outputs
// are C-contiguous and fully written by the kernel.
#pragma once

#include <cstdint>

#include "chainerx/core/array.h"
#include "chainerx/core/kernel_registry.h"
#include "chainerx/core/shape.h"
#include "chainerx/core/stack_vector.h"

namespace chainerx {

// Per spatial axis sizes (the same alias as in kernels/connection.h).
using Dims = StackVector<int64_t, kMaxNdim>;

// The pooling windows: window j of spatial axis i covers input positions [j * stride[i] - pad[i],
// j * stride[i] - pad[i] + ksize[i]), clipped to the input.
struct PoolWindow {
    Dims ksize;
    Dims stride;
    Dims pad;
};

// The (N * C) planes of the arrays a pooling kernel maps between, and the element counts of one plane of `in` and
// of `out` (all zero when there are no planes); for the kernels that walk planes by the indices of max pooling.
struct PoolPlanes {
    int64_t planes;
    int64_t in_size;
    int64_t out_size;
};

inline PoolPlanes GetPoolPlanes(const Array& in, const Array& out) {
    const int64_t planes = in.shape()[0] * in.shape()[1];
    if (planes == 0) {
        return {0, 0, 0};
    }
    return {planes, in.GetTotalSize() / planes, out.GetTotalSize() / planes};
}

// out = the maximum of each window of x (the lowest value of the dtype for a window of padding only);
// indices (int64, out's shape) = the flat offset of that maximum within its input plane, the first one on ties,
// -1 for a window of padding only.
class MaxPoolKernel : public Kernel {
public:
    static const char* name() { return "MaxPoolKernel"; }
    virtual void Call(const Array& x, const PoolWindow& window, const Array& out, const Array& indices) = 0;
};

// gx = 0, then gx[plane, indices[plane, j]] += gout[plane, j] for every output position j with an index >= 0, in
// increasing j. `window` is the forward's: index j lies in window j, so a kernel may instead gather, for each
// input position, from the windows that contain it (native scatters; CUDA gathers, a thread per element).
class MaxPoolGradKernel : public Kernel {
public:
    static const char* name() { return "MaxPoolGradKernel"; }
    virtual void Call(const Array& gout, const Array& indices, const PoolWindow& window, const Array& gx) = 0;
};

// ggout[plane, j] = ggx[plane, indices[plane, j]], or 0 where the index is -1: the adjoint of MaxPoolGradKernel.
class MaxPoolGradGradKernel : public Kernel {
public:
    static const char* name() { return "MaxPoolGradGradKernel"; }
    virtual void Call(const Array& ggx, const Array& indices, const Array& ggout) = 0;
};

// out = the sum of each window of x divided by ksize's product when `count_pad`, else by the number of input
// elements in the window (NaN for a window of padding only, 0 / 0). Floating-point dtypes.
class AveragePoolKernel : public Kernel {
public:
    static const char* name() { return "AveragePoolKernel"; }
    virtual void Call(const Array& x, const PoolWindow& window, bool count_pad, const Array& out) = 0;
};

// gx = the adjoint of AveragePoolKernel applied to gout: each gout element, divided as in the forward, is added
// to every input element of its window.
class AveragePoolGradKernel : public Kernel {
public:
    static const char* name() { return "AveragePoolGradKernel"; }
    virtual void Call(const Array& gout, const PoolWindow& window, bool count_pad, const Array& gx) = 0;
};

}  // namespace chainerx
