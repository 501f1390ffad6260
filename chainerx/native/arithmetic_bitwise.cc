// Native kernels of the bitwise operations and shifts (array and scalar forms): the shared elementwise loops around
// the formulas of chainerx/core/numeric/arithmetic.h. A file of its own, apart from native/arithmetic.cc, so that
// the two compile in parallel.
#include "chainerx/core/kernels/arithmetic.h"

#include "chainerx/core/dtype.h"
#include "chainerx/core/numeric/arithmetic.h"
#include "chainerx/native/elementwise_kernels.h"

namespace chainerx {
namespace native {
namespace {

CHAINERX_NATIVE_REGISTER_BINARY(BitwiseAndKernel, numeric::BitwiseAnd, kIntegralDtypes);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(BitwiseAndASKernel, numeric::BitwiseAnd, kIntegralDtypes, false);
CHAINERX_NATIVE_REGISTER_BINARY(BitwiseOrKernel, numeric::BitwiseOr, kIntegralDtypes);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(BitwiseOrASKernel, numeric::BitwiseOr, kIntegralDtypes, false);
CHAINERX_NATIVE_REGISTER_BINARY(BitwiseXorKernel, numeric::BitwiseXor, kIntegralDtypes);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(BitwiseXorASKernel, numeric::BitwiseXor, kIntegralDtypes, false);
CHAINERX_NATIVE_REGISTER_BINARY(LeftShiftKernel, numeric::LeftShift, kIntegralDtypes);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(LeftShiftASKernel, numeric::LeftShift, kIntegralDtypes, false);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(LeftShiftSAKernel, numeric::LeftShift, kIntegralDtypes, true);
CHAINERX_NATIVE_REGISTER_BINARY(RightShiftKernel, numeric::RightShift, kIntegralDtypes);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(RightShiftASKernel, numeric::RightShift, kIntegralDtypes, false);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(RightShiftSAKernel, numeric::RightShift, kIntegralDtypes, true);

}  // namespace
}  // namespace native
}  // namespace chainerx
