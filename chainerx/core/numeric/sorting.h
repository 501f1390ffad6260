// Scalar rules of the sorting family: which of two values an arg-reduction (argmax, nanargmin, ...) prefers.
//
// An op has Skip(x) (values ignored altogether: NaNs for the nan-variants) and Better(x, best) (whether x
// replaces the best value so far; strict, so that ties keep the first position). Values are compared in
// ComputeType (float for float16); bool compares as false < true.
#pragma once

#include <cstdint>

#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/host_device.h"
#include "chainerx/core/numeric/reduction.h"

namespace chainerx {
namespace numeric {

// kMax: argmax, else argmin. kSkipNan: the nan-variant, else a NaN beats every number (and later NaNs do not
// beat it), so the first NaN is the result, as in NumPy.
template <bool kMax, bool kSkipNan>
struct ArgExtremumOp {
    template <typename C>
    CHAINERX_HOST_DEVICE static bool Skip(C x) {
        return kSkipNan && IsNanValue(x);
    }
    template <typename C>
    CHAINERX_HOST_DEVICE static bool Better(C x, C best) {
        if (!kSkipNan && IsNanValue(x)) {
            return !IsNanValue(best);
        }
        return kMax ? x > best : x < best;
    }
};

using ArgMaxOp = ArgExtremumOp<true, false>;
using ArgMinOp = ArgExtremumOp<false, false>;
using NanArgMaxOp = ArgExtremumOp<true, true>;
using NanArgMinOp = ArgExtremumOp<false, true>;

// Folds the element at position k into the candidate (best, best_index) of a scan that visits positions in
// increasing order, so that only a strictly better value replaces it; best_index -1 means no candidate yet.
template <typename Op, typename C>
CHAINERX_HOST_DEVICE void ConsiderNext(C value, int64_t k, C& best, int64_t& best_index) {
    if (!Op::Skip(value) && (best_index < 0 || Op::Better(value, best))) {
        best = value;
        best_index = k;
    }
}

// Whether candidate b, from one subset of the positions, is preferred to candidate a from another (index -1: none).
// The preference is a total order on (value, position), so that combining subsets' candidates in any grouping gives
// the first extremum, as one scan in order does.
template <typename Op, typename C>
CHAINERX_HOST_DEVICE bool Prefer(C b_value, int64_t b_index, C a_value, int64_t a_index) {
    if (b_index < 0) {
        return false;
    }
    if (a_index < 0 || Op::Better(b_value, a_value)) {
        return true;
    }
    return !Op::Better(a_value, b_value) && b_index < a_index;
}

}  // namespace numeric
}  // namespace chainerx
