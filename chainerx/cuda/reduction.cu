// CUDA kernels of the reduction family: the ops of chainerx/core/numeric/reduction.h, as in native/reduction.cc
// (see Note [CUDA reductions] in reduce.cuh).
#include <algorithm>
#include <cstdint>
#include <memory>

#include <cub/block/block_scan.cuh>

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
CHAINERX_CUDA_REGISTER_REDUCTION(ProdKernel, numeric::ProdOp, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_REDUCTION(NanSumKernel, numeric::NanSumOp, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_REDUCTION(SumSquaresKernel, numeric::SumSquaresOp, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_REDUCTION(CountNonzeroKernel, numeric::CountNonzeroOp, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_REDUCTION(AllKernel, numeric::AllOp, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_REDUCTION(AnyKernel, numeric::AnyOp, kAllDtypeMask);

// Note [CUDA cumulative sums]
// - Short lanes (every axis but the scanned one), or many lanes side by side in memory (a cumsum over axis 0):
//   one thread per lane sums along it in order, as native does, so the bits are native's; the threads of a warp
//   read adjacent elements.
// - Otherwise a thread per lane would leave the GPU idle (a 1-d cumsum of 10^7 elements would be one thread) or
//   read a row apart per thread (a cumsum over the last axis). Each lane is cut into `chunks` contiguous chunks
//   (one when there are enough lanes), a block each. A first kernel sums every chunk; the second scans each chunk
//   256 elements at a time (a block-wide scan), starting from the sum of the chunks before it. The additions are
//   grouped differently from a sequential sum, so float results may differ from native's in the last bits, but the
//   grouping depends only on the shape and strides, so every run gives the same bits (no atomics, no CUB device
//   scan, whose float results depend on timing).
template <typename Op>
struct CumsumLanes {
    ReductionIndexer x_lanes;  // kept: the lane axes of x; reduced: unused
    ReductionIndexer out_lanes;
    const char* x;
    char* out;
    int64_t n;
    int64_t x_step;
    int64_t out_step;

    __device__ typename Op::Acc Load(const char* xp, int64_t k) const {
        return Op::Accumulate(Op::Identity(), *reinterpret_cast<const typename Op::In*>(xp + k * x_step));
    }
    __device__ void Store(char* op, int64_t k, typename Op::Acc acc) const {
        *reinterpret_cast<typename Op::Out*>(op + k * out_step) = DeviceCast<typename Op::Out>(acc);
    }

    // Thread per lane.
    __device__ void operator()(int64_t lane) const {
        const char* xp = x + x_lanes.KeptOffset(lane);
        char* op = out + out_lanes.KeptOffset(lane);
        typename Op::Acc acc = Op::Identity();
        for (int64_t k = 0; k < n; ++k) {
            acc = Op::Accumulate(acc, *reinterpret_cast<const typename Op::In*>(xp + k * x_step));
            Store(op, k, acc);
        }
    }
};

template <typename Op>
struct CombineFn {
    __device__ typename Op::Acc operator()(const typename Op::Acc& a, const typename Op::Acc& b) const {
        return Op::Combine(a, b);
    }
};

// Block b sums chunk b % chunks, of `chunk_len` elements, of lane b / chunks into chunk_sums[b].
template <typename Op>
__global__ void CumsumChunkSumsKernel(CumsumLanes<Op> scan, int64_t chunks, int64_t chunk_len,
                                      typename Op::Acc* chunk_sums) {
    for (int64_t b = blockIdx.x; b < scan.x_lanes.out_total * chunks; b += gridDim.x) {
        const char* xp = scan.x + scan.x_lanes.KeptOffset(b / chunks);
        int64_t begin = (b % chunks) * chunk_len;
        int64_t end = std::min(scan.n, begin + chunk_len);
        typename Op::Acc acc = Op::Identity();
        for (int64_t k = begin + threadIdx.x; k < end; k += blockDim.x) {
            acc = Op::Combine(acc, scan.Load(xp, k));
        }
        acc = BlockCombine<Op>(acc);
        if (threadIdx.x == 0) {
            chunk_sums[b] = acc;
        }
    }
}

// Block b scans chunk b % chunks of lane b / chunks, kBlockSize elements per step, from the sum of the chunks
// before it (chunk_sums is null when there is one chunk).
template <typename Op>
__global__ void CumsumChunksKernel(CumsumLanes<Op> scan, int64_t chunks, int64_t chunk_len,
                                   const typename Op::Acc* chunk_sums) {
    using Acc = typename Op::Acc;
    using BlockScan = cub::BlockScan<Acc, kBlockSize>;
    __shared__ typename BlockScan::TempStorage temp;
    for (int64_t b = blockIdx.x; b < scan.x_lanes.out_total * chunks; b += gridDim.x) {
        int64_t lane = b / chunks;
        const char* xp = scan.x + scan.x_lanes.KeptOffset(lane);
        char* op = scan.out + scan.out_lanes.KeptOffset(lane);
        int64_t chunk = b % chunks;
        // Every thread folds the earlier chunks' sums in the same order, so all hold the same carry.
        Acc carry = Op::Identity();
        for (int64_t c = 0; c < chunk; ++c) {
            carry = Op::Combine(carry, chunk_sums[lane * chunks + c]);
        }
        int64_t begin = chunk * chunk_len;
        int64_t end = std::min(scan.n, begin + chunk_len);
        for (int64_t step = begin; step < end; step += blockDim.x) {
            int64_t k = step + threadIdx.x;
            Acc value = k < end ? scan.Load(xp, k) : Op::Identity();
            Acc step_total{};
            BlockScan(temp).InclusiveScan(value, value, CombineFn<Op>{}, step_total);
            __syncthreads();  // before the next step reuses `temp`
            if (k < end) {
                scan.Store(op, k, Op::Combine(carry, value));
            }
            carry = Op::Combine(carry, step_total);
        }
    }
}

// The cumulative sum (OpOf = SumOp) or product (ProdOp); the note above holds for both.
template <typename KeyKernel, template <typename> class OpOf>
class CudaScanKernel : public KeyKernel {
public:
    void Call(const Array& x, int8_t axis, bool reverse, const Array& out) override {
        const int64_t n = x.shape()[axis];
        if (n == 0 || out.GetTotalSize() == 0) {
            return;
        }
        Axes scanned{axis};
        VisitDeviceDtype(x.dtype(), [&](auto pt) {
            using Op = OpOf<typename decltype(pt)::type>;
            // Walked backwards when `reverse`: start at the last element, negative steps.
            int64_t x_step = x.strides()[axis];
            int64_t out_step = out.strides()[axis];
            const char* x_start = static_cast<const char*>(x.raw_data()) + (reverse ? (n - 1) * x_step : 0);
            char* out_start = static_cast<char*>(out.raw_data()) + (reverse ? (n - 1) * out_step : 0);
            CumsumLanes<Op> scan{MakeReductionIndexer(x, scanned), MakeReductionIndexer(out, scanned), x_start,
                                 out_start, n, reverse ? -x_step : x_step, reverse ? -out_step : out_step};
            Scan(x.device(), scan);
        });
    }

private:
    template <typename Op>
    static void Scan(Device& device, const CumsumLanes<Op>& scan) {
        constexpr int64_t kShortLane = 64;
        constexpr int64_t kTargetBlocks = 1024;
        constexpr int64_t kMinChunk = 16 * kBlockSize;
        const int64_t lanes = scan.x_lanes.out_total;
        if (scan.n <= kShortLane || ThreadPerLaneSuits(scan.x_lanes, sizeof(typename Op::In))) {
            LaunchIndexed(device, lanes, scan);
            return;
        }
        const int64_t by_blocks = (kTargetBlocks + lanes - 1) / lanes;
        const int64_t by_work = (scan.n + kMinChunk - 1) / kMinChunk;
        const int64_t chunks = std::max<int64_t>(1, std::min(by_blocks, by_work));
        const int64_t chunk_len = (scan.n + chunks - 1) / chunks;
        CudaSetDeviceScope scope{device.index()};
        std::shared_ptr<void> chunk_sums;  // freed on return: the pool reuses it only for later work
        if (chunks > 1) {
            chunk_sums = device.Allocate(static_cast<size_t>(lanes * chunks) * sizeof(typename Op::Acc));
            CumsumChunkSumsKernel<Op><<<ReductionGrid(lanes * chunks), kBlockSize>>>(
                    scan, chunks, chunk_len, static_cast<typename Op::Acc*>(chunk_sums.get()));
        }
        CumsumChunksKernel<Op><<<ReductionGrid(lanes * chunks), kBlockSize>>>(
                scan, chunks, chunk_len, static_cast<const typename Op::Acc*>(chunk_sums.get()));
        CheckCudaError(cudaGetLastError());
    }
};
using CudaCumsumKernel = CudaScanKernel<CumsumKernel, numeric::SumOp>;
using CudaCumprodKernel = CudaScanKernel<CumprodKernel, numeric::ProdOp>;
CHAINERX_CUDA_REGISTER_KERNEL(CumsumKernel, CudaCumsumKernel);
CHAINERX_CUDA_REGISTER_KERNEL(CumprodKernel, CudaCumprodKernel);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
