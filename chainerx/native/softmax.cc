// Softmax along one axis on the native backend: the generic kernels of kernels/softmax.h, composed of routines whose
// native kernels are already vectorised and threaded.
#include "chainerx/core/kernels/softmax.h"
#include "chainerx/native/native_backend.h"

namespace chainerx {
namespace native {
namespace {

CHAINERX_NATIVE_REGISTER_KERNEL(SoftmaxKernel, GenericSoftmaxKernel);
CHAINERX_NATIVE_REGISTER_KERNEL(SoftmaxGradKernel, GenericSoftmaxGradKernel);

}  // namespace
}  // namespace native
}  // namespace chainerx
