// Native kernels of floor_divide, remainder, fmod and power (array and scalar forms): the shared elementwise loops
// around the formulas of chainerx/core/numeric/arithmetic.h. A file of its own, apart from native/arithmetic.cc, so
// that the two compile in parallel.
#include "chainerx/core/kernels/arithmetic.h"

#include "chainerx/core/dtype.h"
#include "chainerx/core/numeric/arithmetic.h"
#include "chainerx/native/elementwise_kernels.h"

namespace chainerx {
namespace native {
namespace {

CHAINERX_NATIVE_REGISTER_BINARY(FloorDivideKernel, numeric::FloorDivide, kNumericDtypes);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(FloorDivideASKernel, numeric::FloorDivide, kNumericDtypes, false);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(FloorDivideSAKernel, numeric::FloorDivide, kNumericDtypes, true);
CHAINERX_NATIVE_REGISTER_BINARY(RemainderKernel, numeric::Remainder, kNumericDtypes);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(RemainderASKernel, numeric::Remainder, kNumericDtypes, false);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(RemainderSAKernel, numeric::Remainder, kNumericDtypes, true);
CHAINERX_NATIVE_REGISTER_BINARY(FmodKernel, numeric::Fmod, kNumericDtypes);
CHAINERX_NATIVE_REGISTER_BINARY(PowerKernel, numeric::Power, kNumericDtypes);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(PowerASKernel, numeric::Power, kNumericDtypes, false);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(PowerSAKernel, numeric::Power, kNumericDtypes, true);

}  // namespace
}  // namespace native
}  // namespace chainerx
