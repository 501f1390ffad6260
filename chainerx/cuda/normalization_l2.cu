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

// p: gout, x, s, r, gx (numeric::L2NormalizeGrad).
template <typename T>
struct L2NormalizeGradFunctor {
    T eps;
    __device__ void operator()(char* (&p)[5]) const {
        auto at = [&p](int k) { return *reinterpret_cast<const T*>(p[k]); };
        *reinterpret_cast<T*>(p[4]) = numeric::L2NormalizeGrad{}(at(0), at(1), at(2), at(3), eps);
    }
};

class CudaL2NormalizeGradKernel : public L2NormalizeGradKernel {
public:
    void Call(const Array& gout, const Array& x, const Array& s, const Array& r, double eps,
              const Array& gx) override {
        VisitDeviceDtypeIn<kFloatingDtypes>(gx.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            const L2NormalizeGradFunctor<T> functor{ScalarToDevice<T>(Scalar{eps})};
            LaunchElementwise<5>(gx.shape(), {&gout, &x, &s, &r, &gx}, functor);
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(L2NormalizeGradKernel, CudaL2NormalizeGradKernel);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
