// Native kernels of the hyperbolic family.
#include "chainerx/core/kernels/hyperbolic.h"

#include "chainerx/core/dtype.h"
#include "chainerx/core/numeric/hyperbolic.h"
#include "chainerx/native/elementwise_kernels.h"

namespace chainerx {
namespace native {
namespace {

CHAINERX_NATIVE_REGISTER_UNARY(SinhKernel, numeric::Sinh, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_UNARY(CoshKernel, numeric::Cosh, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_FLOAT_MATH(TanhKernel, numeric::Tanh, kFloatingDtypes, kTanh);
CHAINERX_NATIVE_REGISTER_BINARY(TanhGradKernel, numeric::TanhGrad, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_UNARY(ArcsinhKernel, numeric::Arcsinh, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_UNARY(ArccoshKernel, numeric::Arccosh, kFloatingDtypes);

}  // namespace
}  // namespace native
}  // namespace chainerx
