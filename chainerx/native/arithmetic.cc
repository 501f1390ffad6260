// Native kernels of the arithmetic family: each is the shared elementwise loop around a formula of
// chainerx/core/numeric/arithmetic.h.
#include "chainerx/core/kernels/arithmetic.h"

#include "chainerx/core/dtype.h"
#include "chainerx/core/numeric/arithmetic.h"
#include "chainerx/native/elementwise.h"
#include "chainerx/native/native_backend.h"

namespace chainerx {
namespace native {
namespace {

template <typename KeyKernel, typename Op>
class NativeBinary : public KeyKernel {
public:
    void Call(const Array& x1, const Array& x2, const Array& out) override {
        VisitDtype(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            BinaryElementwise<T>(x1, x2, out, [](T a, T b) { return Op{}(a, b); });
        });
    }
};

// out = op(x1, s), or op(s, x1) when kScalarFirst.
template <typename KeyKernel, typename Op, bool kScalarFirst = false>
class NativeBinaryScalar : public KeyKernel {
public:
    void Call(const Array& x1, Scalar x2, const Array& out) override {
        VisitDtype(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            const T s = x2.As<T>();
            UnaryElementwise<T, T>(x1, out, [s](T a) { return kScalarFirst ? Op{}(s, a) : Op{}(a, s); });
        });
    }
};

template <typename KeyKernel, typename Op>
class NativeUnary : public KeyKernel {
public:
    void Call(const Array& x, const Array& out) override {
        VisitDtype(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            UnaryElementwise<T, T>(x, out, [](T a) { return Op{}(a); });
        });
    }
};

using NativeAdd = NativeBinary<AddKernel, numeric::Add>;
using NativeAddAS = NativeBinaryScalar<AddASKernel, numeric::Add>;
using NativeSubtract = NativeBinary<SubtractKernel, numeric::Subtract>;
using NativeSubtractAS = NativeBinaryScalar<SubtractASKernel, numeric::Subtract>;
using NativeSubtractSA = NativeBinaryScalar<SubtractSAKernel, numeric::Subtract, true>;
using NativeMultiply = NativeBinary<MultiplyKernel, numeric::Multiply>;
using NativeMultiplyAS = NativeBinaryScalar<MultiplyASKernel, numeric::Multiply>;
using NativeNegative = NativeUnary<NegativeKernel, numeric::Negative>;

CHAINERX_NATIVE_REGISTER_KERNEL(AddKernel, NativeAdd);
CHAINERX_NATIVE_REGISTER_KERNEL(AddASKernel, NativeAddAS);
CHAINERX_NATIVE_REGISTER_KERNEL(SubtractKernel, NativeSubtract);
CHAINERX_NATIVE_REGISTER_KERNEL(SubtractASKernel, NativeSubtractAS);
CHAINERX_NATIVE_REGISTER_KERNEL(SubtractSAKernel, NativeSubtractSA);
CHAINERX_NATIVE_REGISTER_KERNEL(MultiplyKernel, NativeMultiply);
CHAINERX_NATIVE_REGISTER_KERNEL(MultiplyASKernel, NativeMultiplyAS);
CHAINERX_NATIVE_REGISTER_KERNEL(NegativeKernel, NativeNegative);

}  // namespace
}  // namespace native
}  // namespace chainerx
