// The CUDA twin of native/elementwise_kernels.h: an elementwise key kernel defined by a scalar formula of
// chainerx/core/numeric (CHAINERX_HOST_DEVICE) is registered in one line, with the dtypes it accepts:
//
//     CHAINERX_CUDA_REGISTER_UNARY(NegativeKernel, numeric::Negative, kAllDtypeMask);
//     CHAINERX_CUDA_REGISTER_BINARY(EqualKernel, numeric::Equal, kAllDtypeMask);
//     CHAINERX_CUDA_REGISTER_BINARY_SCALAR(SubtractSAKernel, numeric::Subtract, kAllDtypeMask, true);
//
// As on native, the kernel dispatches on the dtype of its (first) input and the element type of the output is the
// formula's return type (T for arithmetic, bool for comparisons), which the routine allocated accordingly. float16
// is __half in device memory and computes in float (numeric::ComputeType), as Float16 does on the host.
#pragma once

#include <type_traits>
#include <utility>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/scalar.h"
#include "chainerx/cuda/cuda_backend.h"
#include "chainerx/cuda/elementwise.cuh"

namespace chainerx {
namespace cuda {

// Calls f(PrimitiveType<DeviceType<T>>{}) for a dtype in kDtypes; DtypeError for the others.
template <DtypeMask kDtypes, typename F>
void VisitDeviceDtypeIn(Dtype dtype, F&& f) {
    VisitDtypeIn<kDtypes>(dtype, [&f](auto pt) {
        using T = typename decltype(pt)::type;
        f(PrimitiveType<DeviceType<T>>{});
    });
}

// op with a scalar operand bound, first or second; Out is op's result type (T, or bool for a comparison).
template <typename T, typename Op, bool kScalarFirst>
struct BoundScalarOp {
    using Out = decltype(Op{}(std::declval<T>(), std::declval<T>()));
    T s;
    __device__ Out operator()(T a) const { return kScalarFirst ? Op{}(s, a) : Op{}(a, s); }
};

template <typename KeyKernel, typename Op, DtypeMask kDtypes>
class CudaUnaryKernel : public KeyKernel {
public:
    void Call(const Array& x, const Array& out) override {
        VisitDeviceDtypeIn<kDtypes>(x.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            LaunchMap<decltype(Op{}(std::declval<T>())), T>(Op{}, out, x);
        });
    }
};

template <typename KeyKernel, typename Op, DtypeMask kDtypes>
class CudaBinaryKernel : public KeyKernel {
public:
    void Call(const Array& x1, const Array& x2, const Array& out) override {
        VisitDeviceDtypeIn<kDtypes>(x1.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            LaunchMap<decltype(Op{}(std::declval<T>(), std::declval<T>())), T, T>(Op{}, out, x1, x2);
        });
    }
};

// out = op(x1, scalar) (op(scalar, x1) when kScalarFirst), the scalar in x1's dtype; out is of op's result type.
template <typename KeyKernel, typename Op, DtypeMask kDtypes, bool kScalarFirst>
class CudaBinaryScalarKernel : public KeyKernel {
public:
    void Call(const Array& x1, Scalar x2, const Array& out) override {
        VisitDeviceDtypeIn<kDtypes>(x1.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            using Bound = BoundScalarOp<T, Op, kScalarFirst>;
            LaunchMap<typename Bound::Out, T>(Bound{ScalarToDevice<T>(x2)}, out, x1);
        });
    }
};

// op with its scalar parameter bound (the last operand).
template <typename T, typename Op>
struct BoundParamOp {
    T param;
    template <typename... A>
    __device__ auto operator()(A... a) const {
        return Op{}(a..., param);
    }
};

// out = op(x1, x2, param), the parameter in x1's dtype.
template <typename KeyKernel, typename Op, DtypeMask kDtypes>
class CudaBinaryWithScalarKernel : public KeyKernel {
public:
    void Call(const Array& x1, const Array& x2, Scalar param, const Array& out) override {
        VisitDeviceDtypeIn<kDtypes>(x1.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            using Out = decltype(Op{}(std::declval<T>(), std::declval<T>(), std::declval<T>()));
            LaunchMap<Out, T, T>(BoundParamOp<T, Op>{ScalarToDevice<T>(param)}, out, x1, x2);
        });
    }
};

// op with its two scalar parameters bound (the last two operands).
template <typename T, typename Op>
struct BoundParamsOp {
    T param1;
    T param2;
    template <typename... A>
    __device__ auto operator()(A... a) const {
        return Op{}(a..., param1, param2);
    }
};

// out = op(x, s1, s2) and out = op(x1, x2, s1, s2), the parameters in x's (x1's) dtype.
template <typename KeyKernel, typename Op, DtypeMask kDtypes>
class CudaUnaryWithScalarsKernel : public KeyKernel {
public:
    void Call(const Array& x, Scalar s1, Scalar s2, const Array& out) override {
        VisitDeviceDtypeIn<kDtypes>(x.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            using Out = decltype(Op{}(std::declval<T>(), std::declval<T>(), std::declval<T>()));
            LaunchMap<Out, T>(BoundParamsOp<T, Op>{ScalarToDevice<T>(s1), ScalarToDevice<T>(s2)}, out, x);
        });
    }
};

