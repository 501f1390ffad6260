// Scalar formulas of the rounding family (floating-point types only; float16 computes in float).
#pragma once

#include <cmath>

#include "chainerx/core/numeric/compute_type.h"

namespace chainerx {
namespace numeric {

CHAINERX_NUMERIC_FLOAT_UNARY(Ceil, std::ceil(x));
CHAINERX_NUMERIC_FLOAT_UNARY(Floor, std::floor(x));

}  // namespace numeric
}  // namespace chainerx
