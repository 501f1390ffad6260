// CUDA kernels of gradient clipping by the global norm (Note [Clipping by the global norm] in
// routines/clip_by_norm.cc): multi-tensor launches (multi_tensor.cuh) over tables of up to kMaxTensors arrays of
// any float dtypes, each block taking kChunk elements of one array, as the fused updates' Note [Multi-tensor
// updates].
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/optimizer.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/cuda/cuda_backend.h"
#include "chainerx/cuda/cuda_runtime.h"
#include "chainerx/cuda/elementwise.cuh"
#include "chainerx/cuda/elementwise_kernels.cuh"
#include "chainerx/cuda/multi_tensor.cuh"
#include "chainerx/cuda/reduce.cuh"

namespace chainerx {
namespace cuda {
namespace {

// The non-empty arrays of one launch, of any float dtypes.
struct ArrayTable {
    char* data[kMaxTensors];
    Dtype dtype[kMaxTensors];
    BlockTable blocks;
};

// The tables of `arrays`, skipping empty ones, and the number of blocks of all of them.
std::vector<ArrayTable> MakeTables(const std::vector<Array>& arrays, int64_t& total_blocks) {
    std::vector<ArrayTable> tables;
    total_blocks = 0;
    for (const Array& a : arrays) {
        const int64_t size = a.GetTotalSize();
        if (size == 0) {
            continue;
        }
        if (tables.empty() || tables.back().blocks.count == kMaxTensors) {
            tables.emplace_back();
            tables.back() = ArrayTable{};
        }
        ArrayTable& table = tables.back();
        const int t = table.blocks.Add(size);
        table.data[t] = static_cast<char*>(a.raw_data());
        table.dtype[t] = a.dtype();
        total_blocks += table.blocks.first_block[t + 1] - table.blocks.first_block[t];
    }
    return tables;
}

template <typename A>
struct SumOp {
    using Acc = A;
    __device__ static A Combine(A a, A b) { return a + b; }
};

template <typename T, typename A>
__device__ A SumSquaresOfRange(const char* data, const BlockRange& range) {
    const T* x = reinterpret_cast<const T*>(data);
    A acc{0};
    for (int64_t i = range.begin + threadIdx.x; i < range.end; i += blockDim.x) {
        const A v = DeviceCast<A>(x[i]);
        acc += v * v;
    }
    return acc;
}

// partials[b] = the sum of the squares of block b's elements. A: float, or double when the norm is float64.
template <typename A>
__global__ void PartialSquaresKernel(ArrayTable table, A* partials) {
    const BlockRange range = RangeOfBlock(table.blocks);
    const char* data = table.data[range.t];
    A acc{};
    switch (table.dtype[range.t]) {
        case Dtype::kFloat16:
            acc = SumSquaresOfRange<__half, A>(data, range);
            break;
        case Dtype::kFloat32:
            acc = SumSquaresOfRange<float, A>(data, range);
            break;
        default:
            acc = SumSquaresOfRange<double, A>(data, range);
            break;
    }
    acc = BlockCombine<SumOp<A>>(acc);
    if (threadIdx.x == 0) {
        partials[blockIdx.x] = acc;
    }
}

// *out = the sum of the partial sums, in a fixed order (one block).
template <typename A>
__global__ void SumPartialsKernel(const A* partials, int64_t count, A* out) {
    A acc{0};
    for (int64_t i = threadIdx.x; i < count; i += blockDim.x) {
        acc += partials[i];
    }
    acc = BlockCombine<SumOp<A>>(acc);
    if (threadIdx.x == 0) {
        *out = acc;
    }
}

template <typename T, typename C>
__device__ void ScaleRange(char* data, const BlockRange& range, C rate) {
    T* x = reinterpret_cast<T*>(data);
    for (int64_t i = range.begin + threadIdx.x; i < range.end; i += blockDim.x) {
        x[i] = DeviceCast<T>(DeviceCast<C>(x[i]) * rate);
    }
}

// Every element times threshold / sqrt(*squared_norm), unless that is at least 1 (NaN scales).
template <typename A>
__global__ void ClipKernel(ArrayTable table, const A* squared_norm, A threshold) {
    const A rate = threshold / std::sqrt(*squared_norm);
    if (rate >= A{1}) {
        return;
    }
    const BlockRange range = RangeOfBlock(table.blocks);
    char* data = table.data[range.t];
    switch (table.dtype[range.t]) {
        case Dtype::kFloat16:
            ScaleRange<__half, float>(data, range, __half2float(DeviceCast<__half>(rate)));
            break;
        case Dtype::kFloat32:
            ScaleRange<float, float>(data, range, static_cast<float>(rate));
            break;
        default:
            ScaleRange<double, double>(data, range, static_cast<double>(rate));
            break;
    }
}

class CudaSquaredNormKernel : public SquaredNormKernel {
public:
    void Call(const std::vector<Array>& arrays, const Array& squared_norm) override {
        CudaSetDeviceScope scope{squared_norm.device().index()};
        int64_t total_blocks = 0;
        const std::vector<ArrayTable> tables = MakeTables(arrays, total_blocks);
        Array partials = Empty({std::max<int64_t>(total_blocks, 1)}, squared_norm.dtype(), squared_norm.device());
        VisitDeviceDtypeIn<DtypeBit(Dtype::kFloat32) | DtypeBit(Dtype::kFloat64)>(squared_norm.dtype(), [&](auto pt) {
            using A = typename decltype(pt)::type;
            A* partial_sums = static_cast<A*>(partials.raw_data());
            for (const ArrayTable& table : tables) {
                const auto blocks = static_cast<int>(table.blocks.blocks());
                PartialSquaresKernel<A><<<blocks, kBlockSize>>>(table, partial_sums);
                CheckCudaError(cudaGetLastError());
                partial_sums += blocks;
            }
            SumPartialsKernel<A><<<1, kBlockSize>>>(
                    static_cast<const A*>(partials.raw_data()), total_blocks, static_cast<A*>(squared_norm.raw_data()));
            CheckCudaError(cudaGetLastError());
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(SquaredNormKernel, CudaSquaredNormKernel);

class CudaClipByNormKernel : public ClipByNormKernel {
public:
    void Call(const std::vector<Array>& arrays, const Array& squared_norm, double threshold) override {
        CudaSetDeviceScope scope{squared_norm.device().index()};
        int64_t total_blocks = 0;
        const std::vector<ArrayTable> tables = MakeTables(arrays, total_blocks);
        VisitDeviceDtypeIn<DtypeBit(Dtype::kFloat32) | DtypeBit(Dtype::kFloat64)>(squared_norm.dtype(), [&](auto pt) {
            using A = typename decltype(pt)::type;
            for (const ArrayTable& table : tables) {
                const auto blocks = static_cast<int>(table.blocks.blocks());
                ClipKernel<A><<<blocks, kBlockSize>>>(
                        table, static_cast<const A*>(squared_norm.raw_data()), static_cast<A>(threshold));
                CheckCudaError(cudaGetLastError());
            }
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(ClipByNormKernel, CudaClipByNormKernel);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
