// Native kernels of the logic family: every dtype in, bool out.
#include "chainerx/core/kernels/logic.h"

#include "chainerx/core/dtype.h"
#include "chainerx/core/numeric/logic.h"
#include "chainerx/native/elementwise_kernels.h"

namespace chainerx {
namespace native {
namespace {

CHAINERX_NATIVE_REGISTER_BINARY(EqualKernel, numeric::Equal, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_BINARY(NotEqualKernel, numeric::NotEqual, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_BINARY(GreaterKernel, numeric::Greater, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_BINARY(GreaterEqualKernel, numeric::GreaterEqual, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_BINARY(LessKernel, numeric::Less, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_BINARY(LessEqualKernel, numeric::LessEqual, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(EqualASKernel, numeric::Equal, kAllDtypeMask, false);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(NotEqualASKernel, numeric::NotEqual, kAllDtypeMask, false);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(GreaterASKernel, numeric::Greater, kAllDtypeMask, false);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(GreaterEqualASKernel, numeric::GreaterEqual, kAllDtypeMask, false);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(LessASKernel, numeric::Less, kAllDtypeMask, false);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(LessEqualASKernel, numeric::LessEqual, kAllDtypeMask, false);
CHAINERX_NATIVE_REGISTER_BINARY(LogicalAndKernel, numeric::LogicalAnd, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_BINARY(LogicalOrKernel, numeric::LogicalOr, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_BINARY(LogicalXorKernel, numeric::LogicalXor, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_UNARY(LogicalNotKernel, numeric::LogicalNot, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_UNARY(IsNanKernel, numeric::IsNan, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_UNARY(IsInfKernel, numeric::IsInf, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_UNARY(IsFiniteKernel, numeric::IsFinite, kAllDtypeMask);

}  // namespace
}  // namespace native
}  // namespace chainerx
