// CUDA kernels of the manipulation family (the copies themselves are CopyKernel and AsTypeKernel of creation.cu).
#include "chainerx/core/array.h"
#include "chainerx/core/kernels/manipulation.h"
#include "chainerx/cuda/cuda_backend.h"
#include "chainerx/cuda/elementwise.cuh"

namespace chainerx {
namespace cuda {
namespace {

template <typename T>
struct MaskedCopyFunctor {
    __device__ void operator()(char* (&p)[3]) const {
        if (*reinterpret_cast<const bool*>(p[1])) {
            *reinterpret_cast<T*>(p[2]) = *reinterpret_cast<const T*>(p[0]);
        }
    }
};

class CudaMaskedCopyKernel : public MaskedCopyKernel {
public:
    void Call(const Array& x, const Array& mask, const Array& out) override {
        VisitDeviceDtype(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            LaunchElementwise<3>(out.shape(), {&x, &mask, &out}, MaskedCopyFunctor<T>{});
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(MaskedCopyKernel, CudaMaskedCopyKernel);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
