// Key kernels of the reduction family.
#pragma once

#include "chainerx/core/array.h"
#include "chainerx/core/kernel_registry.h"
#include "chainerx/core/shape.h"

namespace chainerx {

// out = sum of x over the sorted, normalized `axes`. out has x's shape with those axes removed or kept as 1
// (keepdims); its dtype may be wider than x's (int64 for integer and bool inputs).
class SumKernel : public Kernel {
public:
    static const char* name() { return "Sum"; }
    virtual void Call(const Array& x, const Axes& axes, const Array& out) = 0;
};

}  // namespace chainerx
