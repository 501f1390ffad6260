// CUDA kernels of the linalg family: the matrix products (see Note [CUDA matrix products] in blas.cuh). The
// factorizations (solve, inverse, Cholesky, QR, SVD, eigh) are in linalg_cusolver.cc: through cuSOLVER when it
// loads, else on the host (Note [cuSOLVER loaded on demand] in cusolver.h).
#include "chainerx/core/array.h"
#include "chainerx/core/kernels/linalg.h"
#include "chainerx/cuda/blas.cuh"
#include "chainerx/cuda/cuda_backend.h"

namespace chainerx {
namespace cuda {
namespace {

class CudaDotKernel : public DotKernel {
public:
    void Call(const Array& a, const Array& b, const Array& out) override { CudaMatMul(a, b, out, false); }
};
CHAINERX_CUDA_REGISTER_KERNEL(DotKernel, CudaDotKernel);

class CudaBatchedDotKernel : public BatchedDotKernel {
public:
    void Call(const Array& a, const Array& b, const Array& out) override { CudaBatchedMatMul(a, b, out); }
};
CHAINERX_CUDA_REGISTER_KERNEL(BatchedDotKernel, CudaBatchedDotKernel);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
