// Scalar formulas of the arithmetic family, shared by the native and CUDA kernels.
//
// Integer formulas follow NumPy where C++ leaves the result undefined: division and remainder by zero give 0,
// overflow wraps (computed in the unsigned type), shifts by the bit width or more give 0 (or -1 for negative
// values shifted right). Float formulas compute in ComputeType<T> (float for float16).
#pragma once

#include <climits>
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/float_fmod.h"
#include "chainerx/core/numeric/float_math.h"
#include "chainerx/core/numeric/host_device.h"

namespace chainerx {
namespace numeric {

template <typename T>
constexpr bool kIsFloat = std::is_floating_point<ComputeType<T>>::value;

template <typename T>
CHAINERX_HOST_DEVICE bool IsNan(T x) {
    if constexpr (kIsFloat<T>) {
        auto c = static_cast<ComputeType<T>>(x);
        return c != c;
    } else {
        return false;
    }
}

// The type integer + - * compute in so that overflow wraps: unsigned (signed overflow is undefined), and at least
// as wide as unsigned int (narrower types would be promoted to int, whose overflow is undefined again:
// uint16 65535 * 65535). Other types (bool, floats) compute in themselves.
template <typename T, bool kWrapping = std::is_integral<T>::value && !std::is_same<T, bool>::value>
struct WrappingType {
    using type = T;
};

template <typename T>
struct WrappingType<T, true> {
    using type = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;
};

template <typename T>
using WrappingTypeT = typename WrappingType<T>::type;

// The casts keep narrow integer types narrow.
struct Add {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T a, T b) const {
        return static_cast<T>(static_cast<WrappingTypeT<T>>(a) + static_cast<WrappingTypeT<T>>(b));
    }
};

struct Subtract {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T a, T b) const {
        return static_cast<T>(static_cast<WrappingTypeT<T>>(a) - static_cast<WrappingTypeT<T>>(b));
    }
};

struct Multiply {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T a, T b) const {
        return static_cast<T>(static_cast<WrappingTypeT<T>>(a) * static_cast<WrappingTypeT<T>>(b));
    }
};

// In ComputeType: CUDA's own __half division (__hdiv) is not the float division rounded once that native does.
struct Divide {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T a, T b) const {
        using C = ComputeType<T>;
        return static_cast<T>(static_cast<C>(a) / static_cast<C>(b));
    }
};

struct Negative {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T a) const { return static_cast<T>(-a); }
};

// -a for signed integers without the undefined overflow of -INT_MIN (wraps to INT_MIN, as NumPy).
template <typename T>
CHAINERX_HOST_DEVICE T WrappingNegate(T a) {
    return static_cast<T>(0 - static_cast<std::make_unsigned_t<T>>(a));
}

// C's fmod of floats: FmodFloat for float (and float16) on the host, whose bits are std::fmod's (Note [Exact float
// fmod]) and whose common case vectorises; std::fmod elsewhere.
template <typename C>
CHAINERX_HOST_DEVICE C FloatFmod(C a, C b) {
    if constexpr (kHostFloatMath && std::is_same<C, float>::value) {
        return FmodFloat(a, b);
    } else {
        return std::fmod(a, b);
    }
}

// NumPy's floor division and modulo of floats (npy_divmod), from `mod` = fmod(a, b): the quotient is snapped to the
// nearest integer so that a == b * floor_divide(a, b) + remainder(a, b) holds as closely as rounding allows. Written
// as selects, so that native/vecmath_loops.h vectorises them over lanes of fmod's results. A zero divisor gives
// mod = nan, which both keep.
template <typename C>
CHAINERX_HOST_DEVICE C RemainderFromFmod(C b, C mod) {
    C adjusted = (b < 0) != (mod < 0) ? mod + b : mod;
    return mod != 0 ? adjusted : std::copysign(C{0}, b);  // nan != 0: nan
}

