// cuSOLVER for the linalg kernels, loaded when first needed.
//
// Note [cuSOLVER loaded on demand]
// The factorizations of chainerx.linalg (solve, inv, cholesky, qr, svd, eigh) run on CUDA arrays through cuSOLVER's
// dense API when libcusolver.so.12 can be loaded, and on the host (LAPACK, linalg_on_host.h) when it cannot. The
// extension does not link cuSOLVER: its library alone is 141 MB (nvidia-cusolver 12.0.4.66), with the cuSPARSE and
// nvJitLink wheels it needs besides, which a user who never factorizes a matrix on the GPU should not have to
// install, and a missing library must not stop `import chainerx`. So the build takes only its headers
// (tools/setup.sh --cuda), and the first factorization on a CUDA device dlopens the library by soname, its
// dependencies first: found next to cuBLAS through the extension's RUNPATH (the wheels installed beside chainerx),
// on LD_LIBRARY_PATH, or already loaded by chainerx._cuda_libraries.preload (the wheels elsewhere on sys.path).
// Each routine is looked up by name, with its type taken from the header (decltype), so a signature cannot be
// mistyped. Only the legacy dense API is used: every libcusolver.so.12 has it. The library is never unloaded, and
// each GPU's handle lives as long as the process (destroying it at exit can run after the CUDA runtime is gone).
#pragma once

#include <mutex>
#include <string>

#include <cusolverDn.h>

namespace chainerx {
namespace cuda {

// The typed routines of one precision, named as cuSOLVER names them without the "cusolverDn" and type prefix.
#define CHAINERX_CUSOLVER_TYPED_ROUTINES(X, prefix) \
    X(prefix, getrf_bufferSize)                     \
    X(prefix, getrf)                                \
    X(prefix, getrs)                                \
    X(prefix, potrf_bufferSize)                     \
    X(prefix, potrf)                                \
    X(prefix, gesvd_bufferSize)                     \
    X(prefix, gesvd)                                \
    X(prefix, geqrf_bufferSize)                     \
    X(prefix, geqrf)                                \
    X(prefix, orgqr_bufferSize)                     \
    X(prefix, orgqr)                                \
    X(prefix, syevd_bufferSize)                     \
    X(prefix, syevd)

#define CHAINERX_CUSOLVER_ROUTINE_POINTER(prefix, name) decltype(&cusolverDn##prefix##name) name{nullptr};

template <typename T>
struct CusolverRoutines;

template <>
struct CusolverRoutines<float> {
    CHAINERX_CUSOLVER_TYPED_ROUTINES(CHAINERX_CUSOLVER_ROUTINE_POINTER, S)
};

template <>
struct CusolverRoutines<double> {
    CHAINERX_CUSOLVER_TYPED_ROUTINES(CHAINERX_CUSOLVER_ROUTINE_POINTER, D)
};

#undef CHAINERX_CUSOLVER_ROUTINE_POINTER

struct CusolverLibrary {
    decltype(&cusolverDnCreate) create{nullptr};
    CusolverRoutines<float> float_routines;
    CusolverRoutines<double> double_routines;

    template <typename T>
    const CusolverRoutines<T>& routines() const;
};

template <>
inline const CusolverRoutines<float>& CusolverLibrary::routines<float>() const {
    return float_routines;
}

template <>
inline const CusolverRoutines<double>& CusolverLibrary::routines<double>() const {
    return double_routines;
}

// The library, loaded on the first call; nullptr if it cannot be loaded (never throws).
const CusolverLibrary* GetCusolverLibrary();

// "" once the library is loaded, else why it could not be (the loader's message).
std::string DescribeCusolverLoadFailure();

// Throws CudaRuntimeError naming the status unless it is CUSOLVER_STATUS_SUCCESS.
void CheckCusolverError(cusolverStatus_t status);

// The cuSOLVER handle of the CUDA device `device_index` (created on first use, on the legacy default stream like
// every kernel), held exclusively for this object's lifetime: a handle is not for two threads at once. The library
// must be loaded.
class CusolverHandleScope {
public:
    explicit CusolverHandleScope(int device_index);
    cusolverDnHandle_t handle() const { return handle_; }

private:
    std::unique_lock<std::mutex> lock_;
    cusolverDnHandle_t handle_{nullptr};
};

}  // namespace cuda
}  // namespace chainerx
