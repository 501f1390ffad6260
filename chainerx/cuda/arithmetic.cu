// CUDA kernels of the arithmetic family: the shared elementwise launcher around the formulas of
// chainerx/core/numeric/arithmetic.h.
#include "chainerx/core/kernels/arithmetic.h"
#include "chainerx/core/numeric/arithmetic.h"
#include "chainerx/cuda/cuda_backend.h"
#include "chainerx/cuda/elementwise.cuh"

namespace chainerx {
namespace cuda {
namespace {

template <typename T, typename Op>
struct BinaryFunctor {
    __device__ void operator()(char* (&p)[3]) const {
        *reinterpret_cast<T*>(p[2]) = Op{}(*reinterpret_cast<const T*>(p[0]), *reinterpret_cast<const T*>(p[1]));
    }
};

template <typename T, typename Op, bool kScalarFirst>
struct ScalarFunctor {
    T s;
    __device__ void operator()(char* (&p)[2]) const {
        T a = *reinterpret_cast<const T*>(p[0]);
        *reinterpret_cast<T*>(p[1]) = kScalarFirst ? Op{}(s, a) : Op{}(a, s);
    }
};

template <typename T, typename Op>
struct UnaryFunctor {
    __device__ void operator()(char* (&p)[2]) const {
        *reinterpret_cast<T*>(p[1]) = Op{}(*reinterpret_cast<const T*>(p[0]));
    }
};

template <typename KeyKernel, typename Op>
class CudaBinary : public KeyKernel {
public:
    void Call(const Array& x1, const Array& x2, const Array& out) override {
        VisitDeviceDtype(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            LaunchElementwise<3>(out.shape(), {&x1, &x2, &out}, BinaryFunctor<T, Op>{});
        });
    }
};

template <typename KeyKernel, typename Op, bool kScalarFirst = false>
class CudaBinaryScalar : public KeyKernel {
public:
    void Call(const Array& x1, Scalar x2, const Array& out) override {
        VisitDeviceDtype(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            LaunchElementwise<2>(out.shape(), {&x1, &out}, ScalarFunctor<T, Op, kScalarFirst>{ScalarToDevice<T>(x2)});
        });
    }
};

template <typename KeyKernel, typename Op>
class CudaUnary : public KeyKernel {
public:
    void Call(const Array& x, const Array& out) override {
        VisitDeviceDtype(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            LaunchElementwise<2>(out.shape(), {&x, &out}, UnaryFunctor<T, Op>{});
        });
    }
};

using CudaAdd = CudaBinary<AddKernel, numeric::Add>;
using CudaAddAS = CudaBinaryScalar<AddASKernel, numeric::Add>;
using CudaSubtract = CudaBinary<SubtractKernel, numeric::Subtract>;
using CudaSubtractAS = CudaBinaryScalar<SubtractASKernel, numeric::Subtract>;
using CudaSubtractSA = CudaBinaryScalar<SubtractSAKernel, numeric::Subtract, true>;
using CudaMultiply = CudaBinary<MultiplyKernel, numeric::Multiply>;
using CudaMultiplyAS = CudaBinaryScalar<MultiplyASKernel, numeric::Multiply>;
using CudaNegative = CudaUnary<NegativeKernel, numeric::Negative>;

CHAINERX_CUDA_REGISTER_KERNEL(AddKernel, CudaAdd);
CHAINERX_CUDA_REGISTER_KERNEL(AddASKernel, CudaAddAS);
CHAINERX_CUDA_REGISTER_KERNEL(SubtractKernel, CudaSubtract);
CHAINERX_CUDA_REGISTER_KERNEL(SubtractASKernel, CudaSubtractAS);
CHAINERX_CUDA_REGISTER_KERNEL(SubtractSAKernel, CudaSubtractSA);
CHAINERX_CUDA_REGISTER_KERNEL(MultiplyKernel, CudaMultiply);
CHAINERX_CUDA_REGISTER_KERNEL(MultiplyASKernel, CudaMultiplyAS);
CHAINERX_CUDA_REGISTER_KERNEL(NegativeKernel, CudaNegative);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
