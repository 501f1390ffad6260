// Elementwise launch helpers for CUDA kernels: a strided indexer passed by value to the kernel, the device
// type of each dtype (Float16 is __half on the GPU), and scalar/cast conversions.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>

#include <cuda_fp16.h>

#include "chainerx/core/array.h"
#include "chainerx/core/device.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/scalar.h"
#include "chainerx/core/squashed_layout.h"
#include "chainerx/cuda/cuda_runtime.h"

namespace chainerx {
namespace cuda {

template <typename T>
struct DeviceTypeImpl {
    using type = T;
};
template <>
struct DeviceTypeImpl<Float16> {
    using type = __half;
};
template <typename T>
using DeviceType = typename DeviceTypeImpl<T>::type;

template <typename T>
T ScalarToDevice(Scalar s) {
    if constexpr (std::is_same<T, __half>::value) {
        return __float2half(s.As<float>());
    } else {
        return s.As<T>();
    }
}

// Note [CUDA conversions]
// C++ conversion semantics, as native's CastValue; half precision goes through float. Where C++ leaves the result
// undefined, the GPU and the host differ, and DeviceCast gives the host's result (which is also NumPy's on x86):
// - A same-type conversion is a plain copy: the round trip of a half through float (two cvt instructions) need
//   not keep a NaN's sign and payload, and copy must be bit for bit.
// - Float to integer: the GPU saturates (inf -> INT_MAX, -1.0 -> uint8 0, 200.0 -> int8 127) and maps NaN to 0.
//   The host truncates into a 32-bit register (64-bit for int64), giving the lowest value for NaN and for values
//   out of that register's range, and keeps the low bits for narrower types (-1.0 -> uint8 255, 200.0 -> int8
//   -56). FloatToInteger does the same.
template <typename I, typename F>
__device__ I FloatToInteger(F v) {
    using Wide = std::conditional_t<(sizeof(I) < sizeof(int32_t)), int32_t, I>;
    static_assert(std::is_signed<Wide>::value, "no unsigned dtype of 32 bits or more");
    constexpr F kLimit = static_cast<F>(std::numeric_limits<Wide>::max()) + F{1};  // 2^31 or 2^63, exact
    // Values in (-kLimit - 1, -kLimit) also truncate to the lowest value, so the range test can be inexact there.
    Wide wide = v >= -kLimit && v < kLimit ? static_cast<Wide>(v) : std::numeric_limits<Wide>::min();
    return static_cast<I>(wide);
}

template <typename To, typename From>
__device__ To DeviceCast(From v) {
    if constexpr (std::is_same<To, From>::value) {
        return v;
    } else if constexpr (std::is_same<To, __half>::value) {
        return __float2half(static_cast<float>(v));
    } else if constexpr (std::is_same<From, __half>::value) {
        return DeviceCast<To>(__half2float(v));
    } else if constexpr (
            std::is_floating_point<From>::value && std::is_integral<To>::value && !std::is_same<To, bool>::value) {
        return FloatToInteger<To>(v);
    } else {
        return static_cast<To>(v);
    }
}

// Byte offsets of N arrays of one shape, computed from a C-order linear index. MakeIndexer squashes the shape
// first (internal::Squash, as native's loops do: size-1 axes dropped, adjacent axes merged where every array is
// contiguous across them), so that contiguous operands take the one-axis path: one multiply per array, no division.
template <size_t N>
struct StridedIndexer {
    int ndim;
    int64_t total;
    int64_t shape[kMaxNdim];
    int64_t strides[N][kMaxNdim];
    char* base[N];

