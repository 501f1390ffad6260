// Scalar formulas of the arithmetic family, shared by the native and CUDA kernels.
#pragma once

#include "chainerx/core/numeric/host_device.h"

namespace chainerx {
namespace numeric {

// The casts keep narrow integer types narrow (C++ promotes int8 + int8 to int).
struct Add {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T a, T b) const { return static_cast<T>(a + b); }
};

struct Subtract {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T a, T b) const { return static_cast<T>(a - b); }
};

struct Multiply {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T a, T b) const { return static_cast<T>(a * b); }
};

struct Divide {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T a, T b) const { return static_cast<T>(a / b); }
};

struct Negative {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T a) const { return static_cast<T>(-a); }
};

}  // namespace numeric
}  // namespace chainerx
