// libcusolver.so.12 for the CUDA backend built for the host: see Note [CUDA emulation on the host] in device.h.
// The backend dlopens cuSOLVER by soname (Note [cuSOLVER loaded on demand]); the emulated backend links this
// library, so that dlopen finds it already loaded. Each routine checks its arguments as cuSOLVER documents
// (CUSOLVER_STATUS_INVALID_VALUE), then runs LAPACK's routine of the same name on the column-major matrices (device
// memory is host memory) and writes LAPACK's info where cuSOLVER writes devInfo.
#include <cusolverDn.h>
#include <lapacke.h>

#include <algorithm>
#include <vector>

struct cusolverDnContext {};

// Device memory is accessible only inside device code: Note [Device memory out of the host's reach] in grid.h. The
// emulated backend that links this library defines the hook.
extern "C" void chainerx_cuda_emulation_device_code(bool enter) __attribute__((weak));

namespace {

class DeviceCodeScope {
public:
    DeviceCodeScope() { Hook(true); }
    ~DeviceCodeScope() { Hook(false); }
    DeviceCodeScope(const DeviceCodeScope&) = delete;
    DeviceCodeScope& operator=(const DeviceCodeScope&) = delete;

private:
    static void Hook(bool enter) {
        if (chainerx_cuda_emulation_device_code != nullptr) {
            chainerx_cuda_emulation_device_code(enter);
        }
    }
};

template <typename T>
struct Lapack;
template <>
struct Lapack<float> {
    static constexpr auto getrf = LAPACKE_sgetrf;
    static constexpr auto getrs = LAPACKE_sgetrs;
    static constexpr auto potrf = LAPACKE_spotrf;
    static constexpr auto gesvd = LAPACKE_sgesvd;
    static constexpr auto geqrf = LAPACKE_sgeqrf;
    static constexpr auto orgqr = LAPACKE_sorgqr;
    static constexpr auto syevd = LAPACKE_ssyevd;
};
template <>
struct Lapack<double> {
    static constexpr auto getrf = LAPACKE_dgetrf;
    static constexpr auto getrs = LAPACKE_dgetrs;
    static constexpr auto potrf = LAPACKE_dpotrf;
    static constexpr auto gesvd = LAPACKE_dgesvd;
    static constexpr auto geqrf = LAPACKE_dgeqrf;
    static constexpr auto orgqr = LAPACKE_dorgqr;
    static constexpr auto syevd = LAPACKE_dsyevd;
};

// The workspace each routine asks for: any size works here, so a small one that the backend must still allocate.
constexpr int kWorkspace = 16;

// Runs a routine's LAPACK call (which returns its info) inside device code, and stores the info as devInfo.
template <typename Call>
cusolverStatus_t RunDeviceCode(int* dev_info, Call&& call) {
    DeviceCodeScope device_code;
    *dev_info = call();
    return CUSOLVER_STATUS_SUCCESS;
}

char FillChar(cublasFillMode_t uplo) { return uplo == CUBLAS_FILL_MODE_LOWER ? 'L' : 'U'; }

bool ValidFill(cublasFillMode_t uplo) { return uplo == CUBLAS_FILL_MODE_LOWER || uplo == CUBLAS_FILL_MODE_UPPER; }

template <typename T>
cusolverStatus_t Getrf(cusolverDnHandle_t handle, int m, int n, T* a, int lda, T* work, int* ipiv, int* info) {
    if (handle == nullptr || m < 0 || n < 0 || lda < std::max(1, m) || work == nullptr || info == nullptr) {
        return CUSOLVER_STATUS_INVALID_VALUE;
    }
    if (ipiv == nullptr) {
        return CUSOLVER_STATUS_NOT_SUPPORTED;  // LU without pivoting: not emulated (the backend pivots)
    }
    return RunDeviceCode(info, [&] { return Lapack<T>::getrf(LAPACK_COL_MAJOR, m, n, a, lda, ipiv); });
}

template <typename T>
cusolverStatus_t Getrs(cusolverDnHandle_t handle, cublasOperation_t trans, int n, int nrhs, const T* a, int lda,
                       const int* ipiv, T* b, int ldb, int* info) {
    if (handle == nullptr || n < 0 || nrhs < 0 || lda < std::max(1, n) || ldb < std::max(1, n) || ipiv == nullptr ||
        info == nullptr) {
        return CUSOLVER_STATUS_INVALID_VALUE;
    }
    char t = trans == CUBLAS_OP_N ? 'N' : 'T';
    return RunDeviceCode(info, [&] { return Lapack<T>::getrs(LAPACK_COL_MAJOR, t, n, nrhs, a, lda, ipiv, b, ldb); });
}

template <typename T>
cusolverStatus_t Potrf(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, T* a, int lda, T* work, int lwork,
                       int* info) {
    if (handle == nullptr || !ValidFill(uplo) || n < 0 || lda < std::max(1, n) || work == nullptr || lwork < 1 ||
        info == nullptr) {
        return CUSOLVER_STATUS_INVALID_VALUE;
    }
    return RunDeviceCode(info, [&] { return Lapack<T>::potrf(LAPACK_COL_MAJOR, FillChar(uplo), n, a, lda); });
}

bool ValidSvdJob(signed char job) { return job == 'A' || job == 'S' || job == 'O' || job == 'N'; }

// cuSOLVER's gesvd takes only tall or square matrices (m >= n), and not 'O' for both factors.
template <typename T>
cusolverStatus_t Gesvd(cusolverDnHandle_t handle, signed char jobu, signed char jobvt, int m, int n, T* a, int lda,
                       T* s, T* u, int ldu, T* vt, int ldvt, T* work, int lwork, int* info) {
    const int k = std::min(m, n);
    bool u_ok = jobu == 'N' || jobu == 'O' || (u != nullptr && ldu >= std::max(1, m));
    bool vt_ok = jobvt == 'N' || jobvt == 'O' || (vt != nullptr && ldvt >= std::max(1, jobvt == 'A' ? n : k));
    if (handle == nullptr || !ValidSvdJob(jobu) || !ValidSvdJob(jobvt) || (jobu == 'O' && jobvt == 'O') || m < n ||
        n < 0 || lda < std::max(1, m) || !u_ok || !vt_ok || work == nullptr || lwork < 1 || info == nullptr) {
        return CUSOLVER_STATUS_INVALID_VALUE;
    }
    std::vector<T> superb(static_cast<size_t>(std::max(1, k - 1)));
    // LAPACKE checks ldu and ldvt even for jobs that do not write them.
    int lapack_ldu = std::max(ldu, 1);
    int lapack_ldvt = std::max(ldvt, 1);
    return RunDeviceCode(info, [&] {
        return Lapack<T>::gesvd(
                LAPACK_COL_MAJOR, jobu, jobvt, m, n, a, lda, s, u, lapack_ldu, vt, lapack_ldvt, superb.data());
    });
}

template <typename T>
cusolverStatus_t Geqrf(cusolverDnHandle_t handle, int m, int n, T* a, int lda, T* tau, T* work, int lwork, int* info) {
    if (handle == nullptr || m < 0 || n < 0 || lda < std::max(1, m) || tau == nullptr || work == nullptr ||
        lwork < 1 || info == nullptr) {
        return CUSOLVER_STATUS_INVALID_VALUE;
    }
    return RunDeviceCode(info, [&] { return Lapack<T>::geqrf(LAPACK_COL_MAJOR, m, n, a, lda, tau); });
}

template <typename T>
cusolverStatus_t Orgqr(cusolverDnHandle_t handle, int m, int n, int k, T* a, int lda, const T* tau, T* work,
                       int lwork, int* info) {
    if (handle == nullptr || m < 0 || n < 0 || n > m || k < 0 || k > n || lda < std::max(1, m) || tau == nullptr ||
        work == nullptr || lwork < 1 || info == nullptr) {
        return CUSOLVER_STATUS_INVALID_VALUE;
    }
    return RunDeviceCode(info, [&] { return Lapack<T>::orgqr(LAPACK_COL_MAJOR, m, n, k, a, lda, tau); });
}

template <typename T>
cusolverStatus_t Syevd(cusolverDnHandle_t handle, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n, T* a, int lda,
                       T* w, T* work, int lwork, int* info) {
    bool job_ok = jobz == CUSOLVER_EIG_MODE_VECTOR || jobz == CUSOLVER_EIG_MODE_NOVECTOR;
    if (handle == nullptr || !job_ok || !ValidFill(uplo) || n < 0 || lda < std::max(1, n) || w == nullptr ||
        work == nullptr || lwork < 1 || info == nullptr) {
        return CUSOLVER_STATUS_INVALID_VALUE;
    }
    char job = jobz == CUSOLVER_EIG_MODE_VECTOR ? 'V' : 'N';
    return RunDeviceCode(info, [&] { return Lapack<T>::syevd(LAPACK_COL_MAJOR, job, FillChar(uplo), n, a, lda, w); });
}

cusolverStatus_t BufferSize(cusolverDnHandle_t handle, int* lwork) {
    if (handle == nullptr || lwork == nullptr) {
        return CUSOLVER_STATUS_INVALID_VALUE;
    }
    *lwork = kWorkspace;
    return CUSOLVER_STATUS_SUCCESS;
}

}  // namespace

