// See Note [CUDA matrix products] in blas.cuh.
#include "chainerx/cuda/blas.cuh"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <optional>
#include <type_traits>

#include <cublas_v2.h>
#include <cuda_fp16.h>

#include "chainerx/core/dtype.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/blas_layout.h"
#include "chainerx/core/kernels/creation.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/scalar.h"
#include "chainerx/cuda/cuda_device.h"
#include "chainerx/cuda/cuda_runtime.h"
#include "chainerx/cuda/elementwise.cuh"

namespace chainerx {
namespace cuda {

MatrixOperand ToMatrixOperand(const Array& x) {
    if (std::optional<BlasLayout> layout = GetBlasLayout(x)) {
        return {x.raw_data(), *layout, std::nullopt};
    }
    Array copy = AsContiguousArray(x);
    return {copy.raw_data(), BlasLayout{false, std::max<int64_t>(x.shape()[1], 1)}, std::move(copy)};
}

int ToCublasInt(int64_t value) {
    if (value > INT_MAX) {
        throw DimensionError{"matrix product: dimension ", value, " is too large for cuBLAS (at most ", INT_MAX, ")"};
    }
    return static_cast<int>(value);
}

namespace {

// Whether cuBLAS multiplies matrices of T (the others take PlainMatMul).
template <typename T>
constexpr bool kCublasType =
        std::is_same<T, __half>::value || std::is_same<T, float>::value || std::is_same<T, double>::value;

template <typename T>
void CublasGemm(const Array& a, const Array& b, const Array& out, bool accumulate, int64_t m, int64_t n, int64_t k) {
    using Types = CublasTypes<T>;
    MatrixOperand a_op = ToMatrixOperand(a);
    MatrixOperand b_op = ToMatrixOperand(b);
    auto& device = dynamic_cast<CudaDevice&>(out.device());
    typename Types::Scale alpha{1};
    typename Types::Scale beta = accumulate ? 1 : 0;
    CudaSetDeviceScope scope{device.index()};
    // outᵀ (n x m) = bᵀ (n x k) · aᵀ (k x m) in column-major terms (Note [CUDA matrix products]).
    CheckCublasError(cublasGemmEx(
            device.cublas_handle(),
            b_op.layout.trans ? CUBLAS_OP_T : CUBLAS_OP_N,
            a_op.layout.trans ? CUBLAS_OP_T : CUBLAS_OP_N,
            ToCublasInt(n),
            ToCublasInt(m),
            ToCublasInt(k),
            &alpha,
            b_op.data,
            Types::kData,
            ToCublasInt(b_op.layout.ld),
            a_op.data,
            Types::kData,
            ToCublasInt(a_op.layout.ld),
            &beta,
            out.raw_data(),
            Types::kData,
            ToCublasInt(n),
            Types::kCompute,
            CUBLAS_GEMM_DEFAULT));
}

// A batch of matrices (batch x rows x cols) as cublasGemmStridedBatchedEx takes it: one BLAS layout for every
// matrix, each `stride` elements after the previous one (0: one matrix repeated); `copy` holds a contiguous copy
// when the array's own strides would not do.
struct BatchOperand {
    const void* data;
    BlasLayout layout;
    int64_t stride;
    std::optional<Array> copy;
};

BatchOperand ToBatchOperand(const Array& x) {
    const int64_t rows = x.shape()[1];
    const int64_t cols = x.shape()[2];
    const int64_t unit = x.GetItemSize();
    const int64_t batch_stride = x.shape()[0] <= 1 ? 0 : x.strides()[0];
    std::optional<BlasLayout> layout = GetBlasLayout(rows, cols, x.strides()[1], x.strides()[2], unit);
    if (layout.has_value() && batch_stride >= 0 && batch_stride % unit == 0) {
        return {x.raw_data(), *layout, batch_stride / unit, std::nullopt};
    }
    Array copy = AsContiguousArray(x);
    return {copy.raw_data(), BlasLayout{false, std::max<int64_t>(cols, 1)}, rows * cols, std::move(copy)};
}

template <typename T>
void CublasGemmStridedBatched(const Array& a, const Array& b, const Array& out, int64_t m, int64_t n, int64_t k) {
    using Types = CublasTypes<T>;
    BatchOperand a_op = ToBatchOperand(a);
    BatchOperand b_op = ToBatchOperand(b);
    auto& device = dynamic_cast<CudaDevice&>(out.device());
    typename Types::Scale alpha{1};
    typename Types::Scale beta{0};
    CudaSetDeviceScope scope{device.index()};
    // As CublasGemm, matrix by matrix (Note [CUDA matrix products]).
    CheckCublasError(cublasGemmStridedBatchedEx(
            device.cublas_handle(),
            b_op.layout.trans ? CUBLAS_OP_T : CUBLAS_OP_N,
            a_op.layout.trans ? CUBLAS_OP_T : CUBLAS_OP_N,
            ToCublasInt(n),
            ToCublasInt(m),
            ToCublasInt(k),
            &alpha,
            b_op.data,
            Types::kData,
            ToCublasInt(b_op.layout.ld),
            b_op.stride,
            a_op.data,
            Types::kData,
            ToCublasInt(a_op.layout.ld),
            a_op.stride,
            &beta,
            out.raw_data(),
            Types::kData,
            ToCublasInt(n),
            m * n,
            ToCublasInt(out.shape()[0]),
            Types::kCompute,
            CUBLAS_GEMM_DEFAULT));
}

struct PlainMatMulArgs {
    const char* a;
    const char* b;
    int64_t a_strides[2];
    int64_t b_strides[2];
    int64_t m;
    int64_t n;
    int64_t k;
    bool accumulate;
};

// One thread per output element, accumulating in ProductAccumulator<T>.
template <typename T>
__global__ void PlainMatMulKernel(PlainMatMulArgs args, T* out) {
    for (int64_t e = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x; e < args.m * args.n;
         e += static_cast<int64_t>(blockDim.x) * gridDim.x) {
        int64_t i = e / args.n;
        int64_t j = e % args.n;
        const char* a_row = args.a + i * args.a_strides[0];
        const char* b_col = args.b + j * args.b_strides[1];
        using Acc = ProductAccumulator<T>;
        Acc acc = args.accumulate ? static_cast<Acc>(out[e]) : Acc{0};
        for (int64_t l = 0; l < args.k; ++l) {
            T x = *reinterpret_cast<const T*>(a_row + l * args.a_strides[1]);
            T y = *reinterpret_cast<const T*>(b_col + l * args.b_strides[0]);
            acc = MultiplyAdd<T>(acc, x, y);
        }
        out[e] = static_cast<T>(acc);
    }
}

template <typename T>
void PlainMatMul(const Array& a, const Array& b, const Array& out, bool accumulate, int64_t m, int64_t n, int64_t k) {
    PlainMatMulArgs args{static_cast<const char*>(a.raw_data()),
                         static_cast<const char*>(b.raw_data()),
                         {a.strides()[0], a.strides()[1]},
                         {b.strides()[0], b.strides()[1]},
                         m,
                         n,
                         k,
                         accumulate};
    CudaSetDeviceScope scope{out.device().index()};
    PlainMatMulKernel<T><<<GridSize(m * n), kBlockSize>>>(args, static_cast<T*>(out.raw_data()));
    CheckCudaError(cudaGetLastError());
}

}  // namespace

void CudaMatMul(const Array& a, const Array& b, const Array& out, bool accumulate) {
    const int64_t m = a.shape()[0];
    const int64_t k = a.shape()[1];
    const int64_t n = b.shape()[1];
    if (m == 0 || n == 0) {
        return;
    }
    if (k == 0) {
        if (!accumulate) {
            out.device().CallKernel<FillKernel>(out, Scalar{int64_t{0}});
        }
        return;
    }
    VisitDeviceDtype(out.dtype(), [&](auto pt) {
        using T = typename decltype(pt)::type;
        if constexpr (kCublasType<T>) {
            CublasGemm<T>(a, b, out, accumulate, m, n, k);
        } else {
            PlainMatMul<T>(a, b, out, accumulate, m, n, k);
        }
    });
}

bool CudaBatchedMatMul(const Array& a, const Array& b, const Array& out) {
    const int64_t m = a.shape()[1];
    const int64_t k = a.shape()[2];
    const int64_t n = b.shape()[2];
    bool done = false;
    VisitDeviceDtype(out.dtype(), [&](auto pt) {
        using T = typename decltype(pt)::type;
        if constexpr (kCublasType<T>) {
            done = true;
            if (out.GetTotalSize() == 0) {
                return;
            }
            if (k == 0) {
                out.device().CallKernel<FillKernel>(out, Scalar{int64_t{0}});
                return;
            }
            CublasGemmStridedBatched<T>(a, b, out, m, n, k);
        }
    });
    return done;
}

}  // namespace cuda
}  // namespace chainerx
