// CUDA kernels of layer normalization (routines/normalization.h), for float16, float32 and float64.
//
// Note [Layer normalization on CUDA]
// - Forward: a warp per row (rows.cuh) sums the row, then the squares of its deviations from the mean (two passes,
//   the second from the cache), then writes the output; lane 0 stores the mean and 1 / sqrt(var + eps). One launch,
//   where the composition of routines took nine.
// - Backward: gx takes a warp per row (the two sums along it). ggamma and gbeta sum along the columns: a thread per
//   column over a chunk of kRowsPerChunk rows, so that a warp reads adjacent columns; with more than one chunk a
//   second kernel adds the chunks' partial sums in order. Two or three launches, where the composition took about
//   twenty.
// - Sums are in float for float16 and in fixed orders: every run gives the same bits. Operands that are not
//   C-contiguous are copied first; empty ones take the generic kernels.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/normalization.h"
#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/cuda/cuda_backend.h"
#include "chainerx/cuda/cuda_runtime.h"
#include "chainerx/cuda/elementwise.cuh"
#include "chainerx/cuda/elementwise_kernels.cuh"
#include "chainerx/cuda/rows.cuh"

namespace chainerx {
namespace cuda {
namespace {

// x, gamma, gout and the statistics as the kernels read them; `values` is the forward's output or gx.
template <typename T>
struct LayerNormArgs {
    using C = numeric::ComputeType<T>;
    const T* x;
    const T* gamma;
    const T* other;  // beta (forward) or gout (backward)
    T* values;
    T* mean;
    T* inv_std;
    int64_t rows;
    int64_t cols;
    C eps;

