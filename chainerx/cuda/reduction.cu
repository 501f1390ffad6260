// CUDA kernels of the reduction family: the ops of chainerx/core/numeric/reduction.h, as in native/reduction.cc
// (see Note [CUDA reductions] in reduce.cuh).
#include <cstdint>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/reduction.h"
#include "chainerx/core/numeric/reduction.h"
#include "chainerx/core/shape.h"
#include "chainerx/cuda/elementwise.cuh"
#include "chainerx/cuda/reduce.cuh"

namespace chainerx {
namespace cuda {
namespace {

CHAINERX_CUDA_REGISTER_REDUCTION(SumKernel, numeric::SumOp, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_REDUCTION(NanSumKernel, numeric::NanSumOp, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_REDUCTION(CountNonzeroKernel, numeric::CountNonzeroOp, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_REDUCTION(AllKernel, numeric::AllOp, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_REDUCTION(AnyKernel, numeric::AnyOp, kAllDtypeMask);

// One thread per lane (every axis but the scanned one) runs the sum along it in order, as native does, so the
// bits are the same.
template <typename Op>
struct CumsumFunctor {
    ReductionIndexer x_lanes;  // kept: the lane axes of x; reduced: unused
    ReductionIndexer out_lanes;
    const char* x;
    char* out;
    int64_t n;
    int64_t x_step;
    int64_t out_step;
    __device__ void operator()(int64_t lane) const {
        const char* xp = x + x_lanes.KeptOffset(lane);
        char* op = out + out_lanes.KeptOffset(lane);
        typename Op::Acc acc = Op::Identity();
        for (int64_t k = 0; k < n; ++k) {
            acc = Op::Accumulate(acc, *reinterpret_cast<const typename Op::In*>(xp + k * x_step));
            *reinterpret_cast<typename Op::Out*>(op + k * out_step) = DeviceCast<typename Op::Out>(acc);
        }
    }
};

class CudaCumsumKernel : public CumsumKernel {
public:
    void Call(const Array& x, int8_t axis, bool reverse, const Array& out) override {
        const int64_t n = x.shape()[axis];
        if (n == 0) {
            return;
        }
        Axes scanned{axis};
        VisitDeviceDtype(x.dtype(), [&](auto pt) {
            using Op = numeric::SumOp<typename decltype(pt)::type>;
            // Walked backwards when `reverse`: start at the last element, negative steps.
            int64_t x_step = x.strides()[axis];
            int64_t out_step = out.strides()[axis];
            const char* x_start = static_cast<const char*>(x.raw_data()) + (reverse ? (n - 1) * x_step : 0);
            char* out_start = static_cast<char*>(out.raw_data()) + (reverse ? (n - 1) * out_step : 0);
            CumsumFunctor<Op> scan{MakeReductionIndexer(x, scanned), MakeReductionIndexer(out, scanned), x_start,
                                   out_start, n, reverse ? -x_step : x_step, reverse ? -out_step : out_step};
            LaunchIndexed(x.device(), scan.x_lanes.out_total, scan);
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(CumsumKernel, CudaCumsumKernel);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
