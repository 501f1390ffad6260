// CUDA kernels of the sorting family: the arg-reductions with the rules of chainerx/core/numeric/sorting.h, as in
// native/sorting.cc. A block scans one lane (the routine moves the reduced axis last), or one chunk of it when there
// are few lanes (the chunking of Note [CUDA reductions]); each thread keeps the best of a strided subset, then the
// block combines them preferring the lower position on ties, and a second kernel combines the chunks' best the same
// way. The preference is a total order on (value, position), so the first extremum wins as on native, whatever the
// grouping. Many lanes side by side in memory (an argmax over axis 0) are scanned a thread each instead, so that a
// warp reads adjacent elements.
#include <cstdint>
#include <memory>

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

// A thread per lane, walking it in order.
template <typename Op, typename T>
struct ArgReduceLanes {
    ReductionIndexer ix;
    const char* x;
    int64_t* out;
    __device__ void operator()(int64_t o) const {
        using C = numeric::ComputeType<T>;
        const char* base = x + ix.KeptOffset(o);
        C best{};
        int64_t best_index = -1;
        for (int64_t r = 0; r < ix.reduce_total; ++r) {
            const auto value = static_cast<C>(*reinterpret_cast<const T*>(base + ix.ReducedOffset(r)));
            numeric::ConsiderNext<Op>(value, r, best, best_index);
        }
        out[o] = best_index;
    }
};

// The block's preferred candidate: every thread's (value, index) combined in a fixed tree. Every thread gets it.
template <typename Op, typename C>
__device__ void BlockPrefer(C& value, int64_t& index) {
    __shared__ C values[kBlockSize];
    __shared__ int64_t indices[kBlockSize];
    values[threadIdx.x] = value;
    indices[threadIdx.x] = index;
    __syncthreads();
    for (unsigned width = blockDim.x / 2; width > 0; width /= 2) {
        if (threadIdx.x < width) {
            unsigned other = threadIdx.x + width;
            if (numeric::Prefer<Op>(values[other], indices[other], values[threadIdx.x], indices[threadIdx.x])) {
                values[threadIdx.x] = values[other];
                indices[threadIdx.x] = indices[other];
            }
        }
        __syncthreads();
    }
    value = values[0];
    index = indices[0];
    __syncthreads();  // before the next use overwrites the arrays
}

// Block b scans chunk b % chunks of lane b / chunks (positions chunk * blockDim + thread, stepping by
// chunks * blockDim). With one chunk the position goes to `out`, else the candidate to the partials at b.
template <typename Op, typename T>
__global__ void ArgReduceKernel(ReductionIndexer ix, const char* x, int64_t chunks, int64_t* out,
                                numeric::ComputeType<T>* partial_values, int64_t* partial_indices) {
    using C = numeric::ComputeType<T>;
    for (int64_t b = blockIdx.x; b < ix.out_total * chunks; b += gridDim.x) {
        const int64_t o = b / chunks;
        const int64_t chunk = b % chunks;
        const char* base = x + ix.KeptOffset(o);
        C best{};
        int64_t best_index = -1;
        for (int64_t r = chunk * blockDim.x + threadIdx.x; r < ix.reduce_total; r += chunks * blockDim.x) {
            const auto value = static_cast<C>(*reinterpret_cast<const T*>(base + ix.ReducedOffset(r)));
            numeric::ConsiderNext<Op>(value, r, best, best_index);
        }
        BlockPrefer<Op>(best, best_index);
        if (threadIdx.x == 0) {
            if (chunks == 1) {
                out[o] = best_index;
            } else {
                partial_values[b] = best;
                partial_indices[b] = best_index;
            }
        }
    }
}

template <typename Op, typename C>
__global__ void ArgCombineChunksKernel(
        const C* partial_values, const int64_t* partial_indices, int64_t chunks, int64_t out_total, int64_t* out) {
    for (int64_t o = blockIdx.x; o < out_total; o += gridDim.x) {
        C best{};
        int64_t best_index = -1;
        for (int64_t c = threadIdx.x; c < chunks; c += blockDim.x) {
            const int64_t p = o * chunks + c;
            if (numeric::Prefer<Op>(partial_values[p], partial_indices[p], best, best_index)) {
                best = partial_values[p];
                best_index = partial_indices[p];
            }
        }
        BlockPrefer<Op>(best, best_index);
        if (threadIdx.x == 0) {
            out[o] = best_index;
        }
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
        const int64_t chunks = ReductionChunks(ix, 1, kBlockSize);
        VisitDeviceDtype(x.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            using C = numeric::ComputeType<T>;
            const auto* x_data = static_cast<const char*>(x.raw_data());
            auto* out_data = static_cast<int64_t*>(out.raw_data());
            // Short lanes too (argmax over the 10 classes of a batch, as accuracy takes it): a block per lane would
            // leave most of its threads idle (see kThreadPerOutputMax in reduce.cuh).
            if (ThreadPerLaneSuits(ix, sizeof(T)) || ix.reduce_total <= kThreadPerOutputMax) {
                LaunchIndexed(x.device(), ix.out_total, ArgReduceLanes<Op, T>{ix, x_data, out_data});
                return;
            }
            if (chunks == 1) {
                ArgReduceKernel<Op, T><<<ReductionGrid(ix.out_total), kBlockSize>>>(
                        ix, x_data, 1, out_data, nullptr, nullptr);
                return;
            }
            // Freed on return: the pool reuses them only for work queued after these kernels.
            const auto n = static_cast<size_t>(ix.out_total * chunks);
            std::shared_ptr<void> values = x.device().Allocate(n * sizeof(C));
            std::shared_ptr<void> indices = x.device().Allocate(n * sizeof(int64_t));
            auto* value_data = static_cast<C*>(values.get());
            auto* index_data = static_cast<int64_t*>(indices.get());
            ArgReduceKernel<Op, T><<<ReductionGrid(ix.out_total * chunks), kBlockSize>>>(
                    ix, x_data, chunks, out_data, value_data, index_data);
            ArgCombineChunksKernel<Op, C><<<ReductionGrid(ix.out_total), kBlockSize>>>(
                    value_data, index_data, chunks, ix.out_total, out_data);
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
