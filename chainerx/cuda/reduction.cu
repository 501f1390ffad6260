// CUDA kernels of the reduction family: the ops of chainerx/core/numeric/reduction.h, as in native/reduction.cc
// (see Note [CUDA reductions] in reduce.cuh).
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/reduction.h"
#include "chainerx/core/numeric/reduction.h"
#include "chainerx/cuda/reduce.cuh"

namespace chainerx {
namespace cuda {
namespace {

CHAINERX_CUDA_REGISTER_REDUCTION(SumKernel, numeric::SumOp, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_REDUCTION(NanSumKernel, numeric::NanSumOp, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_REDUCTION(CountNonzeroKernel, numeric::CountNonzeroOp, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_REDUCTION(AllKernel, numeric::AllOp, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_REDUCTION(AnyKernel, numeric::AnyOp, kAllDtypeMask);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