template <typename C>
CHAINERX_HOST_DEVICE C FloorDivideFromFmod(C a, C b, C mod) {
    C div = (a - mod) / b;
    div = mod != 0 && (b < 0) != (mod < 0) ? div - 1 : div;
    C floor_div = std::floor(div);
    C snapped = div - floor_div > C{0.5} ? floor_div + 1 : floor_div;
    C quotient = div == 0 ? std::copysign(C{0}, a / b) : snapped;
    return b == 0 ? a / b : quotient;  // inf or nan, as NumPy
}

struct FloorDivide {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T a, T b) const {
        if constexpr (kIsFloat<T>) {
            using C = ComputeType<T>;
            auto ca = static_cast<C>(a);
            auto cb = static_cast<C>(b);
            return static_cast<T>(FloorDivideFromFmod(ca, cb, FloatFmod(ca, cb)));
        } else if constexpr (std::is_signed<T>::value) {
            if (b == 0) {
                return T{0};
            }
            if (b == -1) {
                return WrappingNegate(a);
            }
            auto q = static_cast<T>(a / b);
            return (a % b != 0 && (a < 0) != (b < 0)) ? static_cast<T>(q - 1) : q;
        } else {
            return b == 0 ? T{0} : static_cast<T>(a / b);
        }
    }
};

// Remainder with the sign of the divisor (Python's and NumPy's %).
struct Remainder {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T a, T b) const {
        if constexpr (kIsFloat<T>) {
            using C = ComputeType<T>;
            auto cb = static_cast<C>(b);
            return static_cast<T>(RemainderFromFmod(cb, FloatFmod(static_cast<C>(a), cb)));
        } else if constexpr (std::is_signed<T>::value) {
            if (b == 0 || b == -1) {
                return T{0};  // b == -1 also avoids the overflow of INT_MIN % -1
            }
            auto r = static_cast<T>(a % b);
            return (r != 0 && (r < 0) != (b < 0)) ? static_cast<T>(r + b) : r;
        } else {
            return b == 0 ? T{0} : static_cast<T>(a % b);
        }
    }
};

// C's fmod: the remainder with the sign of the dividend. Integers: 0 for a zero divisor (NumPy's result) and
// for -1 (which also avoids the overflow of INT_MIN % -1).
struct Fmod {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T a, T b) const {
        if constexpr (kIsFloat<T>) {
            using C = ComputeType<T>;
            return static_cast<T>(FloatFmod(static_cast<C>(a), static_cast<C>(b)));
        } else if constexpr (std::is_signed<T>::value) {
            return (b == 0 || b == -1) ? T{0} : static_cast<T>(a % b);
        } else {
            return b == 0 ? T{0} : static_cast<T>(a % b);
        }
    }
};

// Integer power by squaring, wrapping on overflow. A negative exponent gives the truncated value of 1 / a^-b
// (0 unless |a| == 1); NumPy raises for it instead.
template <typename T>
CHAINERX_HOST_DEVICE T IntPower(T base, T exponent) {
    if constexpr (std::is_signed<T>::value) {
        if (exponent < 0) {
            if (base == 1 || base == -1) {
                return (exponent % 2 == 0) ? T{1} : base;
            }
            return T{0};
        }
    }
    using U = std::make_unsigned_t<T>;
    U out{1};
    auto b = static_cast<U>(base);
    for (auto e = static_cast<U>(exponent); e > 0; e = static_cast<U>(e >> 1U)) {
        if ((e & 1U) != 0) {
            out = static_cast<U>(out * b);
        }
        b = static_cast<U>(b * b);
    }
    return static_cast<T>(out);
}

struct Power {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T a, T b) const {
        if constexpr (kIsFloat<T>) {
            using C = ComputeType<T>;
            return static_cast<T>(std::pow(static_cast<C>(a), static_cast<C>(b)));
        } else {
            return IntPower(a, b);
        }
    }
};

