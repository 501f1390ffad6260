// Key kernels of the creation family.
#pragma once

#include <cstdint>

#include "chainerx/core/array.h"
#include "chainerx/core/kernels/kernel_types.h"
#include "chainerx/core/scalar.h"

namespace chainerx {

// out[...] = value (converted to out's dtype).
class FillKernel : public Kernel {
public:
    static const char* name() { return "Fill"; }
    virtual void Call(const Array& out, Scalar value) = 0;
};

// out[i] = start + i * step, out being 1-d.
class ArangeKernel : public Kernel {
public:
    static const char* name() { return "Arange"; }
    virtual void Call(Scalar start, Scalar step, const Array& out) = 0;
};

// out[i, j] = (j - i <= k) for the lower triangle, (j - i >= k) for the upper one, converted to out's dtype;
// out is 2-d.
class TriKernel : public Kernel {
public:
    static const char* name() { return "Tri"; }
    virtual void Call(int64_t k, bool upper, const Array& out) = 0;
};

// out = x, element by element, any strides; x and out have the same dtype.
CHAINERX_DEFINE_KEY_KERNEL(CopyKernel, UnaryKernel);
// out = x converted to out's dtype (C++ conversion rules; float → int truncates).
CHAINERX_DEFINE_KEY_KERNEL(AsTypeKernel, UnaryKernel);

}  // namespace chainerx
