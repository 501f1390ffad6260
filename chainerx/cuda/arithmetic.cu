// CUDA kernels of the arithmetic family: the formulas of chainerx/core/numeric/arithmetic.h with the dtypes of
// native/arithmetic.cc, one registration each (cuda/elementwise_kernels.cuh).
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/arithmetic.h"
#include "chainerx/core/numeric/arithmetic.h"
#include "chainerx/cuda/elementwise_kernels.cuh"

namespace chainerx {
namespace cuda {
namespace {

CHAINERX_CUDA_REGISTER_BINARY(AddKernel, numeric::Add, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_BINARY_SCALAR(AddASKernel, numeric::Add, kAllDtypeMask, false);
CHAINERX_CUDA_REGISTER_BINARY(SubtractKernel, numeric::Subtract, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_BINARY_SCALAR(SubtractASKernel, numeric::Subtract, kAllDtypeMask, false);
CHAINERX_CUDA_REGISTER_BINARY_SCALAR(SubtractSAKernel, numeric::Subtract, kAllDtypeMask, true);
CHAINERX_CUDA_REGISTER_BINARY(MultiplyKernel, numeric::Multiply, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_BINARY_SCALAR(MultiplyASKernel, numeric::Multiply, kAllDtypeMask, false);
CHAINERX_CUDA_REGISTER_BINARY(DivideKernel, numeric::Divide, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_BINARY_SCALAR(DivideASKernel, numeric::Divide, kFloatingDtypes, false);
CHAINERX_CUDA_REGISTER_BINARY_SCALAR(DivideSAKernel, numeric::Divide, kFloatingDtypes, true);
CHAINERX_CUDA_REGISTER_UNARY(NegativeKernel, numeric::Negative, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_UNARY(AbsoluteKernel, numeric::Absolute, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_UNARY(SignKernel, numeric::Sign, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_UNARY(SqrtKernel, numeric::Sqrt, kFloatingDtypes);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
