// CUDA kernels of the reduction family.
//
// One block per output element (grid-stride over outputs); the block's threads stride over the reduced
// elements and combine partial sums in shared memory.
#include "chainerx/core/kernels/reduction.h"
#include "chainerx/cuda/cuda_backend.h"
#include "chainerx/cuda/elementwise.cuh"

namespace chainerx {
namespace cuda {
namespace {

// Input offsets split into the kept axes (enumerated by output index) and the reduced axes.
struct ReductionIndexer {
    int kept_ndim;
    int reduced_ndim;
    int64_t out_total;
    int64_t reduce_total;
    int64_t kept_shape[kMaxNdim];
    int64_t kept_strides[kMaxNdim];
    int64_t reduced_shape[kMaxNdim];
    int64_t reduced_strides[kMaxNdim];

    __device__ static int64_t Offset(int64_t index, int ndim, const int64_t* shape, const int64_t* strides) {
        int64_t offset = 0;
        for (int d = ndim - 1; d >= 0; --d) {
            offset += (index % shape[d]) * strides[d];
            index /= shape[d];
        }
        return offset;
    }
};

template <typename T>
using SumAccumulator = std::conditional_t<
        std::is_same<T, __half>::value,
        float,
        std::conditional_t<std::is_floating_point<T>::value, T, int64_t>>;

template <typename In, typename Acc, typename Out>
__global__ void SumKernelImpl(ReductionIndexer ix, const char* x, Out* out) {
    __shared__ Acc partial[kBlockSize];
    for (int64_t o = blockIdx.x; o < ix.out_total; o += gridDim.x) {
        const char* base = x + ReductionIndexer::Offset(o, ix.kept_ndim, ix.kept_shape, ix.kept_strides);
        Acc acc{0};
        for (int64_t r = threadIdx.x; r < ix.reduce_total; r += blockDim.x) {
            acc += DeviceCast<Acc>(*reinterpret_cast<const In*>(
                    base + ReductionIndexer::Offset(r, ix.reduced_ndim, ix.reduced_shape, ix.reduced_strides)));
        }
        partial[threadIdx.x] = acc;
        __syncthreads();
        for (unsigned width = blockDim.x / 2; width > 0; width /= 2) {
            if (threadIdx.x < width) {
                partial[threadIdx.x] += partial[threadIdx.x + width];
            }
            __syncthreads();
        }
        if (threadIdx.x == 0) {
            out[o] = DeviceCast<Out>(partial[0]);
        }
        __syncthreads();
    }
}

class CudaSumKernel : public SumKernel {
public:
    void Call(const Array& x, const Axes& axes, const Array& out) override {
        ReductionIndexer ix{};
        for (int8_t d = 0, next = 0; d < x.ndim(); ++d) {
            if (next < static_cast<int8_t>(axes.size()) && axes[next] == d) {
                ++next;
                ix.reduced_shape[ix.reduced_ndim] = x.shape()[d];
                ix.reduced_strides[ix.reduced_ndim++] = x.strides()[d];
            } else {
                ix.kept_shape[ix.kept_ndim] = x.shape()[d];
                ix.kept_strides[ix.kept_ndim++] = x.strides()[d];
            }
        }
        ix.out_total = out.GetTotalSize();
        ix.reduce_total = 1;
        for (int d = 0; d < ix.reduced_ndim; ++d) {
            ix.reduce_total *= ix.reduced_shape[d];
        }
        if (ix.out_total == 0) {
            return;
        }
        CudaSetDeviceScope scope{x.device().index()};
        VisitDeviceDtype(x.dtype(), [&](auto pt) {
            using In = typename decltype(pt)::type;
            using Acc = SumAccumulator<In>;
            using Out = std::conditional_t<std::is_same<In, __half>::value, __half, Acc>;
            int grid = static_cast<int>(ix.out_total < 65536 ? ix.out_total : 65536);
            SumKernelImpl<In, Acc, Out><<<grid, kBlockSize>>>(
                    ix, static_cast<const char*>(x.raw_data()), static_cast<Out*>(out.raw_data()));
        });
        CheckCudaError(cudaGetLastError());
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(SumKernel, CudaSumKernel);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
