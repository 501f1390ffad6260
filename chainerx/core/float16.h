// IEEE 754 half-precision value type used as the C++ type of Dtype::kFloat16.
//
// Arithmetic is carried out in float and rounded back (round to nearest even), which is what NumPy does for
// float16 on CPUs without native half arithmetic.
#pragma once

#include <cstdint>
#include <cstring>
#include <ostream>
#include <type_traits>

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

    // Both conversions are inline and branch-free (Note [Inline half conversions]).
    static uint16_t FloatToHalfBits(float v);
    static float HalfBitsToFloat(uint16_t h);

private:
    uint16_t data_{0};
};

static_assert(sizeof(Float16) == 2, "Float16 must be exactly the storage of an IEEE half");

namespace float16_detail {

inline uint32_t FloatBits(float v) {
    uint32_t bits{};
    std::memcpy(&bits, &v, sizeof(bits));
    return bits;
}

inline float BitsFloat(uint32_t bits) {
    float v{};
    std::memcpy(&v, &bits, sizeof(v));
    return v;
}

}  // namespace float16_detail

// Note [Inline half conversions]
// Every float16 kernel converts each operand to float and each result back. Out of line and with a branch per
// case, the conversions were a call per value, and float16 a + b on 2^21 values took 7.8 ms (PyTorch 0.37 ms).
// Here each case's result is computed for every value and the right one selected, so that a loop over values
// inlines and vectorises them at any CPU level. The bits are those of the hardware's conversions (F16C, IEEE round
// to nearest even, NaN payloads kept and quieted): native/half_convert_test.cc compares them over every half, every
// tie between halves, and random floats.
inline uint16_t Float16::FloatToHalfBits(float v) {
    using float16_detail::BitsFloat;
    using float16_detail::FloatBits;
    uint32_t f = FloatBits(v);
    uint32_t sign = (f >> 16U) & 0x8000U;
    uint32_t abs = f & 0x7fffffffU;
    // Normal: rebias the exponent ((15 - 127) << 23), then round to nearest even on the 13 dropped mantissa bits.
    uint32_t normal = (abs + 0xc8000fffU + ((abs >> 13U) & 1U)) >> 13U;
    // Subnormal or zero: adding 0.5 aligns the half's subnormal ulp (2^-24) with float's, and the addition rounds.
    uint32_t subnormal = FloatBits(BitsFloat(abs) + 0.5F) - 0x3f000000U;
    // Inf, or NaN kept quiet and non-zero.
    uint32_t special = 0x7c00U | (abs > 0x7f800000U ? 0x0200U | ((abs >> 13U) & 0x3ffU) : 0U);
    uint32_t bits = abs < 0x38800000U ? subnormal : normal;
    bits = abs >= 0x477ff000U ? 0x7c00U : bits;  // rounds beyond the largest half (65504)
    bits = abs >= 0x7f800000U ? special : bits;
    return static_cast<uint16_t>(sign | bits);
}

inline float Float16::HalfBitsToFloat(uint16_t h) {
    using float16_detail::BitsFloat;
    using float16_detail::FloatBits;
    uint32_t sign = static_cast<uint32_t>(h & 0x8000U) << 16U;
    uint32_t exp = (h >> 10U) & 0x1fU;
    uint32_t mant = h & 0x3ffU;
    uint32_t normal = ((exp + 112U) << 23U) | (mant << 13U);
    uint32_t special = 0x7f800000U | (mant << 13U);
    uint32_t subnormal = FloatBits(static_cast<float>(mant) * BitsFloat(0x33800000U));  // mant * 2^-24, exact
    uint32_t bits = exp == 0 ? subnormal : (exp == 0x1fU ? special : normal);
    return BitsFloat(sign | bits);
}

inline Float16 operator+(Float16 a, Float16 b) { return Float16{float(a) + float(b)}; }
inline Float16 operator-(Float16 a, Float16 b) { return Float16{float(a) - float(b)}; }
inline Float16 operator*(Float16 a, Float16 b) { return Float16{float(a) * float(b)}; }
inline Float16 operator/(Float16 a, Float16 b) { return Float16{float(a) / float(b)}; }

inline std::ostream& operator<<(std::ostream& os, Float16 v) { return os << static_cast<float>(v); }

}  // namespace chainerx