template <typename KeyKernel, typename Op, DtypeMask kDtypes>
class CudaBinaryWithScalarsKernel : public KeyKernel {
public:
    void Call(const Array& x1, const Array& x2, Scalar s1, Scalar s2, const Array& out) override {
        VisitDeviceDtypeIn<kDtypes>(x1.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            using Out = decltype(Op{}(std::declval<T>(), std::declval<T>(), std::declval<T>(), std::declval<T>()));
            LaunchMap<Out, T, T>(BoundParamsOp<T, Op>{ScalarToDevice<T>(s1), ScalarToDevice<T>(s2)}, out, x1, x2);
        });
    }
};

// out = op(x1, x2, x3), three operands of one dtype.
template <typename KeyKernel, typename Op, DtypeMask kDtypes>
class CudaTernaryKernel : public KeyKernel {
public:
    void Call(const Array& x1, const Array& x2, const Array& x3, const Array& out) override {
        VisitDeviceDtypeIn<kDtypes>(x1.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            using Out = decltype(Op{}(std::declval<T>(), std::declval<T>(), std::declval<T>()));
            LaunchMap<Out, T, T, T>(Op{}, out, x1, x2, x3);
        });
    }
};

}  // namespace cuda
}  // namespace chainerx

#define CHAINERX_CUDA_REGISTER_UNARY(key_kernel, op, dtypes)                                                 \
    static ::chainerx::internal::KernelRegistration<key_kernel,                                             \
                                                    ::chainerx::cuda::CudaUnaryKernel<key_kernel, op, dtypes>> \
            s_cuda_##key_kernel {                                                                           \
        ::chainerx::cuda::CudaBackend::GetGlobalKernelRegistry()                                            \
    }

#define CHAINERX_CUDA_REGISTER_BINARY(key_kernel, op, dtypes)                                                 \
    static ::chainerx::internal::KernelRegistration<key_kernel,                                              \
                                                    ::chainerx::cuda::CudaBinaryKernel<key_kernel, op, dtypes>> \
            s_cuda_##key_kernel {                                                                            \
        ::chainerx::cuda::CudaBackend::GetGlobalKernelRegistry()                                             \
    }

#define CHAINERX_CUDA_REGISTER_BINARY_SCALAR(key_kernel, op, dtypes, scalar_first)                             \
    static ::chainerx::internal::KernelRegistration<                                                          \
            key_kernel, ::chainerx::cuda::CudaBinaryScalarKernel<key_kernel, op, dtypes, scalar_first>>       \
            s_cuda_##key_kernel {                                                                             \
        ::chainerx::cuda::CudaBackend::GetGlobalKernelRegistry()                                              \
    }

#define CHAINERX_CUDA_REGISTER_BINARY_WITH_SCALAR(key_kernel, op, dtypes)                                   \
    static ::chainerx::internal::KernelRegistration<                                                      \
            key_kernel, ::chainerx::cuda::CudaBinaryWithScalarKernel<key_kernel, op, dtypes>>             \
            s_cuda_##key_kernel {                                                                         \
        ::chainerx::cuda::CudaBackend::GetGlobalKernelRegistry()                                          \
    }

#define CHAINERX_CUDA_REGISTER_UNARY_WITH_SCALARS(key_kernel, op, dtypes)                                   \
    static ::chainerx::internal::KernelRegistration<                                                      \
            key_kernel, ::chainerx::cuda::CudaUnaryWithScalarsKernel<key_kernel, op, dtypes>>             \
            s_cuda_##key_kernel {                                                                         \
        ::chainerx::cuda::CudaBackend::GetGlobalKernelRegistry()                                          \
    }

#define CHAINERX_CUDA_REGISTER_BINARY_WITH_SCALARS(key_kernel, op, dtypes)                                  \
    static ::chainerx::internal::KernelRegistration<                                                      \
            key_kernel, ::chainerx::cuda::CudaBinaryWithScalarsKernel<key_kernel, op, dtypes>>            \
            s_cuda_##key_kernel {                                                                         \
        ::chainerx::cuda::CudaBackend::GetGlobalKernelRegistry()                                          \
    }

#define CHAINERX_CUDA_REGISTER_TERNARY(key_kernel, op, dtypes)                                                 \
    static ::chainerx::internal::KernelRegistration<key_kernel,                                               \
                                                    ::chainerx::cuda::CudaTernaryKernel<key_kernel, op, dtypes>> \
            s_cuda_##key_kernel {                                                                             \
        ::chainerx::cuda::CudaBackend::GetGlobalKernelRegistry()                                              \
    }
