// CUDA kernels of the statistics family: the ops of chainerx/core/numeric/statistics.h, as in
// native/statistics.cc (see Note [CUDA reductions] in reduce.cuh).
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/statistics.h"
#include "chainerx/core/numeric/statistics.h"
#include "chainerx/cuda/reduce.cuh"

namespace chainerx {
namespace cuda {
namespace {

CHAINERX_CUDA_REGISTER_REDUCTION(AMaxKernel, numeric::AMaxOp, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_REDUCTION(AMinKernel, numeric::AMinOp, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_REDUCTION(MeanKernel, numeric::MeanOp, kAllDtypeMask);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
