// Key kernels of the special functions (chainer.functions' erfc, ndtr, lgamma, ... on chainerx arrays; not in the
// original ChainerX): out = f(x) or f(x1, x2), all of one floating-point dtype. Formulas in numeric/special.h.
#pragma once

#include "chainerx/core/kernels/kernel_types.h"

namespace chainerx {

CHAINERX_DEFINE_KEY_KERNEL(ErfcKernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(ErfcxKernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(ErfinvKernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(ErfcinvKernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(NdtrKernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(NdtriKernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(LogNdtrKernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(LgammaKernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(DigammaKernel, UnaryKernel);
// out = polygamma(x1, x2): x1 the orders (integers held in the float dtype).
CHAINERX_DEFINE_KEY_KERNEL(PolygammaKernel, BinaryKernel);
// out = zeta(x1, x2): the Hurwitz zeta function of exponents x1 at x2.
CHAINERX_DEFINE_KEY_KERNEL(ZetaKernel, BinaryKernel);

}  // namespace chainerx
