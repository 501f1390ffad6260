// Key kernels of the reduction family.
//
// Reduction kernels share one shape, ReductionKernel: out = the reduction of x over `axes` (sorted, normalized,
// unique). out is C-contiguous with x's shape minus those axes (or with them kept as 1: the kernel only sees
// the elements), and its dtype is the one the routine chose (e.g. int64 for sums of integers).
#pragma once

#include <cstdint>

#include "chainerx/core/array.h"
#include "chainerx/core/kernel_registry.h"
#include "chainerx/core/kernels/kernel_types.h"
#include "chainerx/core/shape.h"

namespace chainerx {

class ReductionKernel : public Kernel {
public:
    virtual void Call(const Array& x, const Axes& axes, const Array& out) = 0;
};

// Sum; float16 accumulates in float, integers and bool in int64.
CHAINERX_DEFINE_KEY_KERNEL(SumKernel, ReductionKernel);
// Sum with NaNs counted as zero.
CHAINERX_DEFINE_KEY_KERNEL(NanSumKernel, ReductionKernel);
// Sum of the squares of floating-point elements, in their dtype.
CHAINERX_DEFINE_KEY_KERNEL(SumSquaresKernel, ReductionKernel);
// Number of nonzero elements, int64 out.
CHAINERX_DEFINE_KEY_KERNEL(CountNonzeroKernel, ReductionKernel);
// Whether all / any elements are nonzero, bool out.
CHAINERX_DEFINE_KEY_KERNEL(AllKernel, ReductionKernel);
CHAINERX_DEFINE_KEY_KERNEL(AnyKernel, ReductionKernel);

// Product; accumulated as Sum (so bool and integers give int64).
CHAINERX_DEFINE_KEY_KERNEL(ProdKernel, ReductionKernel);

// out = cumulative sum (product) of x along `axis` (normalized), from the first element (or from the last when
// `reverse`, which the gradient of the sum uses). out has x's shape; its dtype may be wider (int64 for integers
// and bool).
class ScanKernel : public Kernel {
public:
    virtual void Call(const Array& x, int8_t axis, bool reverse, const Array& out) = 0;
};
CHAINERX_DEFINE_KEY_KERNEL(CumsumKernel, ScanKernel);
CHAINERX_DEFINE_KEY_KERNEL(CumprodKernel, ScanKernel);

}  // namespace chainerx
