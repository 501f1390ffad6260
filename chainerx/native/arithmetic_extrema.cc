// Native kernels of maximum and minimum (array and scalar forms) and the masks of their gradients: the shared
// elementwise loops around the formulas of chainerx/core/numeric/arithmetic.h. A file of its own, apart from
// native/arithmetic.cc, so that the two compile in parallel.
#include "chainerx/core/kernels/arithmetic.h"

#include "chainerx/core/dtype.h"
#include "chainerx/core/numeric/arithmetic.h"
#include "chainerx/native/elementwise_kernels.h"

namespace chainerx {
namespace native {
namespace {

CHAINERX_NATIVE_REGISTER_BINARY(MaximumKernel, numeric::Maximum, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_BINARY(MinimumKernel, numeric::Minimum, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_BINARY(MaximumTakesFirstKernel, numeric::MaximumTakes<true>, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_BINARY(MaximumTakesSecondKernel, numeric::MaximumTakes<false>, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_BINARY(MinimumTakesFirstKernel, numeric::MinimumTakes<true>, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_BINARY(MinimumTakesSecondKernel, numeric::MinimumTakes<false>, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(MaximumASKernel, numeric::Maximum, kAllDtypeMask, false);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(MaximumSAKernel, numeric::Maximum, kAllDtypeMask, true);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(MinimumASKernel, numeric::Minimum, kAllDtypeMask, false);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(MinimumSAKernel, numeric::Minimum, kAllDtypeMask, true);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(MaximumTakesArrayASKernel, numeric::MaximumTakes<true>, kAllDtypeMask, false);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(MaximumTakesArraySAKernel, numeric::MaximumTakes<false>, kAllDtypeMask, true);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(MinimumTakesArrayASKernel, numeric::MinimumTakes<true>, kAllDtypeMask, false);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(MinimumTakesArraySAKernel, numeric::MinimumTakes<false>, kAllDtypeMask, true);
CHAINERX_NATIVE_REGISTER_BINARY_WITH_SCALAR(MaximumASGradKernel, numeric::MaximumASGrad, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_BINARY_WITH_SCALAR(MaximumSAGradKernel, numeric::MaximumSAGrad, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_BINARY_WITH_SCALAR(MinimumASGradKernel, numeric::MinimumASGrad, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_BINARY_WITH_SCALAR(MinimumSAGradKernel, numeric::MinimumSAGrad, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_UNARY_WITH_SCALARS(ClipKernel, numeric::Clip, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_UNARY_WITH_SCALARS(ClipTakesArrayKernel, numeric::ClipTakesArray, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_BINARY_WITH_SCALARS(ClipGradKernel, numeric::ClipGrad, kFloatingDtypes);

}  // namespace
}  // namespace native
}  // namespace chainerx
