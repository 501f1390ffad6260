// A dtype-tagged scalar value (bool, int64 or double), the C++ counterpart of a Python number.
//
// Scalars take part in array-scalar operations, where only their kind matters for the result dtype: an
// int scalar never widens an int8 array, a float scalar turns an integer array into float32.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <type_traits>

#include "chainerx/core/dtype.h"
#include "chainerx/core/float16.h"

namespace chainerx {

class Scalar {
public:
    Scalar() : Scalar{int64_t{0}} {}
    Scalar(bool v) : kind_{DtypeKind::kBool} { bool_ = v; }  // NOLINT(google-explicit-constructor)
    template <typename T, std::enable_if_t<std::is_integral<T>::value && !std::is_same<T, bool>::value, int> = 0>
    Scalar(T v) : kind_{DtypeKind::kInt} {  // NOLINT(google-explicit-constructor)
        int_ = static_cast<int64_t>(v);
    }
    Scalar(float v) : Scalar{static_cast<double>(v)} {}  // NOLINT(google-explicit-constructor)
    Scalar(double v) : kind_{DtypeKind::kFloat} { float_ = v; }  // NOLINT(google-explicit-constructor)
    Scalar(Float16 v) : Scalar{static_cast<double>(static_cast<float>(v))} {}  // NOLINT(google-explicit-constructor)

    DtypeKind kind() const { return kind_; }

    // Converts to a C++ type with C++ conversion semantics.
    template <typename T>
    T As() const {
        switch (kind_) {
            case DtypeKind::kBool:
                return static_cast<T>(bool_);
            case DtypeKind::kFloat:
                return static_cast<T>(float_);
            default:
                return static_cast<T>(int_);
        }
    }

    std::string ToString() const;

    Scalar operator-() const;
    bool operator==(const Scalar& other) const;

private:
    union {
        bool bool_;
        int64_t int_;
        double float_;
    };
    DtypeKind kind_;
};

template <>
inline Float16 Scalar::As<Float16>() const {
    return Float16{As<float>()};
}

template <>
inline bool Scalar::As<bool>() const {
    switch (kind_) {
        case DtypeKind::kBool:
            return bool_;
        case DtypeKind::kFloat:
            return float_ != 0.0;
        default:
            return int_ != 0;
    }
}

std::ostream& operator<<(std::ostream& os, const Scalar& s);

}  // namespace chainerx
