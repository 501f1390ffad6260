// Native implementations of the elementwise key kernels, generated from a scalar formula of
// chainerx/core/numeric/ and the set of dtypes it supports, so that each native kernel is one line:
//
//     CHAINERX_NATIVE_REGISTER_UNARY(ExpKernel, numeric::Exp, kFloatingDtypes);
//
// The kernel dispatches on the dtype of its (first) input; the element type of the output is the formula's
// return type (T for arithmetic, bool for comparisons), which the routine allocated accordingly.
#pragma once

#include <utility>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/scalar.h"
#include "chainerx/native/elementwise.h"
#include "chainerx/native/half_elementwise.h"
#include "chainerx/native/native_backend.h"
#include "chainerx/native/vecmath.h"

namespace chainerx {
namespace native {

template <typename KeyKernel, typename Op, DtypeMask kDtypes>
class NativeUnaryKernel : public KeyKernel {
public:
    void Call(const Array& x, const Array& out) override {
        VisitDtypeIn<kDtypes>(x.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            using Out = decltype(Op{}(std::declval<T>()));
            if constexpr (kIsHalfToHalf<T, Out> && kHalfRunsAsFloat<Op, float>) {
                HalfUnaryElementwise<Op>(x, out);
            } else {
                UnaryElementwise<T, Out>(x, out, Op{});
            }
        });
    }
};

template <typename KeyKernel, typename Op, DtypeMask kDtypes>
class NativeBinaryKernel : public KeyKernel {
public:
    void Call(const Array& x1, const Array& x2, const Array& out) override {
        VisitDtypeIn<kDtypes>(x1.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            using Out = decltype(Op{}(std::declval<T>(), std::declval<T>()));
            if constexpr (kIsHalfToHalf<T, Out> && kHalfRunsAsFloat<Op, float, float>) {
                HalfBinaryElementwise<Op>(x1, x2, out);
            } else {
                BinaryElementwise<T, Out>(x1, x2, out, Op{});
            }
        });
    }
};

// A NativeUnaryKernel whose float32 case runs the float-math loop of the CPU level (native/vecmath.h); the
// other dtypes run `Op`, whose float formula is the same one (float16 results are float32's, rounded).
template <typename KeyKernel, typename Op, DtypeMask kDtypes, FloatMathFunction kFunction>
class NativeFloatMathKernel : public NativeUnaryKernel<KeyKernel, Op, kDtypes> {
public:
    void Call(const Array& x, const Array& out) override {
        if (x.dtype() == Dtype::kFloat32) {
            FloatMathElementwise(x, out, GetFloatMathLoop(kFunction));
        } else if (x.dtype() == Dtype::kFloat16 && DtypeMaskHas(kDtypes, Dtype::kFloat16)) {
            HalfUnaryElementwiseViaFloat(x, out, GetFloatMathLoop(kFunction));
        } else {
            NativeUnaryKernel<KeyKernel, Op, kDtypes>::Call(x, out);
        }
    }
};

// A NativeBinaryKernel whose float32 case runs the binary float-math loop of the CPU level (native/vecmath.h), on
// the same formula as `Op`'s float case.
template <typename KeyKernel, typename Op, DtypeMask kDtypes, FloatMathBinaryFunction kFunction>
class NativeFloatMathBinaryKernel : public NativeBinaryKernel<KeyKernel, Op, kDtypes> {
public:
    void Call(const Array& x1, const Array& x2, const Array& out) override {
        if (x1.dtype() == Dtype::kFloat32) {
            FloatMathBinaryElementwise(x1, x2, out, GetFloatMathBinaryLoop(kFunction));
        } else if (x1.dtype() == Dtype::kFloat16 && DtypeMaskHas(kDtypes, Dtype::kFloat16)) {
            HalfBinaryElementwiseViaFloat(x1, x2, out, GetFloatMathBinaryLoop(kFunction));
        } else {
            NativeBinaryKernel<KeyKernel, Op, kDtypes>::Call(x1, x2, out);
        }
    }
};

// out = op(x1, s), or op(s, x1) when kScalarFirst; the scalar is converted to the array's element type.
template <typename KeyKernel, typename Op, DtypeMask kDtypes, bool kScalarFirst = false>
class NativeBinaryScalarKernel : public KeyKernel {
public:
    void Call(const Array& x1, Scalar x2, const Array& out) override {
        VisitDtypeIn<kDtypes>(x1.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            using Out = decltype(Op{}(std::declval<T>(), std::declval<T>()));
            const T s = x2.As<T>();
            if constexpr (kIsHalfToHalf<T, Out> && kHalfRunsAsFloat<Op, float, float>) {
                HalfBinaryScalarElementwise<Op, kScalarFirst>(x1, s, out);
            } else {
                UnaryElementwise<T, Out>(x1, out, [s](T a) { return kScalarFirst ? Op{}(s, a) : Op{}(a, s); });
            }
        });
    }
};

