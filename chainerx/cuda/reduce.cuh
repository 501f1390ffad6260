// The CUDA twin of native/reduce.h: a reduction key kernel defined by a reduction op of chainerx/core/numeric
// (Identity, Accumulate, Combine, optional Finalize; see numeric/reduction.h) is registered in one line:
//
//     CHAINERX_CUDA_REGISTER_REDUCTION(SumKernel, numeric::SumOp, kAllDtypeMask);
//
// Note [CUDA reductions]
// - A block reduces one output element, or one chunk of it: when there are few outputs and many elements each,
//   the reduced elements are cut into `chunks` interleaved chunks whose partial accumulators a second kernel
//   combines, so that a full reduction still fills the GPU.
// - Each thread folds a strided subset of its chunk, then the block combines its threads' accumulators in a fixed
//   tree in shared memory. The chunking depends only on the shapes and strides, so the result is the same bits
//   every run (no atomics).
// - Adjacent axes that are contiguous in memory are merged first, so a contiguous full reduction computes one
//   offset per element with one division.
// - When the innermost axis in memory is a kept one (a sum over the leading axes, such as a bias gradient), one
//   output per block would have its threads read elements a row apart. There, a block instead holds 32
//   consecutive outputs by 8 reduced rows, so that the 32 threads of a warp read 32 adjacent elements; the rows'
//   accumulators are combined in a fixed tree as well (ReduceColumnsKernel).
// - With at most kThreadPerOutputMax elements per output, a thread per output folds them in order instead.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <type_traits>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/shape.h"
#include "chainerx/cuda/cuda_backend.h"
#include "chainerx/cuda/elementwise.cuh"
#include "chainerx/cuda/elementwise_kernels.cuh"

namespace chainerx {
namespace cuda {

// Input byte offsets split into the kept axes (enumerated by output index) and the reduced axes.
struct ReductionIndexer {
    int kept_ndim{0};
    int reduced_ndim{0};
    int64_t out_total{1};
    int64_t reduce_total{1};
    int64_t kept_shape[kMaxNdim]{};
    int64_t kept_strides[kMaxNdim]{};
    int64_t reduced_shape[kMaxNdim]{};
    int64_t reduced_strides[kMaxNdim]{};

