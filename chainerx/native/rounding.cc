// Native kernels of the rounding family.
#include "chainerx/core/kernels/rounding.h"

#include "chainerx/core/dtype.h"
#include "chainerx/core/numeric/rounding.h"
#include "chainerx/native/elementwise_kernels.h"

namespace chainerx {
namespace native {
namespace {

CHAINERX_NATIVE_REGISTER_UNARY(CeilKernel, numeric::Ceil, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_UNARY(FloorKernel, numeric::Floor, kFloatingDtypes);

}  // namespace
}  // namespace native
}  // namespace chainerx
