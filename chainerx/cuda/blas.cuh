// Matrix products on a CUDA device: cuBLAS (cublasGemmEx, and its batched forms for a batch of products) for
// float16/32/64, a plain kernel for bool and integers.
//
// Note [CUDA matrix products]
// - cuBLAS is column-major and the arrays are row-major: out = a · b is computed as outᵀ = bᵀ · aᵀ, and a
//   row-major matrix is handed to cuBLAS as its column-major transpose, so no operand is transposed in memory.
//   A matrix that is the transpose of a row-major one (Linear's gradients pass such views) goes as it is with the
//   transpose flag; any other layout is copied to a contiguous one first.
// - float16 multiplies in half precision and accumulates in float (CUBLAS_COMPUTE_32F); float32 computes in
//   float32, without TF32, so that results match the native backend's within float32 tolerances.
// - Integers wrap and bool is "or of ands", as on the native backend.
// - Linear with a bias (float16, float32) is one cuBLASLt call whose epilogue adds the bias, as PyTorch's addmm does:
//   one launch where a copy of the broadcast bias and a GEMM with beta = 1 take two (blas_lt.cu, Note [Bias
//   epilogue]). Where cuBLASLt has no algorithm for it, the two launches remain.
#pragma once

#include <cstdint>
#include <optional>
#include <type_traits>

#include <cublas_v2.h>
#include <cuda_fp16.h>

#include "chainerx/core/array.h"
#include "chainerx/core/kernels/blas_layout.h"
#include "chainerx/core/numeric/compute_type.h"

namespace chainerx {
namespace cuda {

// The accumulator of a sum of products of T computed by a plain kernel (the matrix product's and the direct
// convolutions'): bool for bool, float for float16, the float type itself, int64 for integers (the same bits as
// wrapping in T).
template <typename T>
using ProductAccumulator = std::conditional_t<
        std::is_same<T, bool>::value,
        bool,
        std::conditional_t<std::is_floating_point<numeric::ComputeType<T>>::value, numeric::ComputeType<T>, int64_t>>;

// acc + a * b; for bool, acc or (a and b).
template <typename T>
__device__ ProductAccumulator<T> MultiplyAdd(ProductAccumulator<T> acc, T a, T b) {
    using A = ProductAccumulator<T>;
    if constexpr (std::is_same<T, bool>::value) {
        return acc || (a && b);
    } else {
        return acc + static_cast<A>(a) * static_cast<A>(b);
    }
}

// out (m x n, C-contiguous) = a (m x k) · b (k x n), plus out's previous values when `accumulate`; a, b and out
// of one dtype on one CUDA device, a and b with any strides.
void CudaMatMul(const Array& a, const Array& b, const Array& out, bool accumulate);

// out (batch..., m, n; C-contiguous) = a (batch..., m, k) · b (batch..., k, n), matrix by matrix, in one launch.
// float16/32/64 take one cuBLAS call: cublasGemmStridedBatchedEx when each operand's matrices are evenly spaced, else
// cublasGemmBatchedEx given the address of every matrix (one more launch, which writes them); an operand whose
// matrices are in no BLAS layout is copied first. Integers and bool take the plain kernel.
void CudaBatchedMatMul(const Array& a, const Array& b, const Array& out);
// out (m x n, C-contiguous) = a (m x k) · b (k x n) + bias (n,) added to every row, in one cuBLASLt call with its
// bias epilogue (blas_lt.cu). Returns false, having done nothing, where that call does not apply: other dtypes than
// float16 and float32, an empty product, a strided bias, or no cuBLASLt algorithm for the shapes and alignments.
bool CublasLtMatMulWithBias(const Array& a, const Array& b, const Array& bias, const Array& out);

// out (m x n, C-contiguous) = a (m x k) · b (k x n) and row_sums (m,) = the sums of a's rows, in one cuBLASLt call
// with its bias-gradient epilogue (blas_lt.cu). Returns false, having done nothing, where that call does not apply,
// as CublasLtMatMulWithBias.
bool CublasLtMatMulWithRowSums(const Array& a, const Array& b, const Array& out, const Array& row_sums);

// A 2-D operand as cuBLAS takes it: its data and GetBlasLayout's layout (kernels/blas_layout.h); `copy` holds a
// contiguous copy when the array's own strides would not do.
struct MatrixOperand {
    const void* data;
    BlasLayout layout;
    std::optional<Array> copy;
};

MatrixOperand ToMatrixOperand(const Array& x);

// A dimension as cuBLAS's int; DimensionError beyond INT_MAX.
int ToCublasInt(int64_t value);

// cuBLAS's data, compute and scale types of the floating element types.
template <typename T>
struct CublasTypes;
template <>
struct CublasTypes<__half> {
    static constexpr cudaDataType_t kData = CUDA_R_16F;
    static constexpr cublasComputeType_t kCompute = CUBLAS_COMPUTE_32F;
    using Scale = float;
};
template <>
struct CublasTypes<float> {
    static constexpr cudaDataType_t kData = CUDA_R_32F;
    static constexpr cublasComputeType_t kCompute = CUBLAS_COMPUTE_32F;
    using Scale = float;
};
template <>
struct CublasTypes<double> {
    static constexpr cudaDataType_t kData = CUDA_R_64F;
    static constexpr cublasComputeType_t kCompute = CUBLAS_COMPUTE_64F;
    using Scale = double;
};

}  // namespace cuda
}  // namespace chainerx