    __device__ static int64_t Offset(int64_t index, int ndim, const int64_t* shape, const int64_t* strides) {
        int64_t offset = 0;
        for (int d = ndim - 1; d >= 0; --d) {
            offset += (index % shape[d]) * strides[d];
            index /= shape[d];
        }
        return offset;
    }
    __device__ int64_t KeptOffset(int64_t o) const { return Offset(o, kept_ndim, kept_shape, kept_strides); }
    __device__ int64_t ReducedOffset(int64_t r) const {
        return Offset(r, reduced_ndim, reduced_shape, reduced_strides);
    }
};

// Appends an axis, merged into the previous one when the two are contiguous (previous stride = size x stride).
inline void AppendAxis(int& ndim, int64_t* shape, int64_t* strides, int64_t size, int64_t stride) {
    if (size == 1) {
        return;
    }
    if (ndim > 0 && strides[ndim - 1] == size * stride) {
        shape[ndim - 1] *= size;
        strides[ndim - 1] = stride;
        return;
    }
    shape[ndim] = size;
    strides[ndim] = stride;
    ++ndim;
}

// `axes` sorted and unique, as the routines pass them.
inline ReductionIndexer MakeReductionIndexer(const Array& x, const Axes& axes) {
    ReductionIndexer ix{};
    for (int8_t d = 0, next = 0; d < x.ndim(); ++d) {
        int64_t size = x.shape()[d];
        if (next < static_cast<int8_t>(axes.size()) && axes[next] == d) {
            ++next;
            AppendAxis(ix.reduced_ndim, ix.reduced_shape, ix.reduced_strides, size, x.strides()[d]);
            ix.reduce_total *= size;
        } else {
            AppendAxis(ix.kept_ndim, ix.kept_shape, ix.kept_strides, size, x.strides()[d]);
            ix.out_total *= size;
        }
    }
    return ix;
}

// The accumulators of all threads of the block combined in a fixed tree; every thread gets the result.
template <typename Op>
__device__ typename Op::Acc BlockCombine(typename Op::Acc acc) {
    __shared__ typename Op::Acc partial[kBlockSize];
    partial[threadIdx.x] = acc;
    __syncthreads();
    for (unsigned width = blockDim.x / 2; width > 0; width /= 2) {
        if (threadIdx.x < width) {
            partial[threadIdx.x] = Op::Combine(partial[threadIdx.x], partial[threadIdx.x + width]);
        }
        __syncthreads();
    }
    typename Op::Acc result = partial[0];
    __syncthreads();  // before the next use of `partial` overwrites it
    return result;
}

template <typename Op>
__device__ typename Op::Out FinishReduction(typename Op::Acc acc, int64_t count) {
    if constexpr (Op::kHasFinalize) {
        return Op::Finalize(acc, count);
    } else {
        return DeviceCast<typename Op::Out>(acc);
    }
}

// Block b reduces chunk b % chunks of output element b / chunks: the reduced elements chunk * blockDim + thread,
// stepping by chunks * blockDim. With one chunk the result is finished into `out`, else the accumulator goes to
// partials[b].
template <typename Op>
__global__ void ReduceChunksKernel(
        ReductionIndexer ix, const char* x, int64_t chunks, typename Op::Out* out, typename Op::Acc* partials) {
    using In = typename Op::In;
    for (int64_t b = blockIdx.x; b < ix.out_total * chunks; b += gridDim.x) {
        int64_t o = b / chunks;
        int64_t chunk = b % chunks;
        const char* base = x + ix.KeptOffset(o);
        typename Op::Acc acc = Op::Identity();
        for (int64_t r = chunk * blockDim.x + threadIdx.x; r < ix.reduce_total; r += chunks * blockDim.x) {
            acc = Op::Accumulate(acc, *reinterpret_cast<const In*>(base + ix.ReducedOffset(r)));
        }
        acc = BlockCombine<Op>(acc);
        if (threadIdx.x == 0) {
            if (chunks == 1) {
                out[o] = FinishReduction<Op>(acc, ix.reduce_total);
            } else {
                partials[b] = acc;
            }
        }
    }
}

template <typename Op>
__global__ void CombineChunksKernel(
        const typename Op::Acc* partials, int64_t chunks, int64_t out_total, int64_t count, typename Op::Out* out) {
    for (int64_t o = blockIdx.x; o < out_total; o += gridDim.x) {
        typename Op::Acc acc = Op::Identity();
        for (int64_t c = threadIdx.x; c < chunks; c += blockDim.x) {
            acc = Op::Combine(acc, partials[o * chunks + c]);
        }
        acc = BlockCombine<Op>(acc);
        if (threadIdx.x == 0) {
            out[o] = FinishReduction<Op>(acc, count);
        }
    }
}

constexpr int kColumnTile = 32;                         // outputs per block, one per lane of a warp
constexpr int kColumnRows = kBlockSize / kColumnTile;  // reduced rows folded side by side

// Block b reduces chunk b % chunks of the kColumnTile outputs from (b / chunks) * kColumnTile: thread (row, col)
// folds the reduced elements chunk * kColumnRows + row, stepping by chunks * kColumnRows, of output col. Outputs as in
// ReduceChunksKernel.
template <typename Op>
__global__ void ReduceColumnsKernel(
        ReductionIndexer ix, const char* x, int64_t chunks, typename Op::Out* out, typename Op::Acc* partials) {
    using In = typename Op::In;
    using Acc = typename Op::Acc;
    __shared__ Acc partial[kColumnRows][kColumnTile];
    const int col = static_cast<int>(threadIdx.x) % kColumnTile;
    const int row = static_cast<int>(threadIdx.x) / kColumnTile;
    const int64_t tiles = (ix.out_total + kColumnTile - 1) / kColumnTile;
    for (int64_t b = blockIdx.x; b < tiles * chunks; b += gridDim.x) {
        const int64_t o = (b / chunks) * kColumnTile + col;
        const int64_t chunk = b % chunks;
        Acc acc = Op::Identity();
        if (o < ix.out_total) {
            const char* base = x + ix.KeptOffset(o);
            for (int64_t r = chunk * kColumnRows + row; r < ix.reduce_total; r += chunks * kColumnRows) {
                acc = Op::Accumulate(acc, *reinterpret_cast<const In*>(base + ix.ReducedOffset(r)));
            }
        }
        partial[row][col] = acc;
        __syncthreads();
        for (int width = kColumnRows / 2; width > 0; width /= 2) {
            if (row < width) {
                partial[row][col] = Op::Combine(partial[row][col], partial[row + width][col]);
            }
            __syncthreads();
        }
        if (row == 0 && o < ix.out_total) {
            if (chunks == 1) {
                out[o] = FinishReduction<Op>(partial[0][col], ix.reduce_total);
            } else {
                partials[o * chunks + chunk] = partial[0][col];
            }
        }
        __syncthreads();  // before the next tile overwrites `partial`
    }
}

// Whether consecutive outputs (lanes) start at adjacent elements: the innermost kept axis is contiguous.
inline bool LanesSideBySide(const ReductionIndexer& ix, size_t item_size) {
    return ix.kept_ndim > 0 && ix.kept_strides[ix.kept_ndim - 1] == static_cast<int64_t>(item_size);
}

// Whether a thread per lane, walking it in order, both fills a GPU and has a warp read adjacent elements (the
// kernels scanning lanes, cumsum and the arg-reductions, then take that simplest form).
inline bool ThreadPerLaneSuits(const ReductionIndexer& ix, size_t item_size) {
    constexpr int64_t kManyLanes = 8192;
    return ix.out_total >= kManyLanes && LanesSideBySide(ix, item_size);
}

// Whether ReduceColumnsKernel reads x coalesced: lanes side by side, and enough of them along the axis for a warp.
inline bool ReducesColumns(const ReductionIndexer& ix, size_t item_size) {
    return ix.reduced_ndim > 0 && LanesSideBySide(ix, item_size) && ix.kept_shape[ix.kept_ndim - 1] >= kColumnTile / 2;
}

// Enough blocks in all to fill a large GPU several times over, each folding at least kMinPerThread elements per
// thread; one chunk when there are enough outputs.
// `outputs_per_block` and `threads_per_output` are 1 and kBlockSize for ReduceChunksKernel.
inline int64_t ReductionChunks(const ReductionIndexer& ix, int64_t outputs_per_block, int64_t threads_per_output) {
    constexpr int64_t kTargetBlocks = 2048;
    constexpr int64_t kMinPerThread = 16;
    constexpr int64_t kMaxChunks = 1024;
    const int64_t per_chunk = threads_per_output * kMinPerThread;
    const int64_t tiles = (ix.out_total + outputs_per_block - 1) / outputs_per_block;
    int64_t by_work = (ix.reduce_total + per_chunk - 1) / per_chunk;
    int64_t by_blocks = (kTargetBlocks + tiles - 1) / tiles;
    return std::max<int64_t>(1, std::min({by_work, by_blocks, kMaxChunks}));
}

inline int ReductionGrid(int64_t blocks) { return static_cast<int>(std::min<int64_t>(blocks, 65536)); }

// At most this many elements per output (short reduced axes, or none at all), a thread per output folds them in
// order: a block per output would leave all but a few of its threads idle at every barrier (softmax over 10
// classes of a large batch: 10 of 256; count_nonzero over no axes: 1). Found by fuzzing on the emulated backend,
// where the block per output took 100 s for 2^20 outputs.
constexpr int64_t kThreadPerOutputMax = 32;

template <typename Op>
struct ReducePerThreadFunctor {
    ReductionIndexer ix;
    const char* x;
    typename Op::Out* out;

