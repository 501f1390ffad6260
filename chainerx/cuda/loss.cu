// CUDA kernel of the loss family: softmax cross entropy (Note [Fused softmax cross entropy] in routines/loss.cc), a
// warp per row. The lanes stride over the row's classes, so that a warp's loads of a contiguous row are coalesced,
// and combine their maxima and sums with shuffles in a fixed order: every run gives the same bits.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/loss.h"
#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/cuda/cuda_backend.h"
#include "chainerx/cuda/cuda_runtime.h"
#include "chainerx/cuda/elementwise_kernels.cuh"

namespace chainerx {
namespace cuda {
namespace {

constexpr int kWarpSize = 32;
constexpr int kRowsPerBlock = 8;

struct SoftmaxCrossEntropyArgs {
    const char* x;
    const char* t;
    char* out;
    int64_t rows;
    int64_t classes;
    int64_t x_strides[2];
    int64_t t_stride;
    int64_t out_stride;
};

template <typename C>
__device__ C ExpOf(C v) {
    if constexpr (std::is_same<C, float>::value) {
        return expf(v);
    } else {
        return exp(v);
    }
}

template <typename C>
__device__ C LogOf(C v) {
    if constexpr (std::is_same<C, float>::value) {
        return logf(v);
    } else {
        return log(v);
    }
}

// The larger of a and b, NaN if either is NaN (as AMax).
template <typename C>
__device__ C NanMax(C a, C b) {
    return a > b || isnan(a) ? a : b;
}

template <typename T, typename Label>
__global__ void SoftmaxCrossEntropyRowsKernel(SoftmaxCrossEntropyArgs args) {
    using C = numeric::ComputeType<T>;
    const int lane = threadIdx.x % kWarpSize;
    const int64_t warps = static_cast<int64_t>(gridDim.x) * kRowsPerBlock;
    for (int64_t n = blockIdx.x * static_cast<int64_t>(kRowsPerBlock) + threadIdx.x / kWarpSize; n < args.rows;
         n += warps) {
        const auto label = static_cast<int64_t>(*reinterpret_cast<const Label*>(args.t + n * args.t_stride));
        T* result = reinterpret_cast<T*>(args.out + n * args.out_stride);
        if (label == -1) {
            if (lane == 0) {
                *result = DeviceCast<T>(0.0f);
            }
            continue;
        }
        const char* row = args.x + n * args.x_strides[0];
        auto at = [row, &args](int64_t k) {
            return static_cast<C>(DeviceCast<C>(*reinterpret_cast<const T*>(row + k * args.x_strides[1])));
        };
        C max = at(0);
        for (int64_t k = lane; k < args.classes; k += kWarpSize) {
            max = NanMax(at(k), max);
        }
        for (int offset = kWarpSize / 2; offset > 0; offset /= 2) {
            max = NanMax(max, __shfl_xor_sync(0xffffffff, max, offset));
        }
        C sum{0};
        for (int64_t k = lane; k < args.classes; k += kWarpSize) {
            sum += ExpOf(at(k) - max);
        }
        for (int offset = kWarpSize / 2; offset > 0; offset /= 2) {
            sum += __shfl_xor_sync(0xffffffff, sum, offset);
        }
        if (lane == 0) {
            *result = DeviceCast<T>(LogOf(sum) + max - at(label));
        }
    }
}

class CudaSoftmaxCrossEntropyKernel : public SoftmaxCrossEntropyKernel {
public:
    void Call(const Array& x, const Array& t, const Array& out) override {
        const int64_t rows = x.shape()[0];
        if (rows == 0) {
            return;
        }
        SoftmaxCrossEntropyArgs args{
                static_cast<const char*>(x.raw_data()),
                static_cast<const char*>(t.raw_data()),
                static_cast<char*>(out.raw_data()),
                rows,
                x.shape()[1],
                {x.strides()[0], x.strides()[1]},
                t.strides()[0],
                out.strides()[0]};
        const int64_t blocks = (rows + kRowsPerBlock - 1) / kRowsPerBlock;
        VisitDeviceDtypeIn<kFloatingDtypes>(x.dtype(), [&](auto x_pt) {
            using T = typename decltype(x_pt)::type;
            VisitDeviceDtypeIn<kIntegerDtypes>(t.dtype(), [&](auto t_pt) {
                using Label = typename decltype(t_pt)::type;
                CudaSetDeviceScope scope{x.device().index()};
                SoftmaxCrossEntropyRowsKernel<T, Label>
                        <<<static_cast<int>(std::min<int64_t>(blocks, 65535)), kRowsPerBlock * kWarpSize>>>(args);
                CheckCudaError(cudaGetLastError());
            });
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(SoftmaxCrossEntropyKernel, CudaSoftmaxCrossEntropyKernel);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
