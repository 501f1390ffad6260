// Scalar formulas of the activation family (floating-point types only; float16 computes in float).
#pragma once

#include <cmath>

#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/float_math.h"

namespace chainerx {
namespace numeric {

// `x < 0` rather than `x > 0` so that NaN propagates, as NumPy's maximum(x, 0) does.
CHAINERX_NUMERIC_FLOAT_UNARY(Relu, x < 0 ? C{0} : x);
// A select rather than gout * (out > 0): an infinite gout gives 0, not NaN, where the unit is off.
struct ReluGrad {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T gout, T out) const {
        return static_cast<ComputeType<T>>(out) > 0 ? gout : T{0};
    }
};
// exp is only taken of a non-positive argument, so neither branch overflows.
CHAINERX_NUMERIC_FLOAT_UNARY_FLOAT_MATH(
        Sigmoid, SigmoidFloat, x >= 0 ? 1 / (1 + std::exp(-x)) : std::exp(x) / (1 + std::exp(x)));
CHAINERX_NUMERIC_FLOAT_GRAD_FROM_OUTPUT(SigmoidGrad, gout * y * (C{1} - y));

}  // namespace numeric
}  // namespace chainerx
