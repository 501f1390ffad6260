// Scalar formulas of the reduction family, shared by the native (and future CUDA) reduction loops.
//
// A reduction op is a struct templated on the input element type, with:
//   In                  the input element type;
//   Acc, Out            the accumulator type and the output element type;
//   Identity()          the accumulator of an empty reduction;
//   Accumulate(acc, x)  acc with one more input element folded in;
//   Combine(a, b)       two partial accumulators merged (the loop keeps 32 lanes of partial accumulators);
//   kHasFinalize        whether Finalize(acc, count) turns an accumulator into Out (mean); when false the
//                       accumulator is simply converted to Out.
// Float16 inputs accumulate in float: half precision cannot hold partial sums (2048 + 1 == 2048).
#pragma once

#include <cstdint>
#include <type_traits>

#include "chainerx/core/float16.h"
#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/host_device.h"

namespace chainerx {
namespace numeric {

// The type sums accumulate in: float for float16 (Float16 on the host, __half on a device), the type itself for
// float32/64, int64 for bool and integers.
template <typename In>
using SumAccumulator =
        std::conditional_t<std::is_floating_point<ComputeType<In>>::value, ComputeType<In>, int64_t>;

// The element type of sums (and cumulative sums): floats keep their type, bool and integers give int64.
template <typename In>
using SumOutput = std::conditional_t<std::is_floating_point<ComputeType<In>>::value, In, int64_t>;

// Whether v is NaN; false for non-floating types (written without `v != v`, which GCC flags for integers).
template <typename T>
CHAINERX_HOST_DEVICE bool IsNanValue(T v) {
    if constexpr (std::is_floating_point<T>::value) {
        return v != v;
    } else {
        return false;
    }
}

// Whether x is nonzero (true for NaN, as in NumPy).
template <typename In>
CHAINERX_HOST_DEVICE bool IsNonzero(In x) {
    return static_cast<ComputeType<In>>(x) != ComputeType<In>{0};
}

template <typename T>
struct SumOp {
    using In = T;
    using Acc = SumAccumulator<In>;
    using Out = SumOutput<In>;
    static constexpr bool kHasFinalize = false;
    CHAINERX_HOST_DEVICE static Acc Identity() { return Acc{0}; }
    CHAINERX_HOST_DEVICE static Acc Accumulate(Acc acc, In x) { return acc + static_cast<Acc>(x); }
    CHAINERX_HOST_DEVICE static Acc Combine(Acc a, Acc b) { return a + b; }
};

// Product; accumulates as SumOp does (float for float16, int64 for bool and integers), from 1.
template <typename T>
struct ProdOp {
    using In = T;
    using Acc = SumAccumulator<In>;
    using Out = SumOutput<In>;
    static constexpr bool kHasFinalize = false;
    CHAINERX_HOST_DEVICE static Acc Identity() { return Acc{1}; }
    CHAINERX_HOST_DEVICE static Acc Accumulate(Acc acc, In x) { return acc * static_cast<Acc>(x); }
    CHAINERX_HOST_DEVICE static Acc Combine(Acc a, Acc b) { return a * b; }
};

// Sum in which NaNs count as zero (integers never are NaN).
template <typename T>
struct NanSumOp : SumOp<T> {
    using In = T;
    using Acc = SumAccumulator<In>;
    CHAINERX_HOST_DEVICE static Acc Accumulate(Acc acc, In x) {
        Acc v = static_cast<Acc>(x);
        return acc + (IsNanValue(v) ? Acc{0} : v);  // a select, then an add: vectorises
    }
};

// The sum of the squares of floating-point elements (the squared L2 norm), accumulated as SumOp's.
template <typename T>
struct SumSquaresOp : SumOp<T> {
    using In = T;
    using Acc = SumAccumulator<In>;
    CHAINERX_HOST_DEVICE static Acc Accumulate(Acc acc, In x) {
        const Acc v = static_cast<Acc>(x);
        return acc + v * v;
    }
};

template <typename T>
struct CountNonzeroOp {
    using In = T;
    using Acc = int64_t;
    using Out = int64_t;
    static constexpr bool kHasFinalize = false;
    CHAINERX_HOST_DEVICE static Acc Identity() { return 0; }
    CHAINERX_HOST_DEVICE static Acc Accumulate(Acc acc, In x) { return acc + (IsNonzero(x) ? 1 : 0); }
    CHAINERX_HOST_DEVICE static Acc Combine(Acc a, Acc b) { return a + b; }
};

// Logical AND (All) / OR (Any) of the truth values: true / false for an empty reduction. The accumulator is
// an int holding 0 or 1, and & / | are bitwise, so that the loops vectorise (bool lanes and && do not).
template <typename T, bool kAll>
struct TruthOp {
    using In = T;
    using Acc = int;
    using Out = bool;
    static constexpr bool kHasFinalize = false;
    CHAINERX_HOST_DEVICE static Acc Identity() { return kAll ? 1 : 0; }
    CHAINERX_HOST_DEVICE static Acc Combine(Acc a, Acc b) { return kAll ? (a & b) : (a | b); }
    CHAINERX_HOST_DEVICE static Acc Accumulate(Acc acc, In x) { return Combine(acc, IsNonzero(x) ? 1 : 0); }
};

template <typename T>
using AllOp = TruthOp<T, true>;
template <typename T>
using AnyOp = TruthOp<T, false>;

}  // namespace numeric
}  // namespace chainerx
