// CUDA kernels of L2 normalization (Note [L2 normalization in two kernels] in routines/normalization_l2.cc).
#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/normalization.h"
#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/normalization.h"
#include "chainerx/cuda/cuda_backend.h"
#include "chainerx/cuda/elementwise.cuh"
#include "chainerx/cuda/elementwise_kernels.cuh"

namespace chainerx {
namespace cuda {
namespace {

CHAINERX_CUDA_REGISTER_BINARY_WITH_SCALAR(L2NormalizeKernel, numeric::L2Normalize, kFloatingDtypes);

class CudaL2NormalizeGradKernel : public L2NormalizeGradKernel {
public:
    void Call(const Array& gout, const Array& x, const Array& s, const Array& r, double eps,
              const Array& gx) override {
        VisitDeviceDtypeIn<kFloatingDtypes>(gx.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            const BoundParamOp<T, numeric::L2NormalizeGrad> op{ScalarToDevice<T>(Scalar{eps})};
            LaunchMap<T, T, T, T, T>(op, gx, gout, x, s, r);
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(L2NormalizeGradKernel, CudaL2NormalizeGradKernel);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
