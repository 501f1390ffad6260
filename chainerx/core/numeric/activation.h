// Scalar formulas of the activation family (floating-point types only; float16 computes in float).
#pragma once

#include <cmath>

#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/explog.h"
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

// The parametric activations (p: leaky ReLU's slope, ELU's alpha, softplus's beta) and their gradients. At a kink
// the gradient is leaky ReLU's right derivative and ELU's left one, as Chainer's functions define them; a NaN x
// takes the second branch, which keeps it NaN.
CHAINERX_NUMERIC_FLOAT_WITH_PARAM(LeakyRelu, x >= 0 ? x : x * p);
CHAINERX_NUMERIC_FLOAT_GRAD_WITH_PARAM(LeakyReluGrad, x >= 0 ? gout : gout * p);

// The parametric ReLU of x (a) with slopes w (b), and its gradients op(gout, x, w) of x (gout where x >= 0, gout *
// w elsewhere) and of w before the sum over the broadcast axes (gout * x where x < 0).
CHAINERX_NUMERIC_FLOAT_BINARY(PRelu, a >= 0 ? a : a * b);
CHAINERX_NUMERIC_FLOAT_GRAD_WITH_PARAM(PReluGrad, x >= 0 ? gout : gout * p);
struct PReluSlopeGrad {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T gout, T x, T /*w*/) const {
        using C = ComputeType<T>;
        return static_cast<C>(x) >= C{0} ? T{0} : static_cast<T>(static_cast<C>(gout) * static_cast<C>(x));
    }
};

// Swish of x (a) with beta (b), y = x * s where s = sigmoid(beta * x), and its derivatives in x, s + beta * y *
// (1 - s), and in beta, x * y * (1 - s) (the formulas of F.swish); the gradients are op(gout, x, beta), beta's before
// the sum over the axes beta was broadcast along.
CHAINERX_NUMERIC_FLOAT_BINARY(Swish, a * Sigmoid{}(a * b));
template <typename C>
CHAINERX_HOST_DEVICE C SwishSlope(C x, C beta) {
    const C s = Sigmoid{}(beta * x);
    return s + beta * x * s * (1 - s);
}
template <typename C>
CHAINERX_HOST_DEVICE C SwishBetaSlope(C x, C beta) {
    const C s = Sigmoid{}(beta * x);
    return x * x * s * (1 - s);
}
CHAINERX_NUMERIC_FLOAT_GRAD_WITH_PARAM(SwishGrad, gout * SwishSlope(x, p));
CHAINERX_NUMERIC_FLOAT_GRAD_WITH_PARAM(SwishBetaGrad, gout * SwishBetaSlope(x, p));

// Elu and Softplus through the functors of explog.h: float on the host takes the branch-free formulas of float_math.h,
// so that native loops over them vectorise (10^6 float32 elu took 20 ms through libm's expm1, PyTorch 3 ms). Where
// x > 0 the exponential of the branch not taken may overflow to inf, which the select drops.
CHAINERX_NUMERIC_FLOAT_WITH_PARAM(Elu, x > 0 ? x : p * Expm1{}(x));
CHAINERX_NUMERIC_FLOAT_GRAD_WITH_PARAM(EluGrad, x > 0 ? gout : gout * p * Exp{}(x));
// (max(px, 0) + log1p(exp(-|px|))) / p: log(1 + exp(px)) / p without overflow.
CHAINERX_NUMERIC_FLOAT_WITH_PARAM(Softplus, ((p * x > 0 ? p * x : C{0}) + Log1p{}(Exp{}(-std::abs(p * x)))) / p);
CHAINERX_NUMERIC_FLOAT_GRAD_WITH_PARAM(SoftplusGrad, gout * Sigmoid{}(p * x));

}  // namespace numeric
}  // namespace chainerx
