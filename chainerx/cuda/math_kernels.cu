// CUDA kernels of the float math families (exponential/logarithm, hyperbolic, trigonometric, rounding,
// activation): the formulas of chainerx/core/numeric with the dtypes of the native files of the same names. One
// file rather than five: nvcc's fixed cost per file (three targets, the CUDA and core headers) exceeds these
// few kernels' own. In device code the formulas call the CUDA math library (numeric::kHostFloatMath).
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/activation.h"
#include "chainerx/core/kernels/explog.h"
#include "chainerx/core/kernels/hyperbolic.h"
#include "chainerx/core/kernels/rounding.h"
#include "chainerx/core/kernels/trigonometric.h"
#include "chainerx/core/numeric/activation.h"
#include "chainerx/core/numeric/explog.h"
#include "chainerx/core/numeric/hyperbolic.h"
#include "chainerx/core/numeric/rounding.h"
#include "chainerx/core/numeric/trigonometric.h"
#include "chainerx/cuda/elementwise_kernels.cuh"

namespace chainerx {
namespace cuda {
namespace {

CHAINERX_CUDA_REGISTER_UNARY(ExpKernel, numeric::Exp, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_UNARY(Expm1Kernel, numeric::Expm1, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_UNARY(Exp2Kernel, numeric::Exp2, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_UNARY(LogKernel, numeric::Log, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_UNARY(Log10Kernel, numeric::Log10, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_UNARY(Log2Kernel, numeric::Log2, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_UNARY(Log1pKernel, numeric::Log1p, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_UNARY(ErfKernel, numeric::Erf, kFloatingDtypes);

CHAINERX_CUDA_REGISTER_UNARY(SinhKernel, numeric::Sinh, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_UNARY(CoshKernel, numeric::Cosh, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_UNARY(TanhKernel, numeric::Tanh, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_BINARY(TanhGradKernel, numeric::TanhGrad, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_UNARY(ArcsinhKernel, numeric::Arcsinh, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_UNARY(ArccoshKernel, numeric::Arccosh, kFloatingDtypes);

CHAINERX_CUDA_REGISTER_UNARY(SinKernel, numeric::Sin, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_UNARY(CosKernel, numeric::Cos, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_UNARY(TanKernel, numeric::Tan, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_UNARY(ArcsinKernel, numeric::Arcsin, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_UNARY(ArccosKernel, numeric::Arccos, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_UNARY(ArctanKernel, numeric::Arctan, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_BINARY(Arctan2Kernel, numeric::Arctan2, kFloatingDtypes);

CHAINERX_CUDA_REGISTER_UNARY(CeilKernel, numeric::Ceil, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_UNARY(FloorKernel, numeric::Floor, kFloatingDtypes);

CHAINERX_CUDA_REGISTER_UNARY(ReluKernel, numeric::Relu, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_BINARY(PReluKernel, numeric::PRelu, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_TERNARY(PReluSlopeGradKernel, numeric::PReluSlopeGrad, kFloatingDtypes);

CHAINERX_CUDA_REGISTER_TERNARY(PReluGradKernel, numeric::PReluGrad, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_BINARY(SwishKernel, numeric::Swish, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_TERNARY(SwishGradKernel, numeric::SwishGrad, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_TERNARY(SwishBetaGradKernel, numeric::SwishBetaGrad, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_UNARY(SigmoidKernel, numeric::Sigmoid, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_BINARY(ReluGradKernel, numeric::ReluGrad, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_BINARY(SigmoidGradKernel, numeric::SigmoidGrad, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_BINARY_SCALAR(LeakyReluKernel, numeric::LeakyRelu, kFloatingDtypes, false);
CHAINERX_CUDA_REGISTER_BINARY_WITH_SCALAR(LeakyReluGradKernel, numeric::LeakyReluGrad, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_BINARY_SCALAR(EluKernel, numeric::Elu, kFloatingDtypes, false);
CHAINERX_CUDA_REGISTER_BINARY_WITH_SCALAR(EluGradKernel, numeric::EluGrad, kFloatingDtypes);
CHAINERX_CUDA_REGISTER_BINARY_SCALAR(SoftplusKernel, numeric::Softplus, kFloatingDtypes, false);
CHAINERX_CUDA_REGISTER_BINARY_WITH_SCALAR(SoftplusGradKernel, numeric::SoftplusGrad, kFloatingDtypes);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
