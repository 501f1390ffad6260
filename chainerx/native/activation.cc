// Native kernels of the activation family.
#include "chainerx/core/kernels/activation.h"

#include <cstdint>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/numeric/activation.h"
#include "chainerx/native/elementwise.h"
#include "chainerx/native/elementwise_kernels.h"
#include "chainerx/native/native_backend.h"

namespace chainerx {
namespace native {
namespace {

CHAINERX_NATIVE_REGISTER_UNARY(ReluKernel, numeric::Relu, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_FLOAT_MATH(SigmoidKernel, numeric::Sigmoid, kFloatingDtypes, kSigmoid);
CHAINERX_NATIVE_REGISTER_BINARY(ReluGradKernel, numeric::ReluGrad, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_BINARY(SigmoidGradKernel, numeric::SigmoidGrad, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(LeakyReluKernel, numeric::LeakyRelu, kFloatingDtypes, false);
CHAINERX_NATIVE_REGISTER_BINARY_WITH_SCALAR(LeakyReluGradKernel, numeric::LeakyReluGrad, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(EluKernel, numeric::Elu, kFloatingDtypes, false);
CHAINERX_NATIVE_REGISTER_BINARY_WITH_SCALAR(EluGradKernel, numeric::EluGrad, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(SoftplusKernel, numeric::Softplus, kFloatingDtypes, false);
CHAINERX_NATIVE_REGISTER_BINARY_WITH_SCALAR(SoftplusGradKernel, numeric::SoftplusGrad, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_BINARY(PReluKernel, numeric::PRelu, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_TERNARY(PReluSlopeGradKernel, numeric::PReluSlopeGrad, kFloatingDtypes);

CHAINERX_NATIVE_REGISTER_TERNARY(PReluGradKernel, numeric::PReluGrad, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_BINARY(SwishKernel, numeric::Swish, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_TERNARY(SwishGradKernel, numeric::SwishGrad, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_TERNARY(SwishBetaGradKernel, numeric::SwishBetaGrad, kFloatingDtypes);

}  // namespace
}  // namespace native
}  // namespace chainerx
