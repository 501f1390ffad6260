// Native kernels of the linalg family: the matrix product through native/blas.h, the factorizations through
// LAPACKE in row-major layout. LAPACK overwrites its inputs, so each kernel first copies its input into the
// output it computes in place (or into a scratch buffer).
#include "chainerx/core/kernels/linalg.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include <lapacke.h>

#include "chainerx/core/dtype.h"
#include "chainerx/core/error.h"
#include "chainerx/native/blas.h"
#include "chainerx/native/native_backend.h"
#include "chainerx/native/parallel.h"

namespace chainerx {
namespace native {
namespace {

constexpr DtypeMask kLapackDtypes = DtypeBit(Dtype::kFloat32) | DtypeBit(Dtype::kFloat64);

// The single- and double-precision LAPACKE routines under one name each, so the kernels are written once.
template <typename T>
struct Lapack;

template <>
struct Lapack<float> {
    static constexpr auto gesv = LAPACKE_sgesv;
    static constexpr auto getrf = LAPACKE_sgetrf;
    static constexpr auto getri = LAPACKE_sgetri;
    static constexpr auto potrf = LAPACKE_spotrf;
    static constexpr auto gesdd = LAPACKE_sgesdd;
    static constexpr auto geqrf = LAPACKE_sgeqrf;
    static constexpr auto orgqr = LAPACKE_sorgqr;
    static constexpr auto syevd = LAPACKE_ssyevd;
};

template <>
struct Lapack<double> {
    static constexpr auto gesv = LAPACKE_dgesv;
    static constexpr auto getrf = LAPACKE_dgetrf;
    static constexpr auto getri = LAPACKE_dgetri;
    static constexpr auto potrf = LAPACKE_dpotrf;
    static constexpr auto gesdd = LAPACKE_dgesdd;
    static constexpr auto geqrf = LAPACKE_dgeqrf;
    static constexpr auto orgqr = LAPACKE_dorgqr;
    static constexpr auto syevd = LAPACKE_dsyevd;
};

// x (any strides) copied in C order into `dst` (rows x cols with row stride ld). Non-finite values raise
// ChainerxError naming `op`: LAPACK's SVD may never return on infinities and LAPACKE rejects NaN as a bad argument,
// so every factorization refuses them up front with one clear message.
// The same for the rows x cols matrix at `base` with byte strides (row_step, col_step).
template <typename T>
void CopyFiniteMatrix(
        const char* op, const char* base, int64_t rows, int64_t cols, int64_t row_step, int64_t col_step, T* dst,
        int64_t ld) {
    bool finite = true;
    for (int64_t i = 0; i < rows; ++i) {
        for (int64_t j = 0; j < cols; ++j) {
            T value = *reinterpret_cast<const T*>(base + i * row_step + j * col_step);
            finite = finite && std::isfinite(value);
            dst[i * ld + j] = value;
        }
    }
    if (!finite) {
        throw ChainerxError{op, ": the input contains NaN or infinity"};
    }
}

template <typename T>
void CopyFiniteMatrix(const char* op, const Array& x, T* dst, int64_t ld) {
    CopyFiniteMatrix(
            op, static_cast<const char*>(x.raw_data()), x.shape()[0], x.shape()[1], x.strides()[0], x.strides()[1],
            dst, ld);
}

template <typename T>
T* Data(const Array& a) {
    return reinterpret_cast<T*>(a.raw_data());
}

// LAPACK's info: negative is a bad argument (a bug here), positive a property of the data.
void CheckInfo(lapack_int info, const char* op, const char* failure) {
    if (info != 0) {
        throw ChainerxError{op, ": ", info > 0 ? failure : "invalid LAPACK argument", " (info ", info, ")"};
    }
}

lapack_int Ld(int64_t cols) { return static_cast<lapack_int>(std::max<int64_t>(cols, 1)); }

// Fills the (rows x cols) C-contiguous `out` with the identity (ones on the main diagonal).
template <typename T>
void FillIdentity(T* out, int64_t rows, int64_t cols) {
    std::fill_n(out, rows * cols, T{0});
    for (int64_t i = 0; i < std::min(rows, cols); ++i) {
        out[i * cols + i] = T{1};
    }
}

// Note [Batches of small matrices]
// LAPACKE's row-major interface transposes each matrix into a scratch buffer and back, which for a small matrix
// costs about as much as the factorization. The determinant and the inverse need no transposes: a row-major buffer
// read column-major is the transpose, det(aᵀ) = det(a), and the inverse of aᵀ, left column-major in the buffer,
// read row-major is a⁻¹. So their kernels call the column-major routines on row-major copies. A batch of matrices
// of at most kSmallMatrix rows is split over the native thread pool, each thread running LAPACK single-threaded;
// larger matrices go one at a time with LAPACK's own threads (LapackThreadsScope).
constexpr int64_t kSmallMatrix = 64;

// Runs fn(begin, end) over the matrices [0, batch) of n x n elements (Note [Batches of small matrices]).
template <typename Fn>
void ForEachMatrix(int64_t batch, int64_t n, const Fn& fn) {
    if (n > kSmallMatrix) {
        LapackThreadsScope lapack_threads;
        fn(int64_t{0}, batch);
        return;
    }
    // A chunk of at least ~2^15 multiply-adds (n^3 / 3 per factorization), so that waking a thread pays off.
    const int64_t grain = std::max<int64_t>(1, (int64_t{3} << 15) / (n * n * n + 1));
    ParallelFor(batch, grain, [&fn](int64_t begin, int64_t end) { fn(begin, end); });
}

// The factorization of the n x n matrix b of a (batch, n, n), copied into `lu` (row-major, so aᵀ column-major):
// LAPACK's info (positive for a zero pivot).
template <typename T>
lapack_int FactorizeMatrix(const char* op, const Array& a, int64_t b, T* lu, lapack_int* ipiv) {
    const int64_t n = a.shape()[1];
    const char* base = static_cast<const char*>(a.raw_data()) + b * a.strides()[0];
    CopyFiniteMatrix(op, base, n, n, a.strides()[1], a.strides()[2], lu, n);
    lapack_int info = Lapack<T>::getrf(LAPACK_COL_MAJOR, n, n, lu, n, ipiv);
    if (info < 0) {
        CheckInfo(info, op, "");
    }
    return info;
}

class NativeDotKernel : public DotKernel {
public:
    void Call(const Array& a, const Array& b, const Array& out) override { MatMul(a, b, out); }
};
CHAINERX_NATIVE_REGISTER_KERNEL(DotKernel, NativeDotKernel);
CHAINERX_NATIVE_REGISTER_KERNEL(BatchedDotKernel, GenericBatchedDotKernel);

class NativeSolveKernel : public SolveKernel {
public:
    void Call(const Array& a, const Array& b, const Array& out) override {
        LapackThreadsScope lapack_threads;
        VisitDtypeIn<kLapackDtypes>(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            const int64_t n = a.shape()[0];
            const int64_t k = b.shape()[1];
            if (n == 0 || k == 0) {
                return;
            }
            std::vector<T> lu(n * n);
            std::vector<lapack_int> ipiv(n);
            CopyFiniteMatrix("solve", a, lu.data(), n);
            CopyFiniteMatrix("solve", b, Data<T>(out), k);
            CheckInfo(Lapack<T>::gesv(LAPACK_ROW_MAJOR, n, k, lu.data(), n, ipiv.data(), Data<T>(out), k),
                      "solve",
                      "singular matrix");
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(SolveKernel, NativeSolveKernel);

class NativeInverseKernel : public InverseKernel {
public:
    void Call(const Array& a, const Array& out) override {
        LapackThreadsScope lapack_threads;
        VisitDtypeIn<kLapackDtypes>(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            const int64_t n = a.shape()[0];
            if (n == 0) {
                return;
            }
            // Column-major on the row-major copy: the inverse of aᵀ, read row-major, is a⁻¹ (Note [Batches of
            // small matrices]).
            std::vector<lapack_int> ipiv(n);
            CopyFiniteMatrix("inv", a, Data<T>(out), n);
            CheckInfo(Lapack<T>::getrf(LAPACK_COL_MAJOR, n, n, Data<T>(out), n, ipiv.data()), "inv", "singular matrix");
            CheckInfo(Lapack<T>::getri(LAPACK_COL_MAJOR, n, Data<T>(out), n, ipiv.data()), "inv", "singular matrix");
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(InverseKernel, NativeInverseKernel);

class NativeBatchInverseKernel : public BatchInverseKernel {
public:
    void Call(const Array& a, const Array& out) override {
        VisitDtypeIn<kLapackDtypes>(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            const int64_t n = a.shape()[1];
            if (n == 0) {
                return;
            }
            ForEachMatrix(a.shape()[0], n, [&](int64_t begin, int64_t end) {
                std::vector<lapack_int> ipiv(n);
                for (int64_t b = begin; b < end; ++b) {
                    T* inverse = Data<T>(out) + b * n * n;
                    CheckInfo(FactorizeMatrix("inv", a, b, inverse, ipiv.data()), "inv", "singular matrix");
                    CheckInfo(Lapack<T>::getri(LAPACK_COL_MAJOR, n, inverse, n, ipiv.data()), "inv", "singular matrix");
                }
            });
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(BatchInverseKernel, NativeBatchInverseKernel);

class NativeDetKernel : public DetKernel {
public:
    void Call(const Array& a, const Array& out) override {
        VisitDtypeIn<kLapackDtypes>(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            const int64_t n = a.shape()[1];
            T* det = Data<T>(out);
            ForEachMatrix(a.shape()[0], n, [&](int64_t begin, int64_t end) {
                std::vector<T> lu(n * n);
                std::vector<lapack_int> ipiv(n);
                for (int64_t b = begin; b < end; ++b) {
                    det[b] = T{1};
                    if (n == 0) {
                        continue;
                    }
                    // A positive info is a zero pivot: the product below is then 0, the determinant of a singular
                    // matrix. The factorization is aᵀ's, whose determinant is a's.
                    FactorizeMatrix("det", a, b, lu.data(), ipiv.data());
                    for (int64_t i = 0; i < n; ++i) {
                        det[b] *= ipiv[i] == i + 1 ? lu[i * n + i] : -lu[i * n + i];  // a row swap flips the sign
                    }
                }
            });
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(DetKernel, NativeDetKernel);

class NativeCholeskyKernel : public CholeskyKernel {
public:
    void Call(const Array& a, const Array& out) override {
        LapackThreadsScope lapack_threads;
        VisitDtypeIn<kLapackDtypes>(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            const int64_t n = a.shape()[0];
            if (n == 0) {
                return;
            }
            T* l = Data<T>(out);
            CopyFiniteMatrix("cholesky", a, l, n);
            CheckInfo(Lapack<T>::potrf(LAPACK_ROW_MAJOR, 'L', n, l, n), "cholesky", "matrix is not positive definite");
            // potrf leaves the upper triangle as it found it.
            for (int64_t i = 0; i < n; ++i) {
                std::fill(l + i * n + i + 1, l + (i + 1) * n, T{0});
            }
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(CholeskyKernel, NativeCholeskyKernel);

class NativeSvdKernel : public SvdKernel {
public:
    void Call(const Array& a, const Array& u, const Array& s, const Array& vt, bool full_matrices, bool compute_uv)
            override {
        LapackThreadsScope lapack_threads;
        VisitDtypeIn<kLapackDtypes>(s.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            const int64_t m = a.shape()[0];
            const int64_t n = a.shape()[1];
            if (std::min(m, n) == 0) {
                // Nothing to factorize; the full bases are identities.
                if (compute_uv) {
                    FillIdentity(Data<T>(u), u.shape()[0], u.shape()[1]);
                    FillIdentity(Data<T>(vt), vt.shape()[0], vt.shape()[1]);
                }
                return;
            }
            std::vector<T> work(m * n);
            CopyFiniteMatrix("svd", a, work.data(), n);
            const char jobz = compute_uv ? (full_matrices ? 'A' : 'S') : 'N';
            T* u_data = compute_uv ? Data<T>(u) : nullptr;
            T* vt_data = compute_uv ? Data<T>(vt) : nullptr;
            // LAPACKE checks the leading dimensions even when jobz is 'N' and u, vt are not referenced.
            const lapack_int ldu = compute_uv ? Ld(u.shape()[1]) : Ld(m);
            const lapack_int ldvt = compute_uv ? Ld(vt.shape()[1]) : Ld(n);
            CheckInfo(Lapack<T>::gesdd(LAPACK_ROW_MAJOR, jobz, m, n, work.data(), n, Data<T>(s), u_data, ldu, vt_data,
                                       ldvt),
                      "svd",
                      "did not converge");
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(SvdKernel, NativeSvdKernel);

class NativeQrKernel : public QrKernel {
public:
    void Call(const Array& a, const Array& q, const Array& r, const Array& tau, bool complete, bool raw) override {
        LapackThreadsScope lapack_threads;
        VisitDtypeIn<kLapackDtypes>(r.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            const int64_t m = a.shape()[0];
            const int64_t n = a.shape()[1];
            const int64_t k = std::min(m, n);
            std::vector<T> h(m * n);
            CopyFiniteMatrix("qr", a, h.data(), n);
            if (k > 0) {
                CheckInfo(Lapack<T>::geqrf(LAPACK_ROW_MAJOR, m, n, h.data(), n, Data<T>(tau)), "qr", "failed");
            }
            WriteR(h.data(), m, n, raw, Data<T>(r), r.shape()[0]);
            if (q.is_null()) {
                return;
            }
            const int64_t q_cols = q.shape()[1];
            T* q_data = Data<T>(q);
            if (k == 0) {
                FillIdentity(q_data, m, q_cols);
                return;
            }
            // orgqr expands the first k reflectors (stored below the diagonal of h) into q's columns.
            std::fill_n(q_data, m * q_cols, T{0});
            for (int64_t i = 0; i < m; ++i) {
                std::copy_n(h.data() + i * n, std::min(n, q_cols), q_data + i * q_cols);
            }
            CheckInfo(Lapack<T>::orgqr(LAPACK_ROW_MAJOR, m, q_cols, k, q_data, q_cols, Data<T>(tau)), "qr", "failed");
        });
    }

private:
    // r = the upper triangle of the first r_rows rows of h (m x n), or h transposed when `raw`.
    template <typename T>
    static void WriteR(const T* h, int64_t m, int64_t n, bool raw, T* r, int64_t r_rows) {
        for (int64_t i = 0; i < r_rows; ++i) {
            for (int64_t j = 0; j < (raw ? m : n); ++j) {
                r[i * (raw ? m : n) + j] = raw ? h[j * n + i] : (j >= i && i < m ? h[i * n + j] : T{0});
            }
        }
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(QrKernel, NativeQrKernel);

class NativeSyevdKernel : public SyevdKernel {
public:
    void Call(const Array& a, char uplo, const Array& w, const Array& v) override {
        LapackThreadsScope lapack_threads;
        VisitDtypeIn<kLapackDtypes>(w.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            const int64_t n = a.shape()[0];
            if (n == 0) {
                return;
            }
            std::vector<T> scratch(v.is_null() ? n * n : 0);
            T* z = v.is_null() ? scratch.data() : Data<T>(v);
            CopyFiniteMatrix("eigh", a, z, n);
            CheckInfo(Lapack<T>::syevd(LAPACK_ROW_MAJOR, v.is_null() ? 'N' : 'V', uplo, n, z, n, Data<T>(w)),
                      "eigh",
                      "did not converge");
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(SyevdKernel, NativeSyevdKernel);

}  // namespace
}  // namespace native
}  // namespace chainerx
