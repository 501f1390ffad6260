// Scalar formulas of the hyperbolic family (floating-point types only; float16 computes in float).
#pragma once

#include <cmath>

#include "chainerx/core/numeric/compute_type.h"

namespace chainerx {
namespace numeric {

CHAINERX_NUMERIC_FLOAT_UNARY(Sinh, std::sinh(x));
CHAINERX_NUMERIC_FLOAT_UNARY(Cosh, std::cosh(x));
CHAINERX_NUMERIC_FLOAT_UNARY(Tanh, std::tanh(x));
CHAINERX_NUMERIC_FLOAT_UNARY(Arcsinh, std::asinh(x));
CHAINERX_NUMERIC_FLOAT_UNARY(Arccosh, std::acosh(x));

}  // namespace numeric
}  // namespace chainerx
