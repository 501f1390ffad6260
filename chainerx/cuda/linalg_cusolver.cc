// The factorizations of the linalg family on CUDA arrays through cuSOLVER's dense API, when it can be loaded (Note
// [cuSOLVER loaded on demand]); else, and for zero-size operands, the host kernels they derive from (Note [Linear
// algebra on the host]).
//
// Note [Row-major matrices in cuSOLVER]
// cuSOLVER, like LAPACK, reads matrices column-major, and a C-contiguous (r, c) array read column-major is its
// transpose (c x r). So each kernel gives cuSOLVER either a C-contiguous copy of the operand (when the routine can
// work on the transpose: cholesky and eigh read the other triangle of a symmetric matrix, and the SVD of a wide
// matrix is the SVD of its tall transpose with the factors swapped) or a C-contiguous copy of the operand's
// transpose, which read column-major is the operand itself (solve, inverse, QR, the SVD of a tall matrix: gesvd
// takes only rows >= columns). Results come back the same way, through a transposed copy where needed. The copies
// cost O(n^2) next to the O(n^3) factorization. As on native, non-finite input raises ChainerxError before any
// factorization (cuSOLVER's SVD may not converge on it), and a failure that the data cause (a singular matrix,
// one that is not positive definite, no convergence) raises ChainerxError with cuSOLVER's info, the kernels'
// only synchronisation with the device.
#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <vector>

#include <cublas_v2.h>
#include <cusolverDn.h>

#include "chainerx/core/array.h"
#include "chainerx/core/array_index.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/creation.h"
#include "chainerx/core/kernels/linalg.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/arithmetic.h"
#include "chainerx/core/routines/linalg_util.h"
#include "chainerx/core/routines/logic.h"
#include "chainerx/core/routines/manipulation.h"
#include "chainerx/core/routines/reduction.h"
#include "chainerx/cuda/cuda_backend.h"
#include "chainerx/cuda/cuda_device.h"
#include "chainerx/cuda/cuda_runtime.h"
#include "chainerx/cuda/cusolver.h"
#include "chainerx/cuda/linalg_on_host.h"

namespace chainerx {
namespace cuda {
namespace {

constexpr DtypeMask kCusolverDtypes = DtypeBit(Dtype::kFloat32) | DtypeBit(Dtype::kFloat64);

// Whether cuSOLVER serves a call whose matrices have these dimensions: loaded, and nothing empty (the host
// kernels handle empty matrices, where there is nothing to factorize).
bool UseCusolver(std::initializer_list<int64_t> dims) {
    return GetCusolverLibrary() != nullptr && std::all_of(dims.begin(), dims.end(), [](int64_t d) { return d > 0; });
}

// A C-contiguous copy of `a` on its device, outside any graph.
Array ContiguousCopy(const Array& a) {
    Array copy = Empty(a.shape(), a.dtype(), a.device());
    a.device().CallKernel<CopyKernel>(a, copy);
    return copy;
}

// A C-contiguous array holding aᵀ: read column-major, its memory is a (Note [Row-major matrices in cuSOLVER]).
Array ColumnMajorCopy(const Array& a) { return ContiguousCopy(a.Transpose()); }

// Copies `src` into the kernel's output `out` (nothing for a null one).
void CopyOut(const Array& src, const Array& out) {
    if (!out.is_null()) {
        out.device().CallKernel<CopyKernel>(src, out);
    }
}

// ChainerxError naming `op` if an operand holds NaN or infinity, as the native kernels raise (one synchronisation
// for all the operands).
void CheckFinite(const char* op, std::initializer_list<const Array*> operands) {
    Array finite;
    for (const Array* operand : operands) {
        Array operand_finite = All(IsFinite(operand->AsGradStopped()));
        finite = finite.is_null() ? operand_finite : LogicalAnd(finite, operand_finite);
    }
    if (!finite.AsScalar().As<bool>()) {
        throw ChainerxError{op, ": the input contains NaN or infinity"};
    }
}

template <typename T>
T* Data(const Array& a) {
    return static_cast<T*>(a.raw_data());
}

int ToInt(int64_t value) { return static_cast<int>(value); }  // the routines refuse larger matrices for LAPACK

// The scratch of one cuSOLVER call sequence on a device: workspaces and the info words, which are read once at the
// end (the synchronisation) and checked in the order of the calls.
class CusolverCall {
public:
    CusolverCall(const Array& a, const char* op)
        : device_{a.device()}, device_scope_{device_.index()}, handle_scope_{device_.index()}, op_{op} {}

