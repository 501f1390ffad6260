// CUDA kernels of the logic family: the formulas of chainerx/core/numeric/logic.h, every dtype in, bool out, as
// in native/logic.cc.
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/logic.h"
#include "chainerx/core/numeric/logic.h"
#include "chainerx/cuda/elementwise_kernels.cuh"

namespace chainerx {
namespace cuda {
namespace {

CHAINERX_CUDA_REGISTER_BINARY(EqualKernel, numeric::Equal, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_BINARY(NotEqualKernel, numeric::NotEqual, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_BINARY(GreaterKernel, numeric::Greater, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_BINARY(GreaterEqualKernel, numeric::GreaterEqual, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_BINARY(LessKernel, numeric::Less, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_BINARY(LessEqualKernel, numeric::LessEqual, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_BINARY_SCALAR(EqualASKernel, numeric::Equal, kAllDtypeMask, false);
CHAINERX_CUDA_REGISTER_BINARY_SCALAR(NotEqualASKernel, numeric::NotEqual, kAllDtypeMask, false);
CHAINERX_CUDA_REGISTER_BINARY_SCALAR(GreaterASKernel, numeric::Greater, kAllDtypeMask, false);
CHAINERX_CUDA_REGISTER_BINARY_SCALAR(GreaterEqualASKernel, numeric::GreaterEqual, kAllDtypeMask, false);
CHAINERX_CUDA_REGISTER_BINARY_SCALAR(LessASKernel, numeric::Less, kAllDtypeMask, false);
CHAINERX_CUDA_REGISTER_BINARY_SCALAR(LessEqualASKernel, numeric::LessEqual, kAllDtypeMask, false);
CHAINERX_CUDA_REGISTER_BINARY(LogicalAndKernel, numeric::LogicalAnd, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_BINARY(LogicalOrKernel, numeric::LogicalOr, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_BINARY(LogicalXorKernel, numeric::LogicalXor, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_UNARY(LogicalNotKernel, numeric::LogicalNot, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_UNARY(IsNanKernel, numeric::IsNan, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_UNARY(IsInfKernel, numeric::IsInf, kAllDtypeMask);
CHAINERX_CUDA_REGISTER_UNARY(IsFiniteKernel, numeric::IsFinite, kAllDtypeMask);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
