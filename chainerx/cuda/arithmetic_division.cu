// CUDA kernels of floor_divide, remainder, fmod and power (array and scalar forms): the formulas of
// chainerx/core/numeric/arithmetic.h with the dtypes of native/arithmetic_division.cc. A file of its own, apart from
// cuda/arithmetic.cu, so that the two compile in parallel.
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/arithmetic.h"
#include "chainerx/core/numeric/arithmetic.h"
#include "chainerx/cuda/elementwise_kernels.cuh"

namespace chainerx {
namespace cuda {
namespace {

CHAINERX_CUDA_REGISTER_BINARY(FloorDivideKernel, numeric::FloorDivide, kNumericDtypes);
CHAINERX_CUDA_REGISTER_BINARY_SCALAR(FloorDivideASKernel, numeric::FloorDivide, kNumericDtypes, false);
CHAINERX_CUDA_REGISTER_BINARY_SCALAR(FloorDivideSAKernel, numeric::FloorDivide, kNumericDtypes, true);
CHAINERX_CUDA_REGISTER_BINARY(RemainderKernel, numeric::Remainder, kNumericDtypes);
CHAINERX_CUDA_REGISTER_BINARY_SCALAR(RemainderASKernel, numeric::Remainder, kNumericDtypes, false);
CHAINERX_CUDA_REGISTER_BINARY_SCALAR(RemainderSAKernel, numeric::Remainder, kNumericDtypes, true);
CHAINERX_CUDA_REGISTER_BINARY(FmodKernel, numeric::Fmod, kNumericDtypes);
CHAINERX_CUDA_REGISTER_BINARY(PowerKernel, numeric::Power, kNumericDtypes);
CHAINERX_CUDA_REGISTER_BINARY_SCALAR(PowerASKernel, numeric::Power, kNumericDtypes, false);
CHAINERX_CUDA_REGISTER_BINARY_SCALAR(PowerSAKernel, numeric::Power, kNumericDtypes, true);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
