// Native kernels of the statistics family, one line each (see native/reduce.h).
#include "chainerx/core/kernels/statistics.h"

#include "chainerx/core/dtype.h"
#include "chainerx/core/numeric/statistics.h"
#include "chainerx/native/reduce.h"

namespace chainerx {
namespace native {
namespace {

CHAINERX_NATIVE_REGISTER_REDUCTION(AMaxKernel, numeric::AMaxOp, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_REDUCTION(AMinKernel, numeric::AMinOp, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_REDUCTION(MeanKernel, numeric::MeanOp, kAllDtypeMask);

}  // namespace
}  // namespace native
}  // namespace chainerx
