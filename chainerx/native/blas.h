// Matrix products on host memory for the native kernels (dot, linear, convolution): a thin layer over
// OpenBLAS's cblas for float32/float64 and a blocked loop for the other element types.
//
//     // c (m x n, row stride ldc) = a (m x k) · bᵀ (b stored n x k)
//     native::Gemm<float>(false, true, m, n, k, a, lda, b, ldb, false, c, ldc);
//
//     // The same on 2-D arrays of any strides and dtype (out C-contiguous).
//     native::MatMul(a, b, out);
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>

#include "chainerx/core/array.h"
#include "chainerx/core/kernels/blas_layout.h"
#include "chainerx/core/routines/creation.h"

namespace chainerx {
namespace native {

// c = op(a) · op(b), or c += op(a) · op(b) when `accumulate`; all matrices are row-major. op(a) is m x k:
// a is stored m x k with row stride lda (in elements), or k x m when trans_a. Likewise op(b) is k x n. The
// leading dimensions must be at least the stored row length (and at least 1); m, n or k may be 0 (k == 0
// zero-fills c unless accumulating).
//
// Defined for float and double (cblas; large products are split over the native thread pool, see Note [BLAS
// threading] in blas.cc), Float16 (computed in float), the integer types (accumulated in int64, wrapping like
// NumPy's integer dot) and bool (true when some product is true).
template <typename T>
void Gemm(
        bool trans_a,
        bool trans_b,
        int64_t m,
        int64_t n,
        int64_t k,
        const T* a,
        int64_t lda,
        const T* b,
        int64_t ldb,
        bool accumulate,
        T* c,
        int64_t ldc);

// y += op(a) · x for float or double, a stored rows x cols with row stride lda (op = transpose when trans), x with
// element step incx, y contiguous. Split over the native thread pool like Gemm.
template <typename T>
void Gemv(bool trans, int64_t rows, int64_t cols, const T* a, int64_t lda, const T* x, int64_t incx, T* y);

// While alive, lets OpenBLAS use the native pool's thread count (it is otherwise kept at one thread, see Note [BLAS
// threading]): for LAPACK routines, whose BLAS calls cannot be split from outside.
class LapackThreadsScope {
public:
    LapackThreadsScope();
    ~LapackThreadsScope();
    LapackThreadsScope(const LapackThreadsScope&) = delete;
    LapackThreadsScope& operator=(const LapackThreadsScope&) = delete;

private:
    bool raised_;
};

// A 2-D array as BLAS reads it: stored as is (rows x cols, row stride ld) or, when trans, as its transpose
// (cols x rows, row stride ld). `copy` keeps a contiguous copy alive when the array's own layout would not do.
template <typename T>
struct BlasOperand {
    const T* data;
    bool trans;
    int64_t ld;
    std::optional<Array> copy;
};

// Uses x in place where GetBlasLayout allows it (kernels/blas_layout.h), else a contiguous copy.
template <typename T>
BlasOperand<T> ToBlasOperand(const Array& x) {
    if (std::optional<BlasLayout> layout = GetBlasLayout(x)) {
        return {static_cast<const T*>(x.raw_data()), layout->trans, layout->ld, std::nullopt};
    }
    Array copy = AsContiguousArray(x);
    return {static_cast<const T*>(copy.raw_data()), false, std::max<int64_t>(x.shape()[1], 1), std::move(copy)};
}

// out (m x n) = a (m x k) · b (k x n) for 2-D arrays of one dtype; a and b may have any strides (transposed
// views go to BLAS as they are, other layouts are copied first); out must be C-contiguous.
void MatMul(const Array& a, const Array& b, const Array& out);

}  // namespace native
}  // namespace chainerx
