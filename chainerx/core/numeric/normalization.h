// Scalar formulas of L2 normalization (Note [L2 normalization in two kernels] in routines/normalization_l2.cc),
// shared by the native and CUDA kernels: s is the sum of the squares of x's vector, r the sum of x * gout over it.
#pragma once

#include <cmath>

#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/host_device.h"

namespace chainerx {
namespace numeric {

// x / (sqrt(s) + eps).
struct L2Normalize {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T x, T s, T eps) const {
        using C = ComputeType<T>;
        return static_cast<T>(static_cast<C>(x) / (std::sqrt(static_cast<C>(s)) + static_cast<C>(eps)));
    }
};

// Its gradient, gout / d - x * r / (d^2 n) with n = sqrt(s) and d = n + eps. Where the vector is zero (s = 0, so x
// = 0 and r = 0) n counts as 1 in the second term, which is then 0: finite, as Chainer's.
struct L2NormalizeGrad {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T gout, T x, T s, T r, T eps) const {
        using C = ComputeType<T>;
        const C n = std::sqrt(static_cast<C>(s));
        const C d = n + static_cast<C>(eps);
        const C coefficient = static_cast<C>(r) / (d * d * (static_cast<C>(s) == C{0} ? C{1} : n));
        return static_cast<T>(static_cast<C>(gout) / d - static_cast<C>(x) * coefficient);
    }
};

}  // namespace numeric
}  // namespace chainerx
