// Native kernels of floor_divide, remainder, fmod and power (array and scalar forms): the shared elementwise loops
// around the formulas of chainerx/core/numeric/arithmetic.h (for float32 floor_divide, remainder and fmod, the
// per-CPU-level loops of native/vecmath.h over the same formulas). A file of its own, apart from
// native/arithmetic.cc, so that the two compile in parallel.
#include "chainerx/core/kernels/arithmetic.h"

#include "chainerx/core/dtype.h"
#include "chainerx/core/numeric/arithmetic.h"
#include "chainerx/core/numeric/float_power.h"
#include "chainerx/native/elementwise_kernels.h"

namespace chainerx {
namespace native {
namespace {

CHAINERX_NATIVE_REGISTER_FLOAT_MATH_BINARY(FloorDivideKernel, numeric::FloorDivide, kNumericDtypes, kFloorDivide);
CHAINERX_NATIVE_REGISTER_FLOAT_MATH_BINARY_SCALAR(
        FloorDivideASKernel, numeric::FloorDivide, kNumericDtypes, false, kFloorDivide);
CHAINERX_NATIVE_REGISTER_FLOAT_MATH_BINARY_SCALAR(
        FloorDivideSAKernel, numeric::FloorDivide, kNumericDtypes, true, kFloorDivide);
CHAINERX_NATIVE_REGISTER_FLOAT_MATH_BINARY(RemainderKernel, numeric::Remainder, kNumericDtypes, kRemainder);
CHAINERX_NATIVE_REGISTER_FLOAT_MATH_BINARY_SCALAR(
        RemainderASKernel, numeric::Remainder, kNumericDtypes, false, kRemainder);
CHAINERX_NATIVE_REGISTER_FLOAT_MATH_BINARY_SCALAR(
        RemainderSAKernel, numeric::Remainder, kNumericDtypes, true, kRemainder);
CHAINERX_NATIVE_REGISTER_FLOAT_MATH_BINARY(FmodKernel, numeric::Fmod, kNumericDtypes, kFmod);
CHAINERX_NATIVE_REGISTER_BINARY(PowerKernel, numeric::Power, kNumericDtypes);

// float32 array ** n for a small integer n runs products in double (Note [Small integer powers]), per CPU level.
class NativePowerASKernel : public NativeBinaryScalarKernel<PowerASKernel, numeric::Power, kNumericDtypes, false> {
public:
    void Call(const Array& x1, Scalar x2, const Array& out) override {
        if (x1.dtype() == Dtype::kFloat32 && numeric::IsSmallIntegerPower(x2.As<double>())) {
            FloatMathBinaryLoop loop = GetFloatMathBinaryLoop(FloatMathBinaryFunction::kSmallIntegerPower);
            FloatMathBinaryScalarElementwise(x1, x2.As<float>(), false, out, loop);
        } else {
            NativeBinaryScalarKernel::Call(x1, x2, out);
        }
    }
};

CHAINERX_NATIVE_REGISTER_KERNEL(PowerASKernel, NativePowerASKernel);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(PowerSAKernel, numeric::Power, kNumericDtypes, true);

}  // namespace
}  // namespace native
}  // namespace chainerx
