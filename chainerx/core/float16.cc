#include "chainerx/core/float16.h"

#include <cstring>

namespace chainerx {
namespace {

uint32_t FloatBits(float v) {
    uint32_t bits;
    std::memcpy(&bits, &v, sizeof(bits));
    return bits;
}

float BitsFloat(uint32_t bits) {
    float v;
    std::memcpy(&v, &bits, sizeof(v));
    return v;
}

}  // namespace

uint16_t Float16::FloatToHalfBits(float v) {
    uint32_t f = FloatBits(v);
    uint32_t sign = (f >> 16U) & 0x8000U;
    uint32_t abs = f & 0x7fffffffU;
    if (abs >= 0x7f800000U) {  // inf or nan; keep nan quiet and non-zero
        return static_cast<uint16_t>(sign | 0x7c00U | (abs > 0x7f800000U ? 0x0200U | ((abs >> 13U) & 0x3ffU) : 0U));
    }
    if (abs >= 0x477ff000U) {  // rounds to a value beyond the largest half (65504)
        return static_cast<uint16_t>(sign | 0x7c00U);
    }
    if (abs < 0x38800000U) {  // result is subnormal or zero: let float addition do the rounding
        float magic = BitsFloat(0x3f000000U);  // 0.5: aligns the half subnormal ulp (2^-24) with float's ulp
        uint32_t r = FloatBits(BitsFloat(abs) + magic) - 0x3f000000U;
        return static_cast<uint16_t>(sign | r);
    }
    // Normal: rebias the exponent, then round to nearest even on the 13 dropped mantissa bits.
    uint32_t odd = (abs >> 13U) & 1U;
    abs += 0xc8000fffU + odd;  // (15 - 127) << 23 rebias, plus the rounding bias
    return static_cast<uint16_t>(sign | (abs >> 13U));
}

float Float16::HalfBitsToFloat(uint16_t h) {
    uint32_t sign = static_cast<uint32_t>(h & 0x8000U) << 16U;
    uint32_t exp = (h >> 10U) & 0x1fU;
    uint32_t mant = h & 0x3ffU;
    if (exp == 0x1fU) {
        return BitsFloat(sign | 0x7f800000U | (mant << 13U));
    }
    if (exp == 0) {  // zero or subnormal: exact in float
        float v = static_cast<float>(mant) * BitsFloat(0x33800000U);  // mant * 2^-24
        return sign != 0 ? -v : v;
    }
    return BitsFloat(sign | ((exp + 112U) << 23U) | (mant << 13U));
}

}  // namespace chainerx
