// Scalar formulas of the loss family, shared by the native and CUDA kernels (a score of a floating type T, computed
// in ComputeType<T>, and an integer label).
#pragma once

#include <cmath>
#include <cstdint>

#include "chainerx/core/numeric/activation.h"
#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/host_device.h"

namespace chainerx {
namespace numeric {

template <typename Label>
CHAINERX_HOST_DEVICE bool IsIgnoredLabel(Label t) {
    return static_cast<int64_t>(t) == -1;
}

// The sigmoid cross entropy of score x and label t, log(1 + exp(x)) - x * t, written as max(x, 0) + log1p(exp(-|x|))
// - x * t so that it never overflows; 0 for the ignored label -1 (whatever x). Other labels enter as they are.
struct SigmoidCrossEntropy {
    template <typename T, typename Label>
    CHAINERX_HOST_DEVICE T operator()(T x_in, Label t) const {
        using C = ComputeType<T>;
        if (IsIgnoredLabel(t)) {
            return static_cast<T>(C{0});
        }
        const C x = static_cast<C>(x_in);
        const C softplus = (x < 0 ? C{0} : x) + std::log1p(std::exp(x < 0 ? x : -x));
        return static_cast<T>(softplus - x * static_cast<C>(t));
    }
};

// Its derivative with respect to x times gout: gout * (sigmoid(x) - t), 0 for the ignored label.
struct SigmoidCrossEntropyGrad {
    template <typename T, typename Label>
    CHAINERX_HOST_DEVICE T operator()(T gout, T x, Label t) const {
        using C = ComputeType<T>;
        if (IsIgnoredLabel(t)) {
            return static_cast<T>(C{0});
        }
        const C sigmoid = Sigmoid{}(static_cast<C>(x));
        return static_cast<T>(static_cast<C>(gout) * (sigmoid - static_cast<C>(t)));
    }
};

// The losses of variational autoencoders, elementwise, and the factors their gradients multiply gout by (Note
// [Losses of variational autoencoders] in routines/loss_vae.cc):
// - the KL divergence of N(a, exp(b)) from N(0, 1), (a^2 + exp(b) - b - 1) / 2 (a the mean, b ln_var), and its
//   derivative in b times gout a (a the output gradient here);
// - the negative log-likelihood of data under Bernoulli logits a, softplus(a) - a b (b the data), without overflow;
// - the negative log-likelihood of a difference a = x - mean under N(0, exp(b)), (b + log(2 pi)) / 2 + a^2 exp(-b)
//   / 2, and its derivatives' factors: in a, a exp(-b); in b, (1 - a^2 exp(-b)) / 2.
CHAINERX_NUMERIC_FLOAT_BINARY(GaussianKlDivergence, (a * a + std::exp(b) - b - C{1}) / C{2});
CHAINERX_NUMERIC_FLOAT_BINARY(GaussianKlDivergenceLnVarGrad, a * (std::exp(b) - C{1}) / C{2});
CHAINERX_NUMERIC_FLOAT_BINARY(BernoulliNll, (a > 0 ? a : C{0}) + std::log1p(std::exp(-std::abs(a))) - a * b);
CHAINERX_NUMERIC_FLOAT_BINARY(GaussianNll, (b + C{1.8378770664093453}) / C{2} + a * a * std::exp(-b) / C{2});
CHAINERX_NUMERIC_FLOAT_BINARY(GaussianNllDiffFactor, a * std::exp(-b));
CHAINERX_NUMERIC_FLOAT_BINARY(GaussianNllLnVarFactor, (C{1} - a * a * std::exp(-b)) / C{2});

// The Huber loss of a difference x with boundary p (delta): x^2 / 2 where |x| < p, else p (|x| - p / 2); a NaN x
// takes the linear branch, which keeps it NaN. Its gradient: gout x inside, gout p sign(x) outside (NaN at NaN).
CHAINERX_NUMERIC_FLOAT_WITH_PARAM(Huber, std::abs(x) < p ? x * x / 2 : p * (std::abs(x) - p / 2));
CHAINERX_NUMERIC_FLOAT_GRAD_WITH_PARAM(
        HuberGrad, std::abs(x) < p ? gout * x : gout * p * (x > 0 ? C{1} : (x < 0 ? C{-1} : x)));

}  // namespace numeric
}  // namespace chainerx
