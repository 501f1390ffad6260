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
CHAINERX_NATIVE_REGISTER_UNARY(TanKernel, numeric::Tan, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_UNARY(ArcsinKernel, numeric::Arcsin, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_UNARY(ArccosKernel, numeric::Arccos, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_UNARY(ArctanKernel, numeric::Arctan, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_BINARY(Arctan2Kernel, numeric::Arctan2, kFloatingDtypes);

}  // namespace
}  // namespace native
}  // namespace chainerx
