// Native kernels of the arithmetic family: the shared elementwise loops around the formulas of
// chainerx/core/numeric/arithmetic.h.
#include "chainerx/core/kernels/arithmetic.h"

#include <cmath>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/scalar.h"
#include "chainerx/core/numeric/arithmetic.h"
#include "chainerx/native/elementwise.h"
#include "chainerx/native/elementwise_kernels.h"

namespace chainerx {
namespace native {
namespace {

CHAINERX_NATIVE_REGISTER_BINARY(AddKernel, numeric::Add, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(AddASKernel, numeric::Add, kAllDtypeMask, false);
CHAINERX_NATIVE_REGISTER_BINARY(SubtractKernel, numeric::Subtract, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(SubtractASKernel, numeric::Subtract, kAllDtypeMask, false);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(SubtractSAKernel, numeric::Subtract, kAllDtypeMask, true);
CHAINERX_NATIVE_REGISTER_BINARY(MultiplyKernel, numeric::Multiply, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(MultiplyASKernel, numeric::Multiply, kAllDtypeMask, false);
CHAINERX_NATIVE_REGISTER_BINARY(DivideKernel, numeric::Divide, kFloatingDtypes);

// Note [Division by a power of two]
// x / s with s = +-2^k whose reciprocal 2^-k is finite in the computation type too (all but the smallest subnormal
// powers) is x * (1 / s), to the bit: both are the exact quotient rounded once, signed zeros, infinities and NaN
// included. A multiply runs at the full vector rate where a divide takes several cycles a vector (x / 2 on 2^21
// float32, one thread: 434 -> 191 us; PyTorch 227 us). Other divisors divide: x * (1 / 3) is not x / 3.
class NativeDivideASKernel : public DivideASKernel {
public:
    void Call(const Array& x1, Scalar x2, const Array& out) override {
        VisitDtypeIn<kFloatingDtypes>(x1.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            using C = numeric::ComputeType<T>;
            const C divisor = static_cast<C>(x2.As<T>());
            const C reciprocal = C{1} / divisor;
            int exponent{};
            bool power_of_two = std::isfinite(divisor) && std::fabs(std::frexp(divisor, &exponent)) == C{0.5};
            if (power_of_two && std::isfinite(reciprocal) && reciprocal * divisor == C{1}) {
                UnaryElementwise<T, T>(
                        x1, out, [reciprocal](T a) { return static_cast<T>(static_cast<C>(a) * reciprocal); });
            } else {
                UnaryElementwise<T, T>(x1, out, [divisor](T a) { return static_cast<T>(static_cast<C>(a) / divisor); });
            }
        });
    }
};

CHAINERX_NATIVE_REGISTER_KERNEL(DivideASKernel, NativeDivideASKernel);

// s / x, where float32 1 / x (reciprocal, x ** -1) runs the per-level loop of native/vecmath.h: its divisions take the
// CPU's vector width, where the generic loop's are SSE2's (2^21 elements, one thread: 435 -> 223 us; PyTorch
// 225 us). Division is correctly rounded at every width, so every level gives the same bits.
class NativeDivideSAKernel : public NativeBinaryScalarKernel<DivideSAKernel, numeric::Divide, kFloatingDtypes, true> {
public:
    void Call(const Array& x1, Scalar x2, const Array& out) override {
        if (x1.dtype() == Dtype::kFloat32 && x2.As<float>() == 1.0F) {
            FloatMathElementwise(x1, out, GetFloatMathLoop(FloatMathFunction::kReciprocal));
        } else {
            NativeBinaryScalarKernel<DivideSAKernel, numeric::Divide, kFloatingDtypes, true>::Call(x1, x2, out);
        }
    }
};

CHAINERX_NATIVE_REGISTER_KERNEL(DivideSAKernel, NativeDivideSAKernel);

CHAINERX_NATIVE_REGISTER_UNARY(NegativeKernel, numeric::Negative, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_UNARY(AbsoluteKernel, numeric::Absolute, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_FLOAT_MATH(SignKernel, numeric::Sign, kAllDtypeMask, kSign);
CHAINERX_NATIVE_REGISTER_FLOAT_MATH(SqrtKernel, numeric::Sqrt, kFloatingDtypes, kSqrt);

}  // namespace
}  // namespace native
}  // namespace chainerx