// A NativeBinaryScalarKernel whose float32 case runs the binary float-math loop of the CPU level.
template <typename KeyKernel, typename Op, DtypeMask kDtypes, bool kScalarFirst, FloatMathBinaryFunction kFunction>
class NativeFloatMathBinaryScalarKernel : public NativeBinaryScalarKernel<KeyKernel, Op, kDtypes, kScalarFirst> {
public:
    void Call(const Array& x1, Scalar x2, const Array& out) override {
        if (x1.dtype() == Dtype::kFloat32) {
            FloatMathBinaryScalarElementwise(x1, x2.As<float>(), kScalarFirst, out, GetFloatMathBinaryLoop(kFunction));
        } else if (x1.dtype() == Dtype::kFloat16 && DtypeMaskHas(kDtypes, Dtype::kFloat16)) {
            HalfBinaryScalarElementwiseViaFloat(
                    x1, x2.As<Float16>(), kScalarFirst, out, GetFloatMathBinaryLoop(kFunction));
        } else {
            NativeBinaryScalarKernel<KeyKernel, Op, kDtypes, kScalarFirst>::Call(x1, x2, out);
        }
    }
};

// out = op(x1, x2, param), the parameter converted to the arrays' element type.
template <typename KeyKernel, typename Op, DtypeMask kDtypes>
class NativeBinaryWithScalarKernel : public KeyKernel {
public:
    void Call(const Array& x1, const Array& x2, Scalar param, const Array& out) override {
        VisitDtypeIn<kDtypes>(x1.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            using Out = decltype(Op{}(std::declval<T>(), std::declval<T>(), std::declval<T>()));
            const T p = param.As<T>();
            BinaryElementwise<T, Out>(x1, x2, out, [p](T a, T b) { return Op{}(a, b, p); });
        });
    }
};

// out = op(x, s1, s2), the two parameters converted to x's element type.
template <typename KeyKernel, typename Op, DtypeMask kDtypes>
class NativeUnaryWithScalarsKernel : public KeyKernel {
public:
    void Call(const Array& x, Scalar s1, Scalar s2, const Array& out) override {
        VisitDtypeIn<kDtypes>(x.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            using Out = decltype(Op{}(std::declval<T>(), std::declval<T>(), std::declval<T>()));
            const T p1 = s1.As<T>();
            const T p2 = s2.As<T>();
            UnaryElementwise<T, Out>(x, out, [p1, p2](T a) { return Op{}(a, p1, p2); });
        });
    }
};

// out = op(x1, x2, s1, s2), the two parameters converted to the arrays' element type.
template <typename KeyKernel, typename Op, DtypeMask kDtypes>
class NativeBinaryWithScalarsKernel : public KeyKernel {
public:
    void Call(const Array& x1, const Array& x2, Scalar s1, Scalar s2, const Array& out) override {
        VisitDtypeIn<kDtypes>(x1.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            using Out = decltype(Op{}(std::declval<T>(), std::declval<T>(), std::declval<T>(), std::declval<T>()));
            const T p1 = s1.As<T>();
            const T p2 = s2.As<T>();
            BinaryElementwise<T, Out>(x1, x2, out, [p1, p2](T a, T b) { return Op{}(a, b, p1, p2); });
        });
    }
};

// out = op(x1, x2, x3), three operands of one dtype.
template <typename KeyKernel, typename Op, DtypeMask kDtypes>
class NativeTernaryKernel : public KeyKernel {
public:
    void Call(const Array& x1, const Array& x2, const Array& x3, const Array& out) override {
        VisitDtypeIn<kDtypes>(x1.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            using Out = decltype(Op{}(std::declval<T>(), std::declval<T>(), std::declval<T>()));
            MapElementwise<Out, T, T, T>(Op{}, out, x1, x2, x3);
        });
    }
};

}  // namespace native
}  // namespace chainerx

#define CHAINERX_NATIVE_REGISTER_UNARY(key_kernel, op, dtypes)                                                   \
    static ::chainerx::internal::KernelRegistration<key_kernel,                                                 \
                                                    ::chainerx::native::NativeUnaryKernel<key_kernel, op, dtypes>> \
            s_native_##key_kernel {                                                                             \
        ::chainerx::native::NativeBackend::GetGlobalKernelRegistry()                                            \
    }