    cusolverDnHandle_t handle() const { return handle_scope_.handle(); }

    // A workspace of `lwork` elements of `dtype`, kept until the end of the call.
    void* Workspace(int lwork, Dtype dtype) {
        workspaces_.push_back(Empty({std::max(lwork, 1)}, dtype, device_));
        return workspaces_.back().raw_data();
    }

    // `count` info words for the next routines (one each, or one per matrix of a batch), reported as `failure` when
    // positive.
    int* Info(const char* failure, int64_t count = 1) {
        infos_.push_back(InfoWords{Zeros({count}, Dtype::kInt32, device_), failure});
        return Data<int>(infos_.back().words);
    }

    // Reads all the info words at once; ChainerxError for the first that is not zero.
    void CheckInfos() {
        if (infos_.empty()) {
            return;
        }
        std::vector<Array> groups;
        for (const InfoWords& group : infos_) {
            groups.push_back(group.words);
        }
        Array words = groups.size() == 1 ? groups.front() : Concatenate(groups);
        std::vector<int> host_words(static_cast<size_t>(words.GetTotalSize()));
        device_.MemoryCopyToHost(host_words.data(), words.raw_data(), sizeof(int) * host_words.size());
        auto word = host_words.begin();
        for (const InfoWords& group : infos_) {
            for (int64_t i = 0; i < group.words.GetTotalSize(); ++i, ++word) {
                if (*word != 0) {
                    throw ChainerxError{
                            op_, ": ", *word > 0 ? group.failure : "invalid cuSOLVER argument", " (info ", *word, ")"};
                }
            }
        }
    }

    const char* op() const { return op_; }

private:
    struct InfoWords {
        Array words;
        const char* failure;
    };

