// Native kernels of the activation family.
#include "chainerx/core/kernels/activation.h"

#include "chainerx/core/dtype.h"
#include "chainerx/core/numeric/activation.h"
#include "chainerx/native/elementwise_kernels.h"

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

}  // namespace
}  // namespace native
}  // namespace chainerx
