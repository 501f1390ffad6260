// Native kernels of floor_divide, remainder, fmod and power (array and scalar forms): the shared elementwise loops
// around the formulas of chainerx/core/numeric/arithmetic.h (for float32 floor_divide, remainder and fmod, the
// per-CPU-level loops of native/vecmath.h over the same formulas). A file of its own, apart from
// native/arithmetic.cc, so that the two compile in parallel.
#include "chainerx/core/kernels/arithmetic.h"

#include "chainerx/core/dtype.h"
#include "chainerx/core/numeric/arithmetic.h"
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
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(PowerASKernel, numeric::Power, kNumericDtypes, false);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(PowerSAKernel, numeric::Power, kNumericDtypes, true);

}  // namespace
}  // namespace native
}  // namespace chainerx
