// Native kernels of the exponential/logarithm family.
#include "chainerx/core/kernels/explog.h"

#include "chainerx/core/dtype.h"
#include "chainerx/core/numeric/explog.h"
#include "chainerx/native/elementwise_kernels.h"

namespace chainerx {
namespace native {
namespace {

CHAINERX_NATIVE_REGISTER_FLOAT_MATH(ExpKernel, numeric::Exp, kFloatingDtypes, kExp);
CHAINERX_NATIVE_REGISTER_FLOAT_MATH(Expm1Kernel, numeric::Expm1, kFloatingDtypes, kExpm1);
CHAINERX_NATIVE_REGISTER_FLOAT_MATH(Exp2Kernel, numeric::Exp2, kFloatingDtypes, kExp2);
CHAINERX_NATIVE_REGISTER_FLOAT_MATH(LogKernel, numeric::Log, kFloatingDtypes, kLog);
CHAINERX_NATIVE_REGISTER_FLOAT_MATH(Log10Kernel, numeric::Log10, kFloatingDtypes, kLog10);
CHAINERX_NATIVE_REGISTER_FLOAT_MATH(Log2Kernel, numeric::Log2, kFloatingDtypes, kLog2);
CHAINERX_NATIVE_REGISTER_FLOAT_MATH(Log1pKernel, numeric::Log1p, kFloatingDtypes, kLog1p);
CHAINERX_NATIVE_REGISTER_FLOAT_MATH(ErfKernel, numeric::Erf, kFloatingDtypes, kErf);

}  // namespace
}  // namespace native
}  // namespace chainerx
