// Scalar formulas of the exponential/logarithm family (floating-point types only).
#pragma once

#include <cmath>

#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/float_math.h"

namespace chainerx {
namespace numeric {

CHAINERX_NUMERIC_FLOAT_UNARY_FLOAT_MATH(Exp, ExpFloat, std::exp(x));
CHAINERX_NUMERIC_FLOAT_UNARY_FLOAT_MATH(Expm1, Expm1Float, std::expm1(x));
CHAINERX_NUMERIC_FLOAT_UNARY_FLOAT_MATH(Exp2, Exp2Float, std::exp2(x));
CHAINERX_NUMERIC_FLOAT_UNARY_FLOAT_MATH(Log, LogFloat, std::log(x));
CHAINERX_NUMERIC_FLOAT_UNARY_FLOAT_MATH(Log10, Log10Float, std::log10(x));
CHAINERX_NUMERIC_FLOAT_UNARY_FLOAT_MATH(Log2, Log2Float, std::log2(x));
CHAINERX_NUMERIC_FLOAT_UNARY_FLOAT_MATH(Log1p, Log1pFloat, std::log1p(x));
CHAINERX_NUMERIC_FLOAT_UNARY_FLOAT_MATH(Erf, ErfFloat, std::erf(x));

}  // namespace numeric
}  // namespace chainerx
