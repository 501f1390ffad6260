// CUDA kernels of the sorting family: the arg-reductions with the rules of chainerx/core/numeric/sorting.h, as in
// native/sorting.cc. A block scans one lane (the routine moves the reduced axis last); each thread keeps the best
// of a strided subset, then the block combines them preferring the lower position on ties, so the first extremum
// wins as on native.
#include <cstdint>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/sorting.h"
#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/sorting.h"
#include "chainerx/cuda/cuda_backend.h"
#include "chainerx/cuda/elementwise.cuh"
#include "chainerx/cuda/reduce.cuh"

namespace chainerx {
namespace cuda {
namespace {

// Whether (value, index) b is preferred to a; index -1 means no element (all skipped).
template <typename Op, typename C>
__device__ bool Prefer(C b_value, int64_t b_index, C a_value, int64_t a_index) {
    if (b_index < 0) {
        return false;
    }
    if (a_index < 0 || Op::Better(b_value, a_value)) {
        return true;
    }
    return !Op::Better(a_value, b_value) && b_index < a_index;
}

template <typename Op, typename T>
__global__ void ArgReduceKernel(ReductionIndexer ix, const char* x, int64_t* out) {
    using C = numeric::ComputeType<T>;
    __shared__ C values[kBlockSize];
    __shared__ int64_t indices[kBlockSize];
    for (int64_t o = blockIdx.x; o < ix.out_total; o += gridDim.x) {
        const char* base = x + ix.KeptOffset(o);
        C best{};
        int64_t best_index = -1;
        for (int64_t r = threadIdx.x; r < ix.reduce_total; r += blockDim.x) {
            C value = static_cast<C>(*reinterpret_cast<const T*>(base + ix.ReducedOffset(r)));
            if (!Op::Skip(value) && (best_index < 0 || Op::Better(value, best))) {
                best = value;
                best_index = r;
            }
        }
        values[threadIdx.x] = best;
        indices[threadIdx.x] = best_index;
        __syncthreads();
        for (unsigned width = blockDim.x / 2; width > 0; width /= 2) {
            if (threadIdx.x < width) {
                unsigned other = threadIdx.x + width;
                if (Prefer<Op>(values[other], indices[other], values[threadIdx.x], indices[threadIdx.x])) {
                    values[threadIdx.x] = values[other];
                    indices[threadIdx.x] = indices[other];
                }
            }
            __syncthreads();
        }
        if (threadIdx.x == 0) {
            out[o] = indices[0];
        }
        __syncthreads();
    }
}

template <typename KeyKernel, typename Op>
class CudaArgReductionKernel : public KeyKernel {
public:
    void Call(const Array& x, const Array& out) override {
        Axes last{static_cast<int8_t>(x.ndim() - 1)};
        ReductionIndexer ix = MakeReductionIndexer(x, last);
        if (ix.out_total == 0) {
            return;
        }
        CudaSetDeviceScope scope{x.device().index()};
        VisitDeviceDtype(x.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            ArgReduceKernel<Op, T><<<ReductionGrid(ix.out_total), kBlockSize>>>(
                    ix, static_cast<const char*>(x.raw_data()), static_cast<int64_t*>(out.raw_data()));
        });
        CheckCudaError(cudaGetLastError());
    }
};

using ArgMaxImpl = CudaArgReductionKernel<ArgMaxKernel, numeric::ArgMaxOp>;
using ArgMinImpl = CudaArgReductionKernel<ArgMinKernel, numeric::ArgMinOp>;
using NanArgMaxImpl = CudaArgReductionKernel<NanArgMaxKernel, numeric::NanArgMaxOp>;
using NanArgMinImpl = CudaArgReductionKernel<NanArgMinKernel, numeric::NanArgMinOp>;
CHAINERX_CUDA_REGISTER_KERNEL(ArgMaxKernel, ArgMaxImpl);
CHAINERX_CUDA_REGISTER_KERNEL(ArgMinKernel, ArgMinImpl);
CHAINERX_CUDA_REGISTER_KERNEL(NanArgMaxKernel, NanArgMaxImpl);
CHAINERX_CUDA_REGISTER_KERNEL(NanArgMinKernel, NanArgMinImpl);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
