// Scalar formulas of the statistics family (amax, amin, mean), as reduction ops (see numeric/reduction.h).
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/host_device.h"
#include "chainerx/core/numeric/reduction.h"

namespace chainerx {
namespace numeric {

// The smallest (kLowest) or largest value of T's compute type: -inf/+inf for floats.
template <typename T, bool kLowest>
CHAINERX_HOST_DEVICE ComputeType<T> Extreme() {
    using C = ComputeType<T>;
    if constexpr (std::numeric_limits<C>::has_infinity) {
        return kLowest ? -std::numeric_limits<C>::infinity() : std::numeric_limits<C>::infinity();
    } else {
        return kLowest ? std::numeric_limits<C>::lowest() : std::numeric_limits<C>::max();
    }
}

// The lowest value of T: -inf for floats (float16 included), the lowest finite value otherwise. Max pooling gives
// it to a window of padding only.
template <typename T>
CHAINERX_HOST_DEVICE T LowestValue() {
    return static_cast<T>(Extreme<T, true>());
}

// Maximum (kMax) or minimum. NaN wins over every value, so a NaN anywhere gives NaN, as NumPy's amax does.
template <typename T, bool kMax>
struct ExtremumOp {
    using In = T;
    using Acc = ComputeType<In>;
    using Out = In;
    static constexpr bool kHasFinalize = false;
    CHAINERX_HOST_DEVICE static Acc Identity() { return Extreme<In, kMax>(); }
    CHAINERX_HOST_DEVICE static Acc Combine(Acc a, Acc b) {
        // Two selects, in this order: on float scalars they compile to maxss/minss and a conditional move, and in
        // loops to vector blends. One select on `b > a | isnan(b)` compiled to two branches on scalars (the combine
        // of the lanes and short rows), mispredicted on random data: max over rows of 64 float32 took 7x PyTorch's
        // time.
        Acc extreme = (kMax ? b > a : b < a) ? b : a;
        return IsNanValue(b) ? b : extreme;
    }
    CHAINERX_HOST_DEVICE static Acc Accumulate(Acc acc, In x) { return Combine(acc, static_cast<Acc>(x)); }
};

template <typename In>
using AMaxOp = ExtremumOp<In, true>;
template <typename In>
using AMinOp = ExtremumOp<In, false>;

// Arithmetic mean: floats keep their type (float16 accumulating in float), bool and integers give float32.
// An empty reduction gives NaN (0 / 0).
template <typename T>
struct MeanOp : SumOp<T> {
    using In = T;
    using Acc = SumAccumulator<In>;
    using Out = std::conditional_t<std::is_same<Acc, int64_t>::value, float, SumOutput<In>>;
    static constexpr bool kHasFinalize = true;
    CHAINERX_HOST_DEVICE static Out Finalize(Acc acc, int64_t count) {
        // Integer sums are exact in int64; divide in double so that the mean rounds once, into float32.
        using Div = std::conditional_t<std::is_same<Acc, int64_t>::value, double, Acc>;
        return static_cast<Out>(static_cast<Div>(acc) / static_cast<Div>(count));
    }
};

}  // namespace numeric
}  // namespace chainerx