    __device__ void operator()(int64_t o) const {
        const char* base = x + ix.KeptOffset(o);
        typename Op::Acc acc = Op::Identity();
        for (int64_t r = 0; r < ix.reduce_total; ++r) {
            acc = Op::Accumulate(acc, *reinterpret_cast<const typename Op::In*>(base + ix.ReducedOffset(r)));
        }
        out[o] = FinishReduction<Op>(acc, ix.reduce_total);
    }
};

template <typename Op>
void CudaReduce(const Array& x, const Axes& axes, const Array& out) {
    using Acc = typename Op::Acc;
    using Out = typename Op::Out;
    ReductionIndexer ix = MakeReductionIndexer(x, axes);
    if (ix.out_total == 0) {
        return;
    }
    const auto* x_data = static_cast<const char*>(x.raw_data());
    auto* out_data = static_cast<Out*>(out.raw_data());
    if (ix.reduce_total <= kThreadPerOutputMax) {
        LaunchIndexed(x.device(), ix.out_total, ReducePerThreadFunctor<Op>{ix, x_data, out_data});  // sets the device
        return;
    }
    CudaSetDeviceScope scope{x.device().index()};
    const bool columns = ReducesColumns(ix, sizeof(typename Op::In));
    const int64_t outputs_per_block = columns ? kColumnTile : 1;
    const int64_t chunks = ReductionChunks(ix, outputs_per_block, columns ? kColumnRows : kBlockSize);
    const int64_t blocks = (ix.out_total + outputs_per_block - 1) / outputs_per_block * chunks;
    // Freed when this returns: the pool hands the block out again only to work queued after these kernels.
    std::shared_ptr<void> partials;
    Acc* partial_data = nullptr;
    if (chunks > 1) {
        partials = x.device().Allocate(static_cast<size_t>(ix.out_total * chunks) * sizeof(Acc));
        partial_data = static_cast<Acc*>(partials.get());
    }
    if (columns) {
        ReduceColumnsKernel<Op><<<ReductionGrid(blocks), kBlockSize>>>(ix, x_data, chunks, out_data, partial_data);
    } else {
        ReduceChunksKernel<Op><<<ReductionGrid(blocks), kBlockSize>>>(ix, x_data, chunks, out_data, partial_data);
    }
    if (chunks > 1) {
        CombineChunksKernel<Op><<<ReductionGrid(ix.out_total), kBlockSize>>>(
                partial_data, chunks, ix.out_total, ix.reduce_total, out_data);
    }
    CheckCudaError(cudaGetLastError());
}

// A reduction key kernel implemented by CudaReduce with the op OpT<In>, for the input dtypes in kDtypes.
template <typename KeyKernel, template <typename> class OpT, DtypeMask kDtypes>
class CudaReductionKernel : public KeyKernel {
public:
    void Call(const Array& x, const Axes& axes, const Array& out) override {
        VisitDeviceDtypeIn<kDtypes>(x.dtype(), [&](auto pt) {
            CudaReduce<OpT<typename decltype(pt)::type>>(x, axes, out);
        });
    }
};

}  // namespace cuda
}  // namespace chainerx

#define CHAINERX_CUDA_REGISTER_REDUCTION(key_kernel, op, dtypes)                                                 \
    static ::chainerx::internal::KernelRegistration<key_kernel,                                                 \
                                                    ::chainerx::cuda::CudaReductionKernel<key_kernel, op, dtypes>> \
            s_cuda_##key_kernel {                                                                               \
        ::chainerx::cuda::CudaBackend::GetGlobalKernelRegistry()                                                \
    }
