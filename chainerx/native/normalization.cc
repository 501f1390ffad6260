// Batch and layer normalization on the native backend: the generic kernels of kernels/normalization.h, composed of
// routines whose native kernels are already vectorised and threaded.
#include "chainerx/core/kernels/normalization.h"
#include "chainerx/native/native_backend.h"

namespace chainerx {
namespace native {
namespace {

CHAINERX_NATIVE_REGISTER_KERNEL(BatchNormKernel, GenericBatchNormKernel);
CHAINERX_NATIVE_REGISTER_KERNEL(BatchNormGradKernel, GenericBatchNormGradKernel);
CHAINERX_NATIVE_REGISTER_KERNEL(FixedBatchNormKernel, GenericFixedBatchNormKernel);
CHAINERX_NATIVE_REGISTER_KERNEL(LayerNormKernel, GenericLayerNormKernel);
CHAINERX_NATIVE_REGISTER_KERNEL(LayerNormGradKernel, GenericLayerNormGradKernel);

}  // namespace
}  // namespace native
}  // namespace chainerx
