// IEEE 754 half-precision value type used as the C++ type of Dtype::kFloat16.
//
// Arithmetic is carried out in float and rounded back (round to nearest even), which is what NumPy does for
// float16 on CPUs without native half arithmetic.
#pragma once

#include <cstdint>
#include <ostream>

namespace chainerx {

class Float16 {
public:
    Float16() = default;
    explicit Float16(float v) : data_{FloatToHalfBits(v)} {}
    explicit Float16(double v) : Float16{static_cast<float>(v)} {}
    explicit Float16(bool v) : Float16{v ? 1.0f : 0.0f} {}
    template <typename T, typename = std::enable_if_t<std::is_integral<T>::value>>
    explicit Float16(T v) : Float16{static_cast<float>(v)} {}

    static Float16 FromData(uint16_t data) {
        Float16 h;
        h.data_ = data;
        return h;
    }

    operator float() const { return HalfBitsToFloat(data_); }  // NOLINT(google-explicit-constructor)
    uint16_t data() const { return data_; }

    Float16& operator+=(Float16 r) { return *this = Float16{float(*this) + float(r)}; }
    Float16& operator-=(Float16 r) { return *this = Float16{float(*this) - float(r)}; }
    Float16& operator*=(Float16 r) { return *this = Float16{float(*this) * float(r)}; }
    Float16& operator/=(Float16 r) { return *this = Float16{float(*this) / float(r)}; }
    Float16 operator-() const { return FromData(static_cast<uint16_t>(data_ ^ 0x8000U)); }

    static uint16_t FloatToHalfBits(float v);
    static float HalfBitsToFloat(uint16_t h);

private:
    uint16_t data_{0};
};

static_assert(sizeof(Float16) == 2, "Float16 must be exactly the storage of an IEEE half");

inline Float16 operator+(Float16 a, Float16 b) { return Float16{float(a) + float(b)}; }
inline Float16 operator-(Float16 a, Float16 b) { return Float16{float(a) - float(b)}; }
inline Float16 operator*(Float16 a, Float16 b) { return Float16{float(a) * float(b)}; }
inline Float16 operator/(Float16 a, Float16 b) { return Float16{float(a) / float(b)}; }

inline std::ostream& operator<<(std::ostream& os, Float16 v) { return os << static_cast<float>(v); }

}  // namespace chainerx