cusolverStatus_t cusolverDnCreate(cusolverDnHandle_t* handle) {
    *handle = new cusolverDnContext{};
    return CUSOLVER_STATUS_SUCCESS;
}

// The two precisions' entry points, each a call of the templates above.
#define CHAINERX_EMULATED_CUSOLVER(T, P)                                                                              \
    cusolverStatus_t cusolverDn##P##getrf_bufferSize(cusolverDnHandle_t h, int, int, T*, int, int* lwork) {         \
        return BufferSize(h, lwork);                                                                                 \
    }                                                                                                                \
    cusolverStatus_t cusolverDn##P##getrf(cusolverDnHandle_t h, int m, int n, T* a, int lda, T* w, int* ipiv,        \
                                          int* info) {                                                               \
        return Getrf(h, m, n, a, lda, w, ipiv, info);                                                                \
    }                                                                                                                \
    cusolverStatus_t cusolverDn##P##getrs(cusolverDnHandle_t h, cublasOperation_t t, int n, int nrhs, const T* a,    \
                                          int lda, const int* ipiv, T* b, int ldb, int* info) {                      \
        return Getrs(h, t, n, nrhs, a, lda, ipiv, b, ldb, info);                                                     \
    }                                                                                                                \
    cusolverStatus_t cusolverDn##P##potrf_bufferSize(cusolverDnHandle_t h, cublasFillMode_t, int, T*, int,           \
                                                     int* lwork) {                                                   \
        return BufferSize(h, lwork);                                                                                 \
    }                                                                                                                \
    cusolverStatus_t cusolverDn##P##potrf(cusolverDnHandle_t h, cublasFillMode_t uplo, int n, T* a, int lda, T* w,   \
                                          int lwork, int* info) {                                                    \
        return Potrf(h, uplo, n, a, lda, w, lwork, info);                                                            \
    }                                                                                                                \
    cusolverStatus_t cusolverDn##P##gesvd_bufferSize(cusolverDnHandle_t h, int, int, int* lwork) {                   \
        return BufferSize(h, lwork);                                                                                 \
    }                                                                                                                \
    cusolverStatus_t cusolverDn##P##gesvd(cusolverDnHandle_t h, signed char ju, signed char jv, int m, int n, T* a,  \
                                          int lda, T* s, T* u, int ldu, T* vt, int ldvt, T* w, int lwork, T*,        \
                                          int* info) {                                                               \
        return Gesvd(h, ju, jv, m, n, a, lda, s, u, ldu, vt, ldvt, w, lwork, info);                                  \
    }                                                                                                                \
    cusolverStatus_t cusolverDn##P##geqrf_bufferSize(cusolverDnHandle_t h, int, int, T*, int, int* lwork) {         \
        return BufferSize(h, lwork);                                                                                 \
    }                                                                                                                \
    cusolverStatus_t cusolverDn##P##geqrf(cusolverDnHandle_t h, int m, int n, T* a, int lda, T* tau, T* w,           \
                                          int lwork, int* info) {                                                    \
        return Geqrf(h, m, n, a, lda, tau, w, lwork, info);                                                          \
    }                                                                                                                \
    cusolverStatus_t cusolverDn##P##orgqr_bufferSize(cusolverDnHandle_t h, int, int, int, const T*, int, const T*,   \
                                                     int* lwork) {                                                   \
        return BufferSize(h, lwork);                                                                                 \
    }                                                                                                                \
    cusolverStatus_t cusolverDn##P##orgqr(cusolverDnHandle_t h, int m, int n, int k, T* a, int lda, const T* tau,    \
                                          T* w, int lwork, int* info) {                                              \
        return Orgqr(h, m, n, k, a, lda, tau, w, lwork, info);                                                       \
    }                                                                                                                \
    cusolverStatus_t cusolverDn##P##syevd_bufferSize(cusolverDnHandle_t h, cusolverEigMode_t, cublasFillMode_t, int, \
                                                     const T*, int, const T*, int* lwork) {                          \
        return BufferSize(h, lwork);                                                                                 \
    }                                                                                                                \
    cusolverStatus_t cusolverDn##P##syevd(cusolverDnHandle_t h, cusolverEigMode_t jobz, cublasFillMode_t uplo,       \
                                          int n, T* a, int lda, T* wv, T* w, int lwork, int* info) {                 \
        return Syevd(h, jobz, uplo, n, a, lda, wv, w, lwork, info);                                                  \
    }

CHAINERX_EMULATED_CUSOLVER(float, S)
CHAINERX_EMULATED_CUSOLVER(double, D)
