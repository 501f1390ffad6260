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

}  // namespace
}  // namespace native
}  // namespace chainerx
