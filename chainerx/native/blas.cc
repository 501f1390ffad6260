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
#include "chainerx/native/parallel.h"

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
    // Unsigned: overflow wraps (as NumPy's integer products do) instead of being undefined.
    std::vector<uint64_t> row(n);
    for (int64_t i = 0; i < m; ++i) {
        T* c_row = c + i * ldc;
        for (int64_t j = 0; j < n; ++j) {
            row[j] = accumulate ? static_cast<uint64_t>(c_row[j]) : 0;
        }
        for (int64_t p = 0; p < k; ++p) {
            const auto av = static_cast<uint64_t>(At(a, lda, trans_a, i, p));
            if (av == 0) {
                continue;
            }
            for (int64_t j = 0; j < n; ++j) {
                row[j] += av * static_cast<uint64_t>(At(b, ldb, trans_b, p, j));
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

// Note [BLAS threading]
// OpenBLAS has its own thread pool beside the native one. With both active, every switch between a BLAS call and an
// elementwise kernel woke one pool while the other went to sleep, the two pools' threads competed for the cores
// when a BLAS call ran inside a parallel kernel (convolution), and OpenBLAS 0.3.21 splits skinny products badly
// (256x1000 · 1000x10 took 157 µs on two threads against 107 µs on one). So OpenBLAS is kept at one thread (set when
// the native pool starts) and Gemm/Gemv split large products into blocks of output columns or rows over the
// native pool, each block one single-threaded BLAS call. The split duplicates the packing of the operand every
// block reads whole, so it cuts the dimension whose other operand is smaller: columns when m <= n (each block
// re-reads a, m x k), rows otherwise (each block re-reads b, k x n). LAPACK routines, whose inner BLAS calls
// cannot be split from outside, raise OpenBLAS's thread count for their duration (LapackThreadsScope).

// Products below this many multiply-adds (~10 µs on one core) run on the calling thread.
constexpr int64_t kParallelBlasWork = int64_t{1} << 18;
// Blocks are multiples of this many rows or columns, which keeps OpenBLAS's register tiles whole.
constexpr int64_t kBlasBlock = 16;

// Calls fn(begin, end) over blocks of [0, extent) in parallel when `work` multiply-adds justify it.
template <typename F>
void SplitBlas(int64_t extent, int64_t work, F&& fn) {
    const int64_t blocks = extent / kBlasBlock;
    // GetNumThreads first: it starts the pool, which sets OpenBLAS to one thread before the first BLAS call.
    if (GetNumThreads() < 2 || work < kParallelBlasWork || blocks < 2) {
        fn(int64_t{0}, extent);
        return;
    }
    ParallelFor(blocks, 1, [&](int64_t begin, int64_t end) {
        fn(begin * kBlasBlock, end == blocks ? extent : end * kBlasBlock);
    });
}

}  // namespace

template <typename T>
void Gemv(bool trans, int64_t rows, int64_t cols, const T* a, int64_t lda, const T* x, int64_t incx, T* y) {
    static_assert(std::is_same<T, float>::value || std::is_same<T, double>::value, "Gemv is for BLAS types");
    // y has `cols` entries when trans (block j0..j1 reads columns j0..j1 of a), else `rows` (rows i0..i1).
    const int64_t y_size = trans ? cols : rows;
    SplitBlas(y_size, rows * cols, [=](int64_t begin, int64_t end) {
        const T* a_block = trans ? a + begin : a + begin * lda;
        const int r = BlasInt(trans ? rows : end - begin);
        const int c = BlasInt(trans ? end - begin : cols);
        const CBLAS_TRANSPOSE t = BlasTrans(trans);
        if constexpr (std::is_same<T, float>::value) {
            cblas_sgemv(CblasRowMajor, t, r, c, 1.0F, a_block, BlasInt(lda), x, BlasInt(incx), 1.0F, y + begin, 1);
        } else {
            cblas_dgemv(CblasRowMajor, t, r, c, 1.0, a_block, BlasInt(lda), x, BlasInt(incx), 1.0, y + begin, 1);
        }
    });
}

template void Gemv<float>(bool, int64_t, int64_t, const float*, int64_t, const float*, int64_t, float*);
template void Gemv<double>(bool, int64_t, int64_t, const double*, int64_t, const double*, int64_t, double*);

LapackThreadsScope::LapackThreadsScope() : raised_{GetNumThreads() > 1} {
    if (raised_) {
        openblas_set_num_threads(GetNumThreads());
    }
}

LapackThreadsScope::~LapackThreadsScope() {
    if (raised_) {
        openblas_set_num_threads(1);
    }
}

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
        // One single-threaded BLAS call on a block of the product: rows x cols of c.
        auto gemm_block = [=](int64_t rows, int64_t cols, const T* a_block, const T* b_block, T* c_block) {
            const CBLAS_TRANSPOSE ta = BlasTrans(trans_a);
            const CBLAS_TRANSPOSE tb = BlasTrans(trans_b);
            if constexpr (std::is_same<T, float>::value) {
                cblas_sgemm(CblasRowMajor, ta, tb, BlasInt(rows), BlasInt(cols), BlasInt(k), 1.0F, a_block,
                            BlasInt(lda), b_block, BlasInt(ldb), beta, c_block, BlasInt(ldc));
            } else {
                cblas_dgemm(CblasRowMajor, ta, tb, BlasInt(rows), BlasInt(cols), BlasInt(k), 1.0, a_block,
                            BlasInt(lda), b_block, BlasInt(ldb), beta, c_block, BlasInt(ldc));
            }
        };
        if (m <= n) {  // blocks of columns: op(b)'s columns j are b + j (stored k x n) or b + j * ldb (stored n x k)
            SplitBlas(n, m * n * k, [&](int64_t begin, int64_t end) {
                gemm_block(m, end - begin, a, trans_b ? b + begin * ldb : b + begin, c + begin);
            });
        } else {  // blocks of rows: op(a)'s rows i are a + i * lda (stored m x k) or a + i (stored k x m)
            SplitBlas(m, m * n * k, [&](int64_t begin, int64_t end) {
                gemm_block(end - begin, n, trans_a ? a + begin : a + begin * lda, b, c + begin * ldc);
            });
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
        const BlasOperand<T> a_op = ToBlasOperand<T>(a);
        const BlasOperand<T> b_op = ToBlasOperand<T>(b);
        T* c = reinterpret_cast<T*>(out.raw_data());
        Gemm<T>(a_op.trans, b_op.trans, m, n, k, a_op.data, a_op.ld, b_op.data, b_op.ld, false, c, n);
    });
}

}  // namespace native
}  // namespace chainerx
