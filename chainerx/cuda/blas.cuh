// Matrix products on a CUDA device: cuBLAS (cublasGemmEx) for float16/32/64, a plain kernel for bool and integers.
//
// Note [CUDA matrix products]
// - cuBLAS is column-major and the arrays are row-major: out = a · b is computed as outᵀ = bᵀ · aᵀ, and a
//   row-major matrix is handed to cuBLAS as its column-major transpose, so no operand is transposed in memory.
//   A matrix that is the transpose of a row-major one (Linear's gradients pass such views) goes as it is with the
//   transpose flag; any other layout is copied to a contiguous one first.
// - float16 multiplies in half precision and accumulates in float (CUBLAS_COMPUTE_32F); float32 computes in
//   float32, without TF32, so that results match the native backend's within float32 tolerances.
// - Integers wrap and bool is "or of ands", as on the native backend.
#pragma once

#include <cstdint>
#include <type_traits>

#include "chainerx/core/array.h"
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

}  // namespace cuda
}  // namespace chainerx