    __device__ void Pointers(int64_t index, char* (&ptrs)[N]) const {
        if (ndim == 1) {
            for (size_t k = 0; k < N; ++k) {
                ptrs[k] = base[k] + index * strides[k][0];
            }
            return;
        }
        for (size_t k = 0; k < N; ++k) {
            ptrs[k] = base[k];
        }
        for (int d = ndim - 1; d >= 0; --d) {
            int64_t i = index % shape[d];
            index /= shape[d];
            for (size_t k = 0; k < N; ++k) {
                ptrs[k] += i * strides[k][d];
            }
        }
    }
};

template <size_t N>
StridedIndexer<N> MakeIndexer(const Shape& shape, const std::array<const Array*, N>& arrays) {
    std::array<const Strides*, N> strides{};
    for (size_t k = 0; k < N; ++k) {
        strides[k] = &arrays[k]->strides();
    }
    const ::chainerx::internal::SquashedLayout<N> layout = ::chainerx::internal::Squash<N>(shape, strides);
    StridedIndexer<N> indexer{};
    indexer.total = layout.total;
    if (indexer.total == 0) {
        return indexer;  // no element
    }
    // A single element (nd 0) is one axis of length 1 at the base pointers.
    indexer.ndim = std::max(layout.nd, 1);
    indexer.shape[0] = 1;
    for (size_t k = 0; k < N; ++k) {
        indexer.strides[k][0] = 0;
        indexer.base[k] = static_cast<char*>(arrays[k]->raw_data());
    }
    for (int d = 0; d < layout.nd; ++d) {
        indexer.shape[d] = layout.dims[d];
        for (size_t k = 0; k < N; ++k) {
            indexer.strides[k][d] = layout.steps[k][d];
        }
    }
    return indexer;
}

constexpr int kBlockSize = 256;

// Blocks for `items` work items, `items_per_block` per block, at least one and at most `max_blocks` (the kernels'
// grid-stride loops take the rest).
inline int CappedBlocks(int64_t items, int64_t items_per_block, int64_t max_blocks) {
    const int64_t blocks = (items + items_per_block - 1) / items_per_block;
    return static_cast<int>(std::min(std::max<int64_t>(blocks, 1), max_blocks));
}

inline int GridSize(int64_t total) { return CappedBlocks(total, kBlockSize, 4096); }

// Calls op(ptrs) for every element, with grid-stride loops.
template <size_t N, typename Op>
__global__ void ElementwiseKernel(StridedIndexer<N> indexer, Op op) {
    for (int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x; i < indexer.total;
         i += static_cast<int64_t>(blockDim.x) * gridDim.x) {
        char* ptrs[N];
        indexer.Pointers(i, ptrs);
        op(ptrs);
    }
}

template <size_t N, typename Op>
void LaunchElementwise(const Shape& shape, const std::array<const Array*, N>& arrays, Op op) {
    StridedIndexer<N> indexer = MakeIndexer(shape, arrays);
    if (indexer.total == 0) {
        return;
    }
    CudaSetDeviceScope scope{arrays[0]->device().index()};
    ElementwiseKernel<N><<<GridSize(indexer.total), kBlockSize>>>(indexer, op);
    CheckCudaError(cudaGetLastError());
}

// Note [Contiguous elementwise maps]
// Most elementwise work is a map out = f(in...) over arrays of one shape that are all C-contiguous. Each thread of
// the strided kernel above reads its operands, computes and writes one element before it reads the next: the
// compiler cannot load ahead, since the write may alias the next read. So a thread has one element's loads in
// flight, which on an H100/H200 (several MB must be in flight to reach HBM's bandwidth) leaves the memory system
// half idle. The contiguous kernel loads kMapUnroll elements of every input first, a block width apart so that
// each load instruction of a warp is coalesced, then computes and writes them: four times the bytes in flight.
// Other layouts (broadcasts, strides, transposes) take the strided kernel through MapFunctor, with the same
// formula. Reading before writing keeps in-place maps (out is an input) right.
constexpr int kMapUnroll = 4;

template <typename Out, typename F, typename... In>
__global__ void ContiguousMapKernel(int64_t total, F f, Out* out, const In*... in) {
    const int64_t step = static_cast<int64_t>(blockDim.x) * gridDim.x * kMapUnroll;
    for (int64_t first = blockIdx.x * static_cast<int64_t>(blockDim.x) * kMapUnroll + threadIdx.x; first < total;
         first += step) {
        Out results[kMapUnroll];
#pragma unroll
        for (int j = 0; j < kMapUnroll; ++j) {
            const int64_t i = first + j * static_cast<int64_t>(blockDim.x);
            if (i < total) {
                results[j] = f(in[i]...);
            }
        }
#pragma unroll
        for (int j = 0; j < kMapUnroll; ++j) {
            const int64_t i = first + j * static_cast<int64_t>(blockDim.x);
            if (i < total) {
                out[i] = results[j];
            }
        }
    }
}

// The map's formula for the strided kernel: p holds the inputs' element pointers, then the output's.
template <typename Out, typename F, typename... In>
struct MapFunctor {
    F f;

    __device__ void operator()(char* (&p)[sizeof...(In) + 1]) const { Apply(p, std::index_sequence_for<In...>{}); }

    template <size_t... I>
    __device__ void Apply(char* (&p)[sizeof...(In) + 1], std::index_sequence<I...> /*inputs*/) const {
        *reinterpret_cast<Out*>(p[sizeof...(In)]) = f(*reinterpret_cast<const In*>(p[I])...);
    }
};

// out = f(in...) element by element, out's elements of type Out and the inputs' of types In... (device types), the
// inputs of out's shape (broadcast already). See Note [Contiguous elementwise maps].
template <typename Out, typename... In, typename F, typename... Arrays>
void LaunchMap(F f, const Array& out, const Arrays&... in) {
    static_assert(sizeof...(In) == sizeof...(Arrays), "one element type per input");
    const int64_t total = out.GetTotalSize();
    if (total == 0) {
        return;
    }
    if (!(out.IsContiguous() && ... && (in.IsContiguous() && in.shape() == out.shape()))) {
        LaunchElementwise<sizeof...(In) + 1>(out.shape(), {&in..., &out}, MapFunctor<Out, F, In...>{f});
        return;
    }
    const int64_t blocks = (total + kBlockSize * kMapUnroll - 1) / (kBlockSize * kMapUnroll);
    CudaSetDeviceScope scope{out.device().index()};
    ContiguousMapKernel<Out, F, In...><<<static_cast<int>(std::min<int64_t>(blocks, 4096)), kBlockSize>>>(
            total, f, static_cast<Out*>(out.raw_data()), static_cast<const In*>(in.raw_data())...);
    CheckCudaError(cudaGetLastError());
}

// Calls f(i) for every i in [0, total), with grid-stride loops: for kernels that derive their positions from a
// linear index themselves (lanes, triangles, gathers).
template <typename F>
__global__ void IndexedKernel(int64_t total, F f) {
    for (int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x; i < total;
         i += static_cast<int64_t>(blockDim.x) * gridDim.x) {
        f(i);
    }
}

template <typename F>
void LaunchIndexed(const Device& device, int64_t total, F f) {
    if (total == 0) {
        return;
    }
    CudaSetDeviceScope scope{device.index()};
    IndexedKernel<<<GridSize(total), kBlockSize>>>(total, f);
    CheckCudaError(cudaGetLastError());
}

// Calls f(PrimitiveType<DeviceType<T>>{}) for the dtype.
template <typename F>
void VisitDeviceDtype(Dtype dtype, F&& f) {
    VisitDtype(dtype, [&f](auto pt) {
        using T = typename decltype(pt)::type;
        f(PrimitiveType<DeviceType<T>>{});
    });
}

}  // namespace cuda
}  // namespace chainerx
