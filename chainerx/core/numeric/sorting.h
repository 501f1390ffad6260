// Scalar rules of the sorting family: which of two values an arg-reduction (argmax, nanargmin, ...) prefers.
//
// An op has Skip(x) (values ignored altogether: NaNs for the nan-variants) and Better(x, best) (whether x
// replaces the best value so far; strict, so that ties keep the first position). Values are compared in
// ComputeType (float for float16); bool compares as false < true.
#pragma once

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

}  // namespace numeric
}  // namespace chainerx
