// Scalar formulas of the hyperbolic family (floating-point types only; float16 computes in float).
#pragma once

#include <cmath>

#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/float_math.h"
#include "chainerx/core/numeric/float_math_hyperbolic.h"

namespace chainerx {
namespace numeric {

CHAINERX_NUMERIC_FLOAT_UNARY_FLOAT_MATH(Sinh, SinhFloat, std::sinh(x));
CHAINERX_NUMERIC_FLOAT_UNARY_FLOAT_MATH(Cosh, CoshFloat, std::cosh(x));
CHAINERX_NUMERIC_FLOAT_UNARY_FLOAT_MATH(Tanh, TanhFloat, std::tanh(x));
CHAINERX_NUMERIC_FLOAT_GRAD_FROM_OUTPUT(TanhGrad, gout * (C{1} - y * y));
CHAINERX_NUMERIC_FLOAT_UNARY_FLOAT_MATH(Arcsinh, AsinhFloat, std::asinh(x));
CHAINERX_NUMERIC_FLOAT_UNARY_FLOAT_MATH(Arccosh, AcoshFloat, std::acosh(x));

}  // namespace numeric
}  // namespace chainerx
