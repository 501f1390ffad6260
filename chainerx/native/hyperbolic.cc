// Native kernels of the hyperbolic family.
#include "chainerx/core/kernels/hyperbolic.h"

#include "chainerx/core/dtype.h"
#include "chainerx/core/numeric/hyperbolic.h"
#include "chainerx/native/elementwise_kernels.h"

namespace chainerx {
namespace native {
namespace {

CHAINERX_NATIVE_REGISTER_FLOAT_MATH(SinhKernel, numeric::Sinh, kFloatingDtypes, kSinh);
CHAINERX_NATIVE_REGISTER_FLOAT_MATH(CoshKernel, numeric::Cosh, kFloatingDtypes, kCosh);
CHAINERX_NATIVE_REGISTER_FLOAT_MATH(TanhKernel, numeric::Tanh, kFloatingDtypes, kTanh);
CHAINERX_NATIVE_REGISTER_BINARY(TanhGradKernel, numeric::TanhGrad, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_FLOAT_MATH(ArcsinhKernel, numeric::Arcsinh, kFloatingDtypes, kArcsinh);
CHAINERX_NATIVE_REGISTER_FLOAT_MATH(ArccoshKernel, numeric::Arccosh, kFloatingDtypes, kArccosh);

}  // namespace
}  // namespace native
}  // namespace chainerx
