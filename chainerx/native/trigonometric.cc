// Native kernels of the trigonometric family.
#include "chainerx/core/kernels/trigonometric.h"

#include "chainerx/core/dtype.h"
#include "chainerx/core/numeric/trigonometric.h"
#include "chainerx/native/elementwise_kernels.h"

namespace chainerx {
namespace native {
namespace {

CHAINERX_NATIVE_REGISTER_FLOAT_MATH(SinKernel, numeric::Sin, kFloatingDtypes, kSin);
CHAINERX_NATIVE_REGISTER_FLOAT_MATH(CosKernel, numeric::Cos, kFloatingDtypes, kCos);
CHAINERX_NATIVE_REGISTER_FLOAT_MATH(TanKernel, numeric::Tan, kFloatingDtypes, kTan);
CHAINERX_NATIVE_REGISTER_FLOAT_MATH(ArcsinKernel, numeric::Arcsin, kFloatingDtypes, kArcsin);
CHAINERX_NATIVE_REGISTER_FLOAT_MATH(ArccosKernel, numeric::Arccos, kFloatingDtypes, kArccos);
CHAINERX_NATIVE_REGISTER_FLOAT_MATH(ArctanKernel, numeric::Arctan, kFloatingDtypes, kArctan);
CHAINERX_NATIVE_REGISTER_FLOAT_MATH_BINARY(Arctan2Kernel, numeric::Arctan2, kFloatingDtypes, kArctan2);

}  // namespace
}  // namespace native
}  // namespace chainerx
