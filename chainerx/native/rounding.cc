// Native kernels of the rounding family.
#include "chainerx/core/kernels/rounding.h"

#include "chainerx/core/dtype.h"
#include "chainerx/core/numeric/rounding.h"
#include "chainerx/native/elementwise_kernels.h"

namespace chainerx {
namespace native {
namespace {

CHAINERX_NATIVE_REGISTER_FLOAT_MATH(CeilKernel, numeric::Ceil, kFloatingDtypes, kCeil);
CHAINERX_NATIVE_REGISTER_FLOAT_MATH(FloorKernel, numeric::Floor, kFloatingDtypes, kFloor);

}  // namespace
}  // namespace native
}  // namespace chainerx
