// Scalar formulas of the trigonometric family (floating-point types only; float16 computes in float).
#pragma once

#include <cmath>
#include <type_traits>

#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/float_math.h"
#include "chainerx/core/numeric/float_math_inverse_trig.h"
#include "chainerx/core/numeric/host_device.h"

namespace chainerx {
namespace numeric {

CHAINERX_NUMERIC_FLOAT_UNARY_FLOAT_MATH(Sin, SinFloat, std::sin(x));
CHAINERX_NUMERIC_FLOAT_UNARY_FLOAT_MATH(Cos, CosFloat, std::cos(x));
CHAINERX_NUMERIC_FLOAT_UNARY_FLOAT_MATH(Tan, TanFloat, std::tan(x));
CHAINERX_NUMERIC_FLOAT_UNARY_FLOAT_MATH(Arcsin, AsinFloat, std::asin(x));
CHAINERX_NUMERIC_FLOAT_UNARY_FLOAT_MATH(Arccos, AcosFloat, std::acos(x));
CHAINERX_NUMERIC_FLOAT_UNARY_FLOAT_MATH(Arctan, AtanFloat, std::atan(x));

// The angle of the point (x2, x1), in [-pi, pi].
struct Arctan2 {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T x1, T x2) const {
        using C = ComputeType<T>;
        if constexpr (kHostFloatMath && std::is_same<C, float>::value) {
            return static_cast<T>(Atan2Float(static_cast<float>(x1), static_cast<float>(x2)));
        } else {
            return static_cast<T>(std::atan2(static_cast<C>(x1), static_cast<C>(x2)));
        }
    }
};

}  // namespace numeric
}  // namespace chainerx