// NumPy's abs: -0.0 becomes 0.0, INT_MIN stays INT_MIN, bool and unsigned values are their own abs.
struct Absolute {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T a) const {
        if constexpr (kIsFloat<T>) {
            return static_cast<T>(std::fabs(static_cast<ComputeType<T>>(a)));
        } else if constexpr (std::is_signed<T>::value) {
            return a < 0 ? WrappingNegate(a) : a;
        } else {
            return a;
        }
    }
};

// -1, 0 or 1 in the input's type; NaN stays NaN; the sign of a bool is the bool.
struct Sign {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T a) const {
        if constexpr (kIsFloat<T>) {
            // Two independent selects and a difference (+0 for both zeros, as NumPy), then NaN's: GCC vectorises this
            // form to masks and blends, not a chain of selects nor int conversions. The native float32 sign runs it
            // per CPU level (native/vecmath.h): 2^21 elements, one thread, 380 -> 214 us (PyTorch 223 us).
            using C = ComputeType<T>;
            auto c = static_cast<C>(a);
            C positive = c > C{0} ? C{1} : C{0};
            C negative = c < C{0} ? C{1} : C{0};
            return static_cast<T>(c != c ? c : positive - negative);
        } else if constexpr (std::is_same<T, bool>::value || std::is_unsigned<T>::value) {
            return static_cast<T>(a != T{0});
        } else {
            return static_cast<T>(static_cast<int>(T{0} < a) - static_cast<int>(a < T{0}));
        }
    }
};

CHAINERX_NUMERIC_FLOAT_UNARY(Sqrt, std::sqrt(x));

// Which operand maximum / minimum return. Ties go to the first operand, and so does its gradient; a NaN in
// either operand is returned (NumPy propagates NaN).
template <typename T>
CHAINERX_HOST_DEVICE bool MaximumTakesFirst(T a, T b) {
    using C = ComputeType<T>;
    return static_cast<C>(a) >= static_cast<C>(b) || IsNan(a);
}

template <typename T>
CHAINERX_HOST_DEVICE bool MinimumTakesFirst(T a, T b) {
    using C = ComputeType<T>;
    return static_cast<C>(a) <= static_cast<C>(b) || IsNan(a);
}

struct Maximum {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T a, T b) const { return MaximumTakesFirst(a, b) ? a : b; }
};

struct Minimum {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T a, T b) const { return MinimumTakesFirst(a, b) ? a : b; }
};

// Masks of the operand that maximum / minimum returned (kFirst: x1, else x2), for their gradients.
template <bool kFirst>
struct MaximumTakes {
    template <typename T>
    CHAINERX_HOST_DEVICE bool operator()(T a, T b) const { return MaximumTakesFirst(a, b) == kFirst; }
};

template <bool kFirst>
struct MinimumTakes {
    template <typename T>
    CHAINERX_HOST_DEVICE bool operator()(T a, T b) const { return MinimumTakesFirst(a, b) == kFirst; }
};

// The gradient of maximum / minimum (kMaximum) with a scalar, for the array operand: gout times the mask of the
// operand the forward returned (kArrayFirst: maximum(x, s), else maximum(s, x)), in one pass (Note [Gradient
// kernels]); the product, not a select, so that it equals the composition gout * mask (inf · 0 is NaN in both).
template <bool kMaximum, bool kArrayFirst>
struct ExtremumWithScalarGrad {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T gout, T x, T s) const {
        using C = ComputeType<T>;
        const bool first = kArrayFirst ? (kMaximum ? MaximumTakesFirst(x, s) : MinimumTakesFirst(x, s))
                                       : (kMaximum ? MaximumTakesFirst(s, x) : MinimumTakesFirst(s, x));
        return static_cast<T>(static_cast<C>(gout) * static_cast<C>(first == kArrayFirst ? 1 : 0));
    }
};
using MaximumASGrad = ExtremumWithScalarGrad<true, true>;
using MaximumSAGrad = ExtremumWithScalarGrad<true, false>;
using MinimumASGrad = ExtremumWithScalarGrad<false, true>;
using MinimumSAGrad = ExtremumWithScalarGrad<false, false>;

