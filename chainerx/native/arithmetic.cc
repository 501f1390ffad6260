// Native kernels of the arithmetic family: the shared elementwise loops around the formulas of
// chainerx/core/numeric/arithmetic.h.
#include "chainerx/core/kernels/arithmetic.h"

#include "chainerx/core/dtype.h"
#include "chainerx/core/numeric/arithmetic.h"
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
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(DivideASKernel, numeric::Divide, kFloatingDtypes, false);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(DivideSAKernel, numeric::Divide, kFloatingDtypes, true);
CHAINERX_NATIVE_REGISTER_UNARY(NegativeKernel, numeric::Negative, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_UNARY(AbsoluteKernel, numeric::Absolute, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_UNARY(SignKernel, numeric::Sign, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_UNARY(SqrtKernel, numeric::Sqrt, kFloatingDtypes);

}  // namespace
}  // namespace native
}  // namespace chainerx