    Device& device_;
    // The handle belongs to the device: cuSOLVER runs with it current.
    CudaSetDeviceScope device_scope_;
    CusolverHandleScope handle_scope_;
    const char* op_;
    std::vector<Array> workspaces_;
    std::vector<InfoWords> infos_;
};

// Runs body(PrimitiveType<T>{}, call) with T the element type of `dtype`, unless cuSOLVER cannot serve (see
// UseCusolver): then returns false and the caller runs its host kernel. Non-finite operands raise first.
template <typename Body>
bool CallCusolver(
        const char* op,
        std::initializer_list<int64_t> dims,
        std::initializer_list<const Array*> operands,
        Dtype dtype,
        Body&& body) {
    if (!UseCusolver(dims)) {
        return false;
    }
    CheckFinite(op, operands);
    VisitDtypeIn<kCusolverDtypes>(dtype, [&](auto pt) {
        CusolverCall call{**operands.begin(), op};
        body(pt, call);
    });
    return true;
}

// The workspace of getrf on n x n matrices like the one at `lu` (its first, for a batch), kept by `call`.
template <typename T>
T* GetrfWorkspace(CusolverCall& call, const Array& lu, int64_t n) {
    const CusolverRoutines<T>& f = GetCusolverLibrary()->routines<T>();
    int lwork = 0;
    CheckCusolverError(f.getrf_bufferSize(call.handle(), ToInt(n), ToInt(n), Data<T>(lu), ToInt(n), &lwork));
    return static_cast<T*>(call.Workspace(lwork, lu.dtype()));
}

// Note [Batches of LU factorizations on CUDA]
// solve, inv, batch_inv, det and batch_det LU-factorize each matrix of a batch (of one, for solve and inv).
// cuSOLVER's getrf and getrs take one matrix a call, each call several launches, so a batch of many small matrices
// costs launches in proportion to its size. cuBLAS's getrfBatched and getrsBatched take the whole batch in one launch
// each, given a device array of the matrices' addresses (written from the host through a staging buffer, without a
// wait); cuBLAS meant them for small matrices, where launches dominate, while cuSOLVER's blocked getrf makes better
// use of the GPU on a large one. So a batch of more than one matrix of at most kBatchedLuMaxOrder rows goes to cuBLAS,
// and anything else to cuSOLVER a matrix at a time. The threshold is a judgement, not yet measured on a GPU. Both
// write LAPACK's pivots and info words (a positive one: a zero pivot, the matrix is singular), so the callers do not
// depend on the path taken.
constexpr int64_t kBatchedLuMaxOrder = 32;

bool UseBatchedLu(int64_t batch, int64_t n) { return batch > 1 && n <= kBatchedLuMaxOrder; }

template <typename T>
struct CublasBatchedLu;

template <>
struct CublasBatchedLu<float> {
    static constexpr auto getrf = cublasSgetrfBatched;
    static constexpr auto getrs = cublasSgetrsBatched;
};

template <>
struct CublasBatchedLu<double> {
    static constexpr auto getrf = cublasDgetrfBatched;
    static constexpr auto getrs = cublasDgetrsBatched;
};

// A device array of the addresses of the `batch` matrices of the C-contiguous `a` (batch, ...), as cuBLAS's batched
// routines take them.
template <typename T>
Array MatrixAddresses(const Array& a, int64_t batch) {
    const int64_t matrix_size = a.GetTotalSize() / batch;  // batch > 1: see UseBatchedLu
    std::vector<T*> addresses(static_cast<size_t>(batch));
    for (int64_t b = 0; b < batch; ++b) {
        addresses[b] = Data<T>(a) + b * matrix_size;
    }
    Array device_addresses = Empty({batch}, Dtype::kInt64, a.device());
    a.device().MemoryCopyFromHost(device_addresses.raw_data(), addresses.data(), sizeof(T*) * addresses.size());
    return device_addresses;
}

// LU-factorizes in place the `batch` column-major n x n matrices that follow one another in the C-contiguous `lu`:
// LAPACK's (1-based) pivots into the int32 (batch, n) `pivots`, and each matrix's info word into infos[0, batch).
// Returns the device array of lu's matrix addresses where cuBLAS took the batch (LuSolveBatch reuses it), else a
// null array.
template <typename T>
Array LuFactorBatch(CusolverCall& call, const Array& lu, const Array& pivots, int* infos, int64_t batch, int64_t n) {
    if (UseBatchedLu(batch, n)) {
        auto& device = static_cast<CudaDevice&>(lu.device());
        Array addresses = MatrixAddresses<T>(lu, batch);
        CheckCublasError(CublasBatchedLu<T>::getrf(
                device.cublas_handle(),
                ToInt(n),
                static_cast<T* const*>(addresses.raw_data()),
                ToInt(n),
                Data<int>(pivots),
                infos,
                ToInt(batch)));
        return addresses;
    }
    const CusolverRoutines<T>& f = GetCusolverLibrary()->routines<T>();
    T* work = GetrfWorkspace<T>(call, lu, n);
    for (int64_t b = 0; b < batch; ++b) {
        CheckCusolverError(f.getrf(
                call.handle(),
                ToInt(n),
                ToInt(n),
                Data<T>(lu) + b * n * n,
                ToInt(n),
                work,
                Data<int>(pivots) + b * n,
                infos + b));
    }
    return Array{};
}

// Solves lu_b · x = rhs_b in place for each matrix of LuFactorBatch's `lu`, `lu_addresses` and `pivots` and the
// column-major n x k right-hand sides that follow one another in the C-contiguous `rhs`. cuSOLVER's getrs writes an
// info word per matrix into infos[0, batch), nonzero only for an invalid argument; cuBLAS's path reports that by its
// return.
template <typename T>
void LuSolveBatch(
        CusolverCall& call,
        const Array& lu,
        const Array& lu_addresses,
        const Array& pivots,
        const Array& rhs,
        int* infos,
        int64_t batch,
        int64_t n,
        int64_t k) {
    if (!lu_addresses.is_null()) {
        auto& device = static_cast<CudaDevice&>(lu.device());
        Array rhs_addresses = MatrixAddresses<T>(rhs, batch);
        int argument_info = 0;  // cuBLAS's host word: -i for an invalid i-th argument
        CheckCublasError(CublasBatchedLu<T>::getrs(
                device.cublas_handle(),
                CUBLAS_OP_N,
                ToInt(n),
                ToInt(k),
                static_cast<const T* const*>(lu_addresses.raw_data()),
                ToInt(n),
                Data<int>(pivots),
                static_cast<T* const*>(rhs_addresses.raw_data()),
                ToInt(n),
                &argument_info,
                ToInt(batch)));
        if (argument_info != 0) {
            throw ChainerxError{call.op(), ": invalid cuBLAS argument (info ", argument_info, ")"};
        }
        return;
    }
    const CusolverRoutines<T>& f = GetCusolverLibrary()->routines<T>();
    for (int64_t b = 0; b < batch; ++b) {
        CheckCusolverError(f.getrs(
                call.handle(),
                CUBLAS_OP_N,
                ToInt(n),
                ToInt(k),
                Data<T>(lu) + b * n * n,
                ToInt(n),
                Data<int>(pivots) + b * n,
                Data<T>(rhs) + b * n * k,
                ToInt(n),
                infos + b));
    }
}

// Solves a_b · x_b = rhs_b for each matrix of the column-major batch `lu` (factorized in place) and the column-major
// right-hand sides `rhs` (replaced by the solutions); ChainerxError if a matrix is singular.
template <typename T>
void LuSolve(CusolverCall& call, const Array& lu, const Array& rhs, int64_t batch, int64_t n, int64_t k) {
    Array pivots = Empty({batch, n}, Dtype::kInt32, lu.device());
    int* infos = call.Info("singular matrix", 2 * batch);  // getrf's words, then getrs's
    Array lu_addresses = LuFactorBatch<T>(call, lu, pivots, infos, batch, n);
    LuSolveBatch<T>(call, lu, lu_addresses, pivots, rhs, infos + batch, batch, n, k);
    call.CheckInfos();
}

class CusolverSolveKernel : public HostSolveKernel {
public:
    void Call(const Array& a, const Array& b, const Array& out) override {
        const int64_t n = a.shape()[0];
        const int64_t k = b.shape()[1];
        if (!CallCusolver("solve", {n, k}, {&a, &b}, out.dtype(), [&](auto pt, CusolverCall& call) {
                using T = typename decltype(pt)::type;
                Array x = ColumnMajorCopy(b);
                LuSolve<T>(call, ColumnMajorCopy(a), x, 1, n, k);
                CopyOut(x.Transpose(), out);
            })) {
            HostSolveKernel::Call(a, b, out);
        }
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(SolveKernel, CusolverSolveKernel);

class CusolverInverseKernel : public HostInverseKernel {
public:
    void Call(const Array& a, const Array& out) override {
        const int64_t n = a.shape()[0];
        if (!CallCusolver("inv", {n}, {&a}, out.dtype(), [&](auto pt, CusolverCall& call) {
                using T = typename decltype(pt)::type;
                Array x = Identity(n, out.dtype(), a.device());
                LuSolve<T>(call, ColumnMajorCopy(a), x, 1, n, n);
                CopyOut(x.Transpose(), out);
            })) {
            HostInverseKernel::Call(a, out);
        }
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(InverseKernel, CusolverInverseKernel);

// The inverses of a batch (F.batch_inv), as the inverse of one: the batch's matrices LU-factorized and solved for the
// identity (Note [Batches of LU factorizations on CUDA]), all info words read at once at the end, so that the batch
// costs the device two waits (this and the finiteness check) rather than two per matrix.
class CusolverBatchInverseKernel : public GenericBatchInverseKernel {
public:
    void Call(const Array& a, const Array& out) override {
        const int64_t batch = a.shape()[0];
        const int64_t n = a.shape()[1];
        if (!CallCusolver("inv", {batch, n}, {&a}, out.dtype(), [&](auto pt, CusolverCall& call) {
                using T = typename decltype(pt)::type;
                Array lu = ContiguousCopy(internal::MatrixTranspose(a));  // column-major: the matrices themselves
                Array x = ContiguousCopy(Identity(n, out.dtype(), a.device()).BroadcastTo({batch, n, n}));
                LuSolve<T>(call, lu, x, batch, n, n);
                CopyOut(internal::MatrixTranspose(x), out);
            })) {
            GenericBatchInverseKernel::Call(a, out);
        }
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(BatchInverseKernel, CusolverBatchInverseKernel);

// Determinants from an LU factorization of each matrix (Note [Batches of LU factorizations on CUDA]). A matrix read
// column-major is its transpose, whose determinant is its own, so the C-contiguous copy is factorized as it is. The
// determinant is the product of U's diagonal, negated for each row swap: a strided view of the diagonals, the
// product kernel and the swaps counted from the (1-based) pivots, all on the device. A positive info word is a zero
// pivot, so a determinant of 0 and no error: the info words are not read.
class CusolverDetKernel : public HostDetKernel {
public:
    void Call(const Array& a, const Array& out) override {
        const int64_t batch = a.shape()[0];
        const int64_t n = a.shape()[1];
        if (!CallCusolver("det", {batch, n}, {&a}, out.dtype(), [&](auto pt, CusolverCall& call) {
                using T = typename decltype(pt)::type;
                Device& device = a.device();
                Array lu = ContiguousCopy(a);
                Array pivots = Empty({batch, n}, Dtype::kInt32, device);
                Array infos = Empty({batch}, Dtype::kInt32, device);  // not read: see above
                LuFactorBatch<T>(call, lu, pivots, Data<int>(infos), batch, n);
                const auto item = static_cast<int64_t>(sizeof(T));
                Array diagonals = internal::StridedView(lu, {batch, n}, {n * n * item, (n + 1) * item});
                Array unmoved = Arange(1, n + 1, 1, Dtype::kInt32, device);
                Array swaps = Sum(NotEqual(pivots, unmoved), Axes{1});
                Array sign = 1 - (swaps % 2) * 2;
                CopyOut(Prod(diagonals, Axes{1}) * sign.AsType(out.dtype()), out);
            })) {
            HostDetKernel::Call(a, out);
        }
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(DetKernel, CusolverDetKernel);

class CusolverCholeskyKernel : public HostCholeskyKernel {
public:
    void Call(const Array& a, const Array& out) override {
        const int64_t n = a.shape()[0];
        if (!CallCusolver("cholesky", {n}, {&a}, out.dtype(), [&](auto pt, CusolverCall& call) {
                using T = typename decltype(pt)::type;
                const CusolverRoutines<T>& f = GetCusolverLibrary()->routines<T>();
                // Read column-major, the copy is aᵀ: its upper triangle is a's lower one, and the factor u (upper,
                // aᵀ = uᵀ · u) read row-major is l = uᵀ, lower.
                Array factor = ContiguousCopy(a);
                int lwork = 0;
                CheckCusolverError(f.potrf_bufferSize(
                        call.handle(), CUBLAS_FILL_MODE_UPPER, ToInt(n), Data<T>(factor), ToInt(n), &lwork));
                CheckCusolverError(f.potrf(
                        call.handle(),
                        CUBLAS_FILL_MODE_UPPER,
                        ToInt(n),
                        Data<T>(factor),
                        ToInt(n),
                        static_cast<T*>(call.Workspace(lwork, out.dtype())),
                        lwork,
                        call.Info("matrix is not positive definite")));
                call.CheckInfos();
                // potrf leaves the other triangle as it found it.
                CopyOut(Tril(factor), out);
            })) {
            HostCholeskyKernel::Call(a, out);
        }
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(CholeskyKernel, CusolverCholeskyKernel);

class CusolverSvdKernel : public HostSvdKernel {
public:
    void Call(const Array& a, const Array& u, const Array& s, const Array& vt, bool full_matrices, bool compute_uv)
            override {
        const int64_t m = a.shape()[0];
        const int64_t n = a.shape()[1];
        if (!CallCusolver("svd", {m, n}, {&a}, s.dtype(), [&](auto pt, CusolverCall& call) {
                using T = typename decltype(pt)::type;
                if (m >= n) {
                    // gesvd(a) = u_c · s · vt_c: u = u_c, vt = vt_c, each written column-major and transposed back.
                    Array u_c = compute_uv ? Empty({u.shape()[1], m}, u.dtype(), u.device()) : Array{};
                    Array vt_c = compute_uv ? Empty({n, n}, vt.dtype(), vt.device()) : Array{};
                    Gesvd<T>(call, ColumnMajorCopy(a), m, n, s, u_c, vt_c, full_matrices);
                    if (compute_uv) {
                        CopyOut(u_c.Transpose(), u);
                        CopyOut(vt_c.Transpose(), vt);
                    }
                } else {
                    // gesvd(aᵀ) = u_c · s · vt_c, so a = vt_cᵀ · s · u_cᵀ: read row-major, the column-major vt_c is u
                    // and u_c is vt, which cuSOLVER then writes in place.
                    Gesvd<T>(call, ContiguousCopy(a), n, m, s, vt, u, full_matrices);
                }
            })) {
            HostSvdKernel::Call(a, u, s, vt, full_matrices, compute_uv);
        }
    }

private:
    // gesvd of the column-major rows x cols `x` (rows >= cols, destroyed): singular values into s, the left vectors
    // (rows x rows when full, else rows x cols) into the column-major `left` and the right ones (cols x cols) into
    // the column-major `right`, unless they are null.
    template <typename T>
    static void Gesvd(
            CusolverCall& call,
            const Array& x,
            int64_t rows,
            int64_t cols,
            const Array& s,
            const Array& left,
            const Array& right,
            bool full_matrices) {
        const CusolverRoutines<T>& f = GetCusolverLibrary()->routines<T>();
        const bool vectors = !left.is_null();
        int lwork = 0;
        CheckCusolverError(f.gesvd_bufferSize(call.handle(), ToInt(rows), ToInt(cols), &lwork));
        CheckCusolverError(f.gesvd(
                call.handle(),
                vectors ? (full_matrices ? 'A' : 'S') : 'N',
                vectors ? 'A' : 'N',
                ToInt(rows),
                ToInt(cols),
                Data<T>(x),
                ToInt(rows),
                Data<T>(s),
                vectors ? Data<T>(left) : nullptr,
                ToInt(rows),
                vectors ? Data<T>(right) : nullptr,
                ToInt(cols),
                static_cast<T*>(call.Workspace(lwork, s.dtype())),
                lwork,
                static_cast<T*>(call.Workspace(ToInt(cols), s.dtype())),
                call.Info("did not converge")));
        call.CheckInfos();
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(SvdKernel, CusolverSvdKernel);

class CusolverQrKernel : public HostQrKernel {
public:
    void Call(const Array& a, const Array& q, const Array& r, const Array& tau, bool complete, bool raw) override {
        const int64_t m = a.shape()[0];
        const int64_t n = a.shape()[1];
        const int64_t k = std::min(m, n);
        if (!CallCusolver("qr", {m, n}, {&a}, r.dtype(), [&](auto pt, CusolverCall& call) {
                using T = typename decltype(pt)::type;
                const CusolverRoutines<T>& f = GetCusolverLibrary()->routines<T>();
                // h: the column-major m x n a, then geqrf's packed result (r on and above the diagonal, the reflectors
                // below), stored as its (n, m) transpose, which is what mode 'raw' returns.
                Array h = ColumnMajorCopy(a);
                int lwork = 0;
                CheckCusolverError(f.geqrf_bufferSize(call.handle(), ToInt(m), ToInt(n), Data<T>(h), ToInt(m), &lwork));
                CheckCusolverError(f.geqrf(
                        call.handle(),
                        ToInt(m),
                        ToInt(n),
                        Data<T>(h),
                        ToInt(m),
                        Data<T>(tau),
                        static_cast<T*>(call.Workspace(lwork, r.dtype())),
                        lwork,
                        call.Info("failed")));
                if (raw) {
                    call.CheckInfos();
                    CopyOut(h, r);
                    return;
                }
                // r: the upper triangle of the first r.shape()[0] rows of the row-major view.
                CopyOut(Triu(h.Transpose().At({Slice{0, r.shape()[0]}})), r);
                if (!q.is_null()) {
                    // orgqr expands the k reflectors into q's columns, in a column-major m x q_cols copy of h's first
                    // columns (zeros beyond them when `complete` makes q wider than a).
                    const int64_t q_cols = q.shape()[1];
                    Array q_c = Zeros({q_cols, m}, q.dtype(), q.device());
                    const int64_t copied = std::min(n, q_cols);
                    q.device().CallKernel<CopyKernel>(h.At({Slice{0, copied}}), q_c.At({Slice{0, copied}}));
                    CheckCusolverError(f.orgqr_bufferSize(
                            call.handle(),
                            ToInt(m),
                            ToInt(q_cols),
                            ToInt(k),
                            Data<T>(q_c),
                            ToInt(m),
                            Data<T>(tau),
                            &lwork));
                    CheckCusolverError(f.orgqr(
                            call.handle(),
                            ToInt(m),
                            ToInt(q_cols),
                            ToInt(k),
                            Data<T>(q_c),
                            ToInt(m),
                            Data<T>(tau),
                            static_cast<T*>(call.Workspace(lwork, q.dtype())),
                            lwork,
                            call.Info("failed")));
                    CopyOut(q_c.Transpose(), q);
                }
                call.CheckInfos();
            })) {
            HostQrKernel::Call(a, q, r, tau, complete, raw);
        }
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(QrKernel, CusolverQrKernel);

class CusolverSyevdKernel : public HostSyevdKernel {
public:
    void Call(const Array& a, char uplo, const Array& w, const Array& v) override {
        const int64_t n = a.shape()[0];
        if (!CallCusolver("eigh", {n}, {&a}, w.dtype(), [&](auto pt, CusolverCall& call) {
                using T = typename decltype(pt)::type;
                const CusolverRoutines<T>& f = GetCusolverLibrary()->routines<T>();
                // Read column-major, the copy is aᵀ: a's lower triangle is its upper one. The eigenvectors come back as
                // its columns, so v is their transpose.
                Array z = ContiguousCopy(a);
                const cusolverEigMode_t jobz = v.is_null() ? CUSOLVER_EIG_MODE_NOVECTOR : CUSOLVER_EIG_MODE_VECTOR;
                const cublasFillMode_t fill = uplo == 'L' ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
                int lwork = 0;
                CheckCusolverError(f.syevd_bufferSize(
                        call.handle(), jobz, fill, ToInt(n), Data<T>(z), ToInt(n), Data<T>(w), &lwork));
                CheckCusolverError(f.syevd(
                        call.handle(),
                        jobz,
                        fill,
                        ToInt(n),
                        Data<T>(z),
                        ToInt(n),
                        Data<T>(w),
                        static_cast<T*>(call.Workspace(lwork, w.dtype())),
                        lwork,
                        call.Info("did not converge")));
                call.CheckInfos();
                CopyOut(z.Transpose(), v);
            })) {
            HostSyevdKernel::Call(a, uplo, w, v);
        }
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(SyevdKernel, CusolverSyevdKernel);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