// clip(x, low, high) = minimum(maximum(x, low), high) for bounds that are not NaN (Clip routes NaN bounds to the
// composition), in one pass; also the clipping of the optimizer rules (numeric/optimizer.h). Without NaN bounds,
// maximum's and minimum's rules (ties to the first operand, NaN returned) reduce to one comparison each: x < low is
// false for x = low and for NaN, m > high for m = high and for NaN. Selects of one condition vectorise; the
// composed conditions (two each, ||) made the compiler branch, and random data mispredicted: 2^21 float32 took
// 15.6 ms instead of 0.3.
template <typename C>
CHAINERX_HOST_DEVICE C ClipValue(C x, C low, C high) {
    C m = x < low ? low : x;
    return m > high ? high : m;
}

// 1 where clip returned x (maximum took x, and minimum took maximum's result: low <= x <= high, or x NaN), else 0.
template <typename C>
CHAINERX_HOST_DEVICE C ClipTakesArrayValue(C x, C low, C high) {
    C takes = x < low ? C{0} : C{1};
    return x > high ? C{0} : takes;
}

struct Clip {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T x, T low, T high) const {
        using C = ComputeType<T>;
        return static_cast<T>(ClipValue(static_cast<C>(x), static_cast<C>(low), static_cast<C>(high)));
    }
};

struct ClipTakesArray {
    template <typename T>
    CHAINERX_HOST_DEVICE bool operator()(T x, T low, T high) const {
        using C = ComputeType<T>;
        return ClipTakesArrayValue(static_cast<C>(x), static_cast<C>(low), static_cast<C>(high)) != C{0};
    }
};

// gout times ClipTakesArray's mask, a product as in ExtremumWithScalarGrad.
struct ClipGrad {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T gout, T x, T low, T high) const {
        using C = ComputeType<T>;
        auto mask = ClipTakesArrayValue(static_cast<C>(x), static_cast<C>(low), static_cast<C>(high));
        return static_cast<T>(static_cast<C>(gout) * mask);
    }
};

// Bitwise formulas (bool and integer types).
struct BitwiseAnd {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T a, T b) const { return static_cast<T>(a & b); }
};

struct BitwiseOr {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T a, T b) const { return static_cast<T>(a | b); }
};

struct BitwiseXor {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T a, T b) const { return static_cast<T>(a ^ b); }
};

// Whether a shift count is out of range: NumPy compares it as an unsigned value, so negative counts are too.
template <typename T>
CHAINERX_HOST_DEVICE bool IsShiftOutOfRange(T count) {
    return static_cast<uint64_t>(static_cast<std::make_unsigned_t<T>>(count)) >= sizeof(T) * CHAR_BIT;
}

struct LeftShift {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T a, T b) const {
        if constexpr (std::is_same<T, bool>::value) {
            return a;  // a * 2^b is nonzero exactly when a is
        } else {
            using U = std::make_unsigned_t<T>;
            return IsShiftOutOfRange(b) ? T{0} : static_cast<T>(static_cast<U>(a) << static_cast<U>(b));
        }
    }
};

// Arithmetic shift: negative values stay negative.
struct RightShift {
    template <typename T>
    CHAINERX_HOST_DEVICE T operator()(T a, T b) const {
        if constexpr (std::is_same<T, bool>::value) {
            return a && !b;
        } else {
            if (IsShiftOutOfRange(b)) {
                if constexpr (std::is_signed<T>::value) {
                    return a < 0 ? T{-1} : T{0};
                }
                return T{0};
            }
            return static_cast<T>(a >> b);
        }
    }
};

}  // namespace numeric
}  // namespace chainerx