#define CHAINERX_NATIVE_REGISTER_BINARY(key_kernel, op, dtypes)                                                   \
    static ::chainerx::internal::KernelRegistration<key_kernel,                                                  \
                                                    ::chainerx::native::NativeBinaryKernel<key_kernel, op, dtypes>> \
            s_native_##key_kernel {                                                                              \
        ::chainerx::native::NativeBackend::GetGlobalKernelRegistry()                                             \
    }

// `function`: the FloatMathFunction (kExp, ...) that computes `op` for float32.
#define CHAINERX_NATIVE_REGISTER_FLOAT_MATH(key_kernel, op, dtypes, function)                                   \
    static ::chainerx::internal::KernelRegistration<                                                           \
            key_kernel,                                                                                        \
            ::chainerx::native::NativeFloatMathKernel<key_kernel, op, dtypes,                                  \
                                                      ::chainerx::native::FloatMathFunction::function>>       \
            s_native_##key_kernel {                                                                            \
        ::chainerx::native::NativeBackend::GetGlobalKernelRegistry()                                           \
    }

// `function`: the FloatMathBinaryFunction (kFmod, ...) that computes `op` for float32.
#define CHAINERX_NATIVE_REGISTER_FLOAT_MATH_BINARY(key_kernel, op, dtypes, function)                            \
    static ::chainerx::internal::KernelRegistration<                                                           \
            key_kernel,                                                                                        \
            ::chainerx::native::NativeFloatMathBinaryKernel<key_kernel, op, dtypes,                            \
                                                            ::chainerx::native::FloatMathBinaryFunction::function>> \
            s_native_##key_kernel {                                                                            \
        ::chainerx::native::NativeBackend::GetGlobalKernelRegistry()                                           \
    }

#define CHAINERX_NATIVE_REGISTER_FLOAT_MATH_BINARY_SCALAR(key_kernel, op, dtypes, scalar_first, function)      \
    static ::chainerx::internal::KernelRegistration<                                                           \
            key_kernel,                                                                                        \
            ::chainerx::native::NativeFloatMathBinaryScalarKernel<                                             \
                    key_kernel, op, dtypes, scalar_first, ::chainerx::native::FloatMathBinaryFunction::function>> \
            s_native_##key_kernel {                                                                            \
        ::chainerx::native::NativeBackend::GetGlobalKernelRegistry()                                           \
    }

// scalar_first: false for out = op(x, s), true for out = op(s, x).
#define CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(key_kernel, op, dtypes, scalar_first)                             \
    static ::chainerx::internal::KernelRegistration<                                                            \
            key_kernel, ::chainerx::native::NativeBinaryScalarKernel<key_kernel, op, dtypes, scalar_first>>     \
            s_native_##key_kernel {                                                                             \
        ::chainerx::native::NativeBackend::GetGlobalKernelRegistry()                                            \
    }

#define CHAINERX_NATIVE_REGISTER_BINARY_WITH_SCALAR(key_kernel, op, dtypes)                                       \
    static ::chainerx::internal::KernelRegistration<                                                            \
            key_kernel, ::chainerx::native::NativeBinaryWithScalarKernel<key_kernel, op, dtypes>>              \
            s_native_##key_kernel {                                                                             \
        ::chainerx::native::NativeBackend::GetGlobalKernelRegistry()                                            \
    }

#define CHAINERX_NATIVE_REGISTER_UNARY_WITH_SCALARS(key_kernel, op, dtypes)                                      \
    static ::chainerx::internal::KernelRegistration<                                                           \
            key_kernel, ::chainerx::native::NativeUnaryWithScalarsKernel<key_kernel, op, dtypes>>             \
            s_native_##key_kernel {                                                                            \
        ::chainerx::native::NativeBackend::GetGlobalKernelRegistry()                                           \
    }

#define CHAINERX_NATIVE_REGISTER_BINARY_WITH_SCALARS(key_kernel, op, dtypes)                                     \
    static ::chainerx::internal::KernelRegistration<                                                           \
            key_kernel, ::chainerx::native::NativeBinaryWithScalarsKernel<key_kernel, op, dtypes>>            \
            s_native_##key_kernel {                                                                            \
        ::chainerx::native::NativeBackend::GetGlobalKernelRegistry()                                           \
    }

#define CHAINERX_NATIVE_REGISTER_TERNARY(key_kernel, op, dtypes)                                                   \
    static ::chainerx::internal::KernelRegistration<key_kernel,                                                   \
                                                    ::chainerx::native::NativeTernaryKernel<key_kernel, op, dtypes>> \
            s_native_##key_kernel {                                                                               \
        ::chainerx::native::NativeBackend::GetGlobalKernelRegistry()                                              \
    }
