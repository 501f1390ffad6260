// CUDA kernel of the fully connected layer: the bias is broadcast into the output rows, then the product is
// accumulated onto it (cuBLAS beta = 1), as on the native backend (see Note [CUDA matrix products] in blas.cuh).
#include <optional>

#include "chainerx/core/array.h"
#include "chainerx/core/device.h"
#include "chainerx/core/kernels/creation.h"
#include "chainerx/core/kernels/linear.h"
#include "chainerx/cuda/blas.cuh"
#include "chainerx/cuda/cuda_backend.h"

namespace chainerx {
namespace cuda {
namespace {

class CudaLinearKernel : public LinearKernel {
public:
    void Call(const Array& a, const Array& b, const std::optional<Array>& bias, const Array& out) override {
        if (bias.has_value() && out.GetTotalSize() > 0) {
            out.device().CallKernel<CopyKernel>(bias->BroadcastTo(out.shape()), out);
        }
        // out (m, n) = a (m, k) · bᵀ, b being (n, k).
        CudaMatMul(a, b.Transpose(), out, bias.has_value());
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(LinearKernel, CudaLinearKernel);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
