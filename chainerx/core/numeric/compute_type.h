// The type in which scalar formulas compute: float16 values are widened to float (and rounded back by the
// caller), every other type computes in itself.
#pragma once

// CHAINERX_CUDA_EMULATION: the kernels built for the host (Note [CUDA emulation on the host] in
// chainerx/cuda/emulation/device.h) see __half too.
#if defined(__CUDACC__) || defined(CHAINERX_CUDA_EMULATION)
#include <cuda_fp16.h>
#endif

#include "chainerx/core/float16.h"
#include "chainerx/core/numeric/host_device.h"

namespace chainerx {
namespace numeric {

template <typename T>
struct ComputeTypeImpl {
    using type = T;
};

template <>
struct ComputeTypeImpl<Float16> {
    using type = float;
};

#if defined(__CUDACC__) || defined(CHAINERX_CUDA_EMULATION)
// __half is float16 in device code (cuda/elementwise.cuh); it computes in float too, so that the formulas see a
// floating-point type (std::is_floating_point<__half> is false) and round once, as on the host.
template <>
struct ComputeTypeImpl<__half> {
    using type = float;
};
#endif

template <typename T>
using ComputeType = typename ComputeTypeImpl<T>::type;

}  // namespace numeric
}  // namespace chainerx

// The gradient of a unary function from its output: a struct `name` computing `expr` of gout and y (the output
// gradient and the function's output) in the compute type, for the fused gradient kernels (Note [Gradient kernels]
// in routines/elementwise.h).
#define CHAINERX_NUMERIC_FLOAT_GRAD_FROM_OUTPUT(name, expr)                     \
    struct name {                                                               \
        template <typename T>                                                   \
        CHAINERX_HOST_DEVICE T operator()(T gout_in, T out_in) const {          \
            using C = ::chainerx::numeric::ComputeType<T>;                      \
            C gout = static_cast<C>(gout_in);                                   \
            C y = static_cast<C>(out_in);                                       \
            return static_cast<T>(expr);                                        \
        }                                                                       \
    }

// A function of x with a parameter p (a parametric activation, for BinaryScalarKernel: op(x, p)) and its gradient
// from the input, of gout, x and p (for BinaryWithScalarKernel: op(gout, x, p)); computed in the compute type.
#define CHAINERX_NUMERIC_FLOAT_WITH_PARAM(name, expr)                           \
    struct name {                                                               \
        template <typename T>                                                   \
        CHAINERX_HOST_DEVICE T operator()(T x_in, T p_in) const {               \
            using C = ::chainerx::numeric::ComputeType<T>;                      \
            C x = static_cast<C>(x_in);                                         \
            C p = static_cast<C>(p_in);                                         \
            return static_cast<T>(expr);                                        \
        }                                                                       \
    }
#define CHAINERX_NUMERIC_FLOAT_GRAD_WITH_PARAM(name, expr)                      \
    struct name {                                                               \
        template <typename T>                                                   \
        CHAINERX_HOST_DEVICE T operator()(T gout_in, T x_in, T p_in) const {    \
            using C = ::chainerx::numeric::ComputeType<T>;                      \
            C gout = static_cast<C>(gout_in);                                   \
            C x = static_cast<C>(x_in);                                         \
            C p = static_cast<C>(p_in);                                         \
            return static_cast<T>(expr);                                        \
        }                                                                       \
    }

// A function `expr` of two floats a and b (for a BinaryKernel: op(a, b)), computed in the compute type.
#define CHAINERX_NUMERIC_FLOAT_BINARY(name, expr)                    \
    struct name {                                                    \
        template <typename T>                                        \
        CHAINERX_HOST_DEVICE T operator()(T a_in, T b_in) const {    \
            using C = ::chainerx::numeric::ComputeType<T>;           \
            C a = static_cast<C>(a_in);                              \
            C b = static_cast<C>(b_in);                              \
            return static_cast<T>(expr);                             \
        }                                                            \
    }

// Defines a functor `name` for a floating-point formula `expr` of `x`. It computes in ComputeType<T> (float for
// float16) and converts back to T.
#define CHAINERX_NUMERIC_FLOAT_UNARY(name, expr)                     \
    struct name {                                                    \
        template <typename T>                                        \
        CHAINERX_HOST_DEVICE T operator()(T x_in) const {            \
            using C = ::chainerx::numeric::ComputeType<T>;           \
            C x = static_cast<C>(x_in);                              \
            return static_cast<T>(expr);                             \
        }                                                            \
    }

