// CUDA kernels of the fully connected layer: one cuBLASLt call whose epilogue adds the bias (Note [Bias epilogue] in
// blas_lt.cu) where it applies; otherwise the bias is broadcast into the output rows and the product accumulated
// onto it (cuBLAS beta = 1), as on the native backend (see Note [CUDA matrix products] in blas.cuh). The weight and
// bias gradients likewise take one cuBLASLt call with the bias-gradient epilogue, or a GEMM and a sum.
#include <optional>

#include "chainerx/core/array.h"
#include "chainerx/core/device.h"
#include "chainerx/core/kernels/creation.h"
#include "chainerx/core/kernels/linear.h"
#include "chainerx/core/kernels/reduction.h"
#include "chainerx/core/shape.h"
#include "chainerx/cuda/blas.cuh"
#include "chainerx/cuda/cuda_backend.h"

namespace chainerx {
namespace cuda {
namespace {

class CudaLinearKernel : public LinearKernel {
public:
    void Call(const Array& a, const Array& b, const std::optional<Array>& bias, const Array& out) override {
        // out (m, n) = a (m, k) · bᵀ, b being (n, k).
        Array b_t = b.Transpose();
        if (bias.has_value() && CublasLtMatMulWithBias(a, b_t, *bias, out)) {
            return;
        }
        if (bias.has_value() && out.GetTotalSize() > 0) {
            out.device().CallKernel<CopyKernel>(bias->BroadcastTo(out.shape()), out);
        }
        CudaMatMul(a, b_t, out, bias.has_value());
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(LinearKernel, CudaLinearKernel);

class CudaLinearAccumulateKernel : public LinearAccumulateKernel {
public:
    void Call(const Array& a, const Array& b, const Array& out) override { CudaMatMul(a, b.Transpose(), out, true); }
};
CHAINERX_CUDA_REGISTER_KERNEL(LinearAccumulateKernel, CudaLinearAccumulateKernel);

class CudaLinearRowSumsKernel : public LinearRowSumsKernel {
public:
    void Call(const Array& a, const Array& b, const Array& out, const Array& row_sums) override {
        Array b_t = b.Transpose();
        if (CublasLtMatMulWithRowSums(a, b_t, out, row_sums)) {
            return;
        }
        CudaMatMul(a, b_t, out, false);
        out.device().CallKernel<SumKernel>(a.Transpose(), Axes{0}, row_sums);
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(LinearRowSumsKernel, CudaLinearRowSumsKernel);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
