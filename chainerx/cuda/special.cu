// CUDA kernels of the special functions: the formulas of chainerx/core/numeric/special.h (computed in double on
// the device too), registered as on the native backend.
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/special.h"
#include "chainerx/core/numeric/special.h"
#include "chainerx/cuda/elementwise_kernels.cuh"

namespace chainerx {
namespace cuda {
namespace {

CHAINERX_CUDA_REGISTER_UNARY(ErfcKernel, numeric::Erfc, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_UNARY(ErfcxKernel, numeric::Erfcx, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_UNARY(ErfinvKernel, numeric::Erfinv, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_UNARY(ErfcinvKernel, numeric::Erfcinv, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_UNARY(NdtrKernel, numeric::Ndtr, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_UNARY(NdtriKernel, numeric::Ndtri, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_UNARY(LogNdtrKernel, numeric::LogNdtr, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_UNARY(LgammaKernel, numeric::Lgamma, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_UNARY(DigammaKernel, numeric::Digamma, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_BINARY(PolygammaKernel, numeric::Polygamma, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_BINARY(ZetaKernel, numeric::Zeta, kFloatingDtypes);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
