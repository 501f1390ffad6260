// Native kernels of the special functions: one registration per formula of numeric/special.h.
#include "chainerx/core/kernels/special.h"

#include "chainerx/core/dtype.h"
#include "chainerx/core/numeric/special.h"
#include "chainerx/native/elementwise_kernels.h"

namespace chainerx {
namespace native {
namespace {

CHAINERX_NATIVE_REGISTER_UNARY(ErfcKernel, numeric::Erfc, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_UNARY(ErfcxKernel, numeric::Erfcx, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_UNARY(ErfinvKernel, numeric::Erfinv, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_UNARY(ErfcinvKernel, numeric::Erfcinv, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_UNARY(NdtrKernel, numeric::Ndtr, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_UNARY(NdtriKernel, numeric::Ndtri, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_UNARY(LogNdtrKernel, numeric::LogNdtr, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_UNARY(LgammaKernel, numeric::Lgamma, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_UNARY(DigammaKernel, numeric::Digamma, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_BINARY(PolygammaKernel, numeric::Polygamma, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_BINARY(ZetaKernel, numeric::Zeta, kFloatingDtypes);

}  // namespace
}  // namespace native
}  // namespace chainerx
