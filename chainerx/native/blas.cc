#include "chainerx/native/blas.h"

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <vector>

#include <cblas.h>

#include "chainerx/core/dtype.h"
#include "chainerx/core/float16.h"
#include "chainerx/core/macro.h"
#include "chainerx/native/elementwise.h"

namespace chainerx {
namespace native {
namespace {

// BLAS takes int dimensions; larger matrices are not expected on one host call.
int BlasInt(int64_t v) {
    CHAINERX_ASSERT(v >= 0 && v <= INT32_MAX);
    return static_cast<int>(v);
}

CBLAS_TRANSPOSE BlasTrans(bool trans) { return trans ? CblasTrans : CblasNoTrans; }

// Element (i, j) of op(x), where x is stored with row stride ld.
template <typename T>
const T& At(const T* x, int64_t ld, bool trans, int64_t i, int64_t j) {
    return trans ? x[j * ld + i] : x[i * ld + j];
}

// The integer and bool product: row i of c is accumulated in a wide row buffer, walking op(b) row by row so
// that the inner loop is contiguous when b is not transposed.
template <typename T>
void GemmLoop(
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
        int64_t ldc) {
    std::vector<int64_t> row(n);
    for (int64_t i = 0; i < m; ++i) {
        T* c_row = c + i * ldc;
        for (int64_t j = 0; j < n; ++j) {
            row[j] = accumulate ? static_cast<int64_t>(c_row[j]) : 0;
        }
        for (int64_t p = 0; p < k; ++p) {
            const int64_t av = static_cast<int64_t>(At(a, lda, trans_a, i, p));
            if (av == 0) {
                continue;
            }
            for (int64_t j = 0; j < n; ++j) {
                row[j] += av * static_cast<int64_t>(At(b, ldb, trans_b, p, j));
            }
        }
        for (int64_t j = 0; j < n; ++j) {
            c_row[j] = static_cast<T>(row[j]);
        }
    }
}

// op(x) (rows x cols) converted to a contiguous float matrix.
std::vector<float> ToFloatMatrix(const Float16* x, int64_t ld, bool trans, int64_t rows, int64_t cols) {
    std::vector<float> out(rows * cols);
    for (int64_t i = 0; i < rows; ++i) {
        for (int64_t j = 0; j < cols; ++j) {
            out[i * cols + j] = static_cast<float>(At(x, ld, trans, i, j));
        }
    }
    return out;
}

}  // namespace

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
        int64_t ldc) {
    if (m == 0 || n == 0) {
        return;
    }
    if constexpr (std::is_same<T, float>::value || std::is_same<T, double>::value) {
        if (k == 0) {
            // BLAS rejects leading dimensions below 1 even when nothing is read; the product is empty.
            for (int64_t i = 0; i < m && !accumulate; ++i) {
                std::fill_n(c + i * ldc, n, T{0});
            }
            return;
        }
        const T beta = accumulate ? T{1} : T{0};
        if constexpr (std::is_same<T, float>::value) {
            cblas_sgemm(CblasRowMajor, BlasTrans(trans_a), BlasTrans(trans_b), BlasInt(m), BlasInt(n), BlasInt(k),
                        1.0F, a, BlasInt(lda), b, BlasInt(ldb), beta, c, BlasInt(ldc));
        } else {
            cblas_dgemm(CblasRowMajor, BlasTrans(trans_a), BlasTrans(trans_b), BlasInt(m), BlasInt(n), BlasInt(k),
                        1.0, a, BlasInt(lda), b, BlasInt(ldb), beta, c, BlasInt(ldc));
        }
    } else if constexpr (std::is_same<T, Float16>::value) {
        // float16 has no BLAS routine: compute in float and round once at the end.
        std::vector<float> a32 = ToFloatMatrix(a, lda, trans_a, m, k);
        std::vector<float> b32 = ToFloatMatrix(b, ldb, trans_b, k, n);
        std::vector<float> c32 = ToFloatMatrix(c, ldc, false, accumulate ? m : 0, n);
        c32.resize(m * n);
        Gemm<float>(false, false, m, n, k, a32.data(), std::max<int64_t>(k, 1), b32.data(), n, accumulate,
                    c32.data(), n);
        for (int64_t i = 0; i < m; ++i) {
            for (int64_t j = 0; j < n; ++j) {
                c[i * ldc + j] = Float16{c32[i * n + j]};
            }
        }
    } else {
        GemmLoop(trans_a, trans_b, m, n, k, a, lda, b, ldb, accumulate, c, ldc);
    }
}

#define CHAINERX_INSTANTIATE_GEMM(T)                                                                             \
    template void Gemm<T>(bool, bool, int64_t, int64_t, int64_t, const T*, int64_t, const T*, int64_t, bool, T*, \
                          int64_t)
CHAINERX_INSTANTIATE_GEMM(bool);
CHAINERX_INSTANTIATE_GEMM(int8_t);
CHAINERX_INSTANTIATE_GEMM(int16_t);
CHAINERX_INSTANTIATE_GEMM(int32_t);
CHAINERX_INSTANTIATE_GEMM(int64_t);
CHAINERX_INSTANTIATE_GEMM(uint8_t);
CHAINERX_INSTANTIATE_GEMM(Float16);
CHAINERX_INSTANTIATE_GEMM(float);
CHAINERX_INSTANTIATE_GEMM(double);
#undef CHAINERX_INSTANTIATE_GEMM

namespace {

// A 2-D array as a BLAS operand: its data, whether it is stored transposed, and its leading dimension.
template <typename T>
struct BlasOperand {
    const T* data;
    bool trans;
    int64_t ld;
    std::vector<char> copy;  // owns the data when the array's layout had to be copied (bytes: T may be bool)
};

// Uses x in place when one of its axes is unit-stride and the other a valid leading dimension (C-contiguous
// arrays and their transposes); copies it to a C-contiguous buffer otherwise (broadcast, negative or doubly
// strided views). Size-1 axes may have any stride.
template <typename T>
BlasOperand<T> ToBlasOperand(const Array& x) {
    const int64_t rows = x.shape()[0];
    const int64_t cols = x.shape()[1];
    const int64_t unit = sizeof(T);
    const int64_t s0 = x.strides()[0];
    const int64_t s1 = x.strides()[1];
    const T* data = reinterpret_cast<const T*>(x.raw_data());
    auto is_ld = [unit](int64_t stride, int64_t min) { return stride % unit == 0 && stride / unit >= min; };
    if ((cols <= 1 || s1 == unit) && (rows <= 1 || is_ld(s0, std::max<int64_t>(cols, 1)))) {
        return {data, false, rows <= 1 ? std::max<int64_t>(cols, 1) : s0 / unit, {}};
    }
    if ((rows <= 1 || s0 == unit) && (cols <= 1 || is_ld(s1, std::max<int64_t>(rows, 1)))) {
        return {data, true, cols <= 1 ? std::max<int64_t>(rows, 1) : s1 / unit, {}};
    }
    BlasOperand<T> operand{nullptr, false, cols, std::vector<char>(rows * cols * sizeof(T))};
    T* copy = reinterpret_cast<T*>(operand.copy.data());
    const char* base = static_cast<const char*>(x.raw_data());
    for (int64_t i = 0; i < rows; ++i) {
        for (int64_t j = 0; j < cols; ++j) {
            copy[i * cols + j] = *reinterpret_cast<const T*>(base + i * s0 + j * s1);
        }
    }
    operand.data = copy;
    return operand;
}

}  // namespace

void MatMul(const Array& a, const Array& b, const Array& out) {
    CHAINERX_ASSERT(a.ndim() == 2 && b.ndim() == 2 && out.IsContiguous());
    VisitDtype(out.dtype(), [&](auto pt) {
        using T = typename decltype(pt)::type;
        const int64_t m = a.shape()[0];
        const int64_t k = a.shape()[1];
        const int64_t n = b.shape()[1];
        if (m == 0 || n == 0) {
            return;
        }
        BlasOperand<T> a_op = ToBlasOperand<T>(a);
        BlasOperand<T> b_op = ToBlasOperand<T>(b);
        T* c = reinterpret_cast<T*>(out.raw_data());
        Gemm<T>(a_op.trans, b_op.trans, m, n, k, a_op.data, a_op.ld, b_op.data, b_op.ld, false, c, n);
    });
}

}  // namespace native
}  // namespace chainerx