    __device__ LaneRow<T, kWarpSize> Row(const T* data, int64_t r, int lane) const {
        return {reinterpret_cast<const char*>(data + r * cols), static_cast<int64_t>(sizeof(T)), cols, lane};
    }
};

template <typename T>
__global__ void LayerNormRowsKernel(LayerNormArgs<T> args) {
    using C = numeric::ComputeType<T>;
    ForEachLaneRow<kWarpSize>(args.rows, [&args](int64_t r, int lane) {
        LaneRow<T, kWarpSize> x = args.Row(args.x, r, lane);
        C sum{0};
        for (int64_t k = lane; k < args.cols; k += kWarpSize) {
            sum += x[k];
        }
        const C mean = CombineLanes<kWarpSize>(sum, SumOp{}) / static_cast<C>(args.cols);
        C squares{0};
        for (int64_t k = lane; k < args.cols; k += kWarpSize) {
            const C d = x[k] - mean;
            squares += d * d;
        }
        const C var = CombineLanes<kWarpSize>(squares, SumOp{}) / static_cast<C>(args.cols);
        const C inv_std = C{1} / std::sqrt(var + args.eps);
        T* out = args.values + r * args.cols;
        for (int64_t k = lane; k < args.cols; k += kWarpSize) {
            const C scaled = (x[k] - mean) * inv_std * DeviceCast<C>(args.gamma[k]);
            out[k] = DeviceCast<T>(scaled + DeviceCast<C>(args.other[k]));
        }
        if (lane == 0) {
            args.mean[r] = DeviceCast<T>(mean);
            args.inv_std[r] = DeviceCast<T>(inv_std);
        }
    });
}

template <typename T>
__global__ void LayerNormGradRowsKernel(LayerNormArgs<T> args) {
    using C = numeric::ComputeType<T>;
    ForEachLaneRow<kWarpSize>(args.rows, [&args](int64_t r, int lane) {
        LaneRow<T, kWarpSize> x = args.Row(args.x, r, lane);
        LaneRow<T, kWarpSize> gout = args.Row(args.other, r, lane);
        const C mean = DeviceCast<C>(args.mean[r]);
        const C inv_std = DeviceCast<C>(args.inv_std[r]);
        C g_sum{0};
        C g_xhat_sum{0};
        for (int64_t k = lane; k < args.cols; k += kWarpSize) {
            const C g = gout[k] * DeviceCast<C>(args.gamma[k]);
            g_sum += g;
            g_xhat_sum += g * ((x[k] - mean) * inv_std);
        }
        const C inv_cols = C{1} / static_cast<C>(args.cols);
        const C g_mean = CombineLanes<kWarpSize>(g_sum, SumOp{}) * inv_cols;
        const C g_xhat_mean = CombineLanes<kWarpSize>(g_xhat_sum, SumOp{}) * inv_cols;
        T* gx = args.values + r * args.cols;
        for (int64_t k = lane; k < args.cols; k += kWarpSize) {
            const C g = gout[k] * DeviceCast<C>(args.gamma[k]);
            const C xhat = (x[k] - mean) * inv_std;
            gx[k] = DeviceCast<T>(inv_std * (g - g_mean - xhat * g_xhat_mean));
        }
    });
}

// Rows per chunk of the column sums: at least this many, more where the chunks would not fit a grid's y dimension.
constexpr int64_t kRowsPerChunk = 64;
constexpr int64_t kMaxChunks = 65535;

// Column c's sums of gout * xhat (for gamma) and gout (for beta) over chunk blockIdx.y of the rows (chunk_rows rows
// each), stored as Out at blockIdx.y * cols + c (Out is T when there is one chunk: the gradients themselves).
template <typename T, typename Out>
__global__ void LayerNormColumnSumsKernel(LayerNormArgs<T> args, int64_t chunk_rows, Out* ggamma, Out* gbeta) {
    using C = numeric::ComputeType<T>;
    const int64_t c = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x;
    if (c >= args.cols) {
        return;
    }
    const int64_t begin = blockIdx.y * chunk_rows;
    const int64_t end = begin + chunk_rows < args.rows ? begin + chunk_rows : args.rows;
    C gamma_sum{0};
    C beta_sum{0};
    for (int64_t r = begin; r < end; ++r) {
        const C g = DeviceCast<C>(args.other[r * args.cols + c]);
        const C xhat = (DeviceCast<C>(args.x[r * args.cols + c]) - DeviceCast<C>(args.mean[r])) *
                       DeviceCast<C>(args.inv_std[r]);
        gamma_sum += g * xhat;
        beta_sum += g;
    }
    ggamma[blockIdx.y * args.cols + c] = DeviceCast<Out>(gamma_sum);
    gbeta[blockIdx.y * args.cols + c] = DeviceCast<Out>(beta_sum);
}

// The chunks' partial sums of column c added in order.
template <typename T, typename C>
__global__ void LayerNormSumChunksKernel(const C* gamma_partials, const C* beta_partials, int64_t chunks,
                                         int64_t cols, T* ggamma, T* gbeta) {
    const int64_t c = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x;
    if (c >= cols) {
        return;
    }
    C gamma_sum{0};
    C beta_sum{0};
    for (int64_t i = 0; i < chunks; ++i) {
        gamma_sum += gamma_partials[i * cols + c];
        beta_sum += beta_partials[i * cols + c];
    }
    ggamma[c] = DeviceCast<T>(gamma_sum);
    gbeta[c] = DeviceCast<T>(beta_sum);
}

// The layer-norm arguments of C-contiguous operands (copies made into `keep`).
template <typename T>
LayerNormArgs<T> MakeArgs(
        std::vector<Array>& keep, const Array& x, const Array& gamma, const Array& other, const Array& values,
        const Array& mean, const Array& inv_std, double eps) {
    auto data = [&keep](const Array& a) {
        keep.push_back(a.IsContiguous() ? a : AsContiguousArray(a));
        return static_cast<T*>(keep.back().raw_data());
    };
    return LayerNormArgs<T>{data(x), data(gamma), data(other), static_cast<T*>(values.raw_data()),
                            static_cast<T*>(mean.raw_data()), static_cast<T*>(inv_std.raw_data()), x.shape()[0],
                            x.shape()[1], static_cast<numeric::ComputeType<T>>(eps)};
}

class CudaLayerNormKernel : public GenericLayerNormKernel {
public:
    LayerNormResult Call(const Array& x, const Array& gamma, const Array& beta, double eps) override {
        if (x.GetTotalSize() == 0) {
            return GenericLayerNormKernel::Call(x, gamma, beta, eps);
        }
        Array out = Empty(x.shape(), x.dtype(), x.device());
        Array mean = Empty({x.shape()[0]}, x.dtype(), x.device());
        Array inv_std = Empty({x.shape()[0]}, x.dtype(), x.device());
        CudaSetDeviceScope scope{x.device().index()};
        VisitDeviceDtypeIn<kFloatingDtypes>(x.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            std::vector<Array> keep;
            LayerNormArgs<T> args = MakeArgs<T>(keep, x, gamma, beta, out, mean, inv_std, eps);
            LayerNormRowsKernel<T><<<RowBlocks<kWarpSize>(args.rows), kRowBlockSize>>>(args);
            CheckCudaError(cudaGetLastError());
        });
        return {out, mean, inv_std};
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(LayerNormKernel, CudaLayerNormKernel);

class CudaLayerNormGradKernel : public GenericLayerNormGradKernel {
public:
    LayerNormGradResult Call(
            const Array& x, const Array& gamma, const Array& gout, const Array& mean, const Array& inv_std) override {
        if (x.GetTotalSize() == 0) {
            return GenericLayerNormGradKernel::Call(x, gamma, gout, mean, inv_std);
        }
        const int64_t rows = x.shape()[0];
        const int64_t cols = x.shape()[1];
        Array gx = Empty(x.shape(), x.dtype(), x.device());
        Array ggamma = Empty({cols}, x.dtype(), x.device());
        Array gbeta = Empty({cols}, x.dtype(), x.device());
        CudaSetDeviceScope scope{x.device().index()};
        VisitDeviceDtypeIn<kFloatingDtypes>(x.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            using C = numeric::ComputeType<T>;
            std::vector<Array> keep;
            LayerNormArgs<T> args = MakeArgs<T>(keep, x, gamma, gout, gx, mean, inv_std, 0.0);
            LayerNormGradRowsKernel<T><<<RowBlocks<kWarpSize>(rows), kRowBlockSize>>>(args);
            CheckCudaError(cudaGetLastError());
            const int64_t chunk_rows = std::max(kRowsPerChunk, (rows + kMaxChunks - 1) / kMaxChunks);
            const int64_t chunks = (rows + chunk_rows - 1) / chunk_rows;
            const auto column_blocks = static_cast<unsigned>((cols + kBlockSize - 1) / kBlockSize);
            if (chunks == 1) {
                LayerNormColumnSumsKernel<T, T><<<column_blocks, kBlockSize>>>(
                        args, chunk_rows, static_cast<T*>(ggamma.raw_data()), static_cast<T*>(gbeta.raw_data()));
            } else {
                const Dtype partial_dtype = x.dtype() == Dtype::kFloat16 ? Dtype::kFloat32 : x.dtype();
                Array gamma_partials = Empty({chunks, cols}, partial_dtype, x.device());
                Array beta_partials = Empty({chunks, cols}, partial_dtype, x.device());
                LayerNormColumnSumsKernel<T, C><<<dim3(column_blocks, static_cast<unsigned>(chunks)), kBlockSize>>>(
                        args, chunk_rows, static_cast<C*>(gamma_partials.raw_data()),
                        static_cast<C*>(beta_partials.raw_data()));
                CheckCudaError(cudaGetLastError());
                LayerNormSumChunksKernel<T, C><<<column_blocks, kBlockSize>>>(
                        static_cast<const C*>(gamma_partials.raw_data()),
                        static_cast<const C*>(beta_partials.raw_data()), chunks, cols,
                        static_cast<T*>(ggamma.raw_data()), static_cast<T*>(gbeta.raw_data()));
            }
            CheckCudaError(cudaGetLastError());
        });
        return {gx, ggamma, gbeta};
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(LayerNormGradKernel, CudaLayerNormGradKernel);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
