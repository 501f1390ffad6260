#include "chainerx/native/half_convert.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "chainerx/core/float16.h"
#include "chainerx/native/cpu_level.h"

namespace chainerx {
namespace native {
namespace {

uint32_t Bits(float value) {
    uint32_t bits{};
    std::memcpy(&bits, &value, sizeof(bits));
    return bits;
}

// Floats around every rounding decision of a half: ties between halves (odd and even), the largest half and the
// overflow threshold, the subnormal range and its bottom, infinities, NaN with payloads, and random bit patterns.
std::vector<float> FloatInputs() {
    std::vector<float> x = {0.0F, -0.0F, 1.0F, -1.0F, 65504.0F, 65519.99F, 65520.0F, -65520.0F, 1e10F,
                            std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                            std::numeric_limits<float>::quiet_NaN(), 6.1035156e-05F, 6.0975552e-05F, 5.9604645e-08F,
                            2.9802322e-08F, 2.9802326e-08F, 1e-30F, std::numeric_limits<float>::denorm_min()};
    uint32_t payload_nan = 0x7fa00001U;  // signalling, with a payload
    float nan_value{};
    std::memcpy(&nan_value, &payload_nan, sizeof(nan_value));
    x.push_back(nan_value);
    for (uint32_t h = 0; h < 0x7c00U; h += 37) {  // halfway between consecutive halves: the ties
        float lo = static_cast<float>(Float16::FromData(static_cast<uint16_t>(h)));
        float hi = static_cast<float>(Float16::FromData(static_cast<uint16_t>(h + 1)));
        x.push_back((lo + hi) / 2);
        x.push_back(-(lo + hi) / 2);
    }
    std::mt19937 rng{7};
    for (int i = 0; i < 100000; ++i) {
        uint32_t bits = rng();
        float v{};
        std::memcpy(&v, &bits, sizeof(v));
        x.push_back(v);
    }
    return x;
}

TEST(HalfConvertTest, EveryLevelRoundsAsTheSoftwareConversion) {
    std::vector<float> x = FloatInputs();
    const auto n = static_cast<int64_t>(x.size());
    for (CpuLevel level : SupportedCpuLevels()) {
        const HalfConversionLoops& loops = GetHalfConversionLoopsAt(level);
        std::vector<Float16> halves(x.size());
        loops.to_half(x.data(), halves.data(), n);
        for (size_t i = 0; i < x.size(); ++i) {
            EXPECT_EQ(halves[i].data(), Float16{x[i]}.data()) << CpuLevelName(level) << " x = " << x[i];
        }
        // A partial block at every offset gives the same bits as the whole run.
        for (int64_t offset : {1, 3, 7}) {
            std::vector<Float16> part(5);
            loops.to_half(x.data() + offset, part.data(), 5);
            for (int64_t i = 0; i < 5; ++i) {
                EXPECT_EQ(part[i].data(), halves[offset + i].data()) << CpuLevelName(level);
            }
        }
    }
}

TEST(HalfConvertTest, EveryHalfWidensExactly) {
    std::vector<Float16> halves;
    for (uint32_t h = 0; h <= 0xffffU; ++h) {
        halves.push_back(Float16::FromData(static_cast<uint16_t>(h)));
    }
    for (CpuLevel level : SupportedCpuLevels()) {
        std::vector<float> out(halves.size());
        GetHalfConversionLoopsAt(level).to_float(halves.data(), out.data(), static_cast<int64_t>(halves.size()));
        for (size_t i = 0; i < halves.size(); ++i) {
            float expected = static_cast<float>(halves[i]);
            if (std::isnan(expected)) {  // F16C quiets a signalling NaN; NaN it stays
                EXPECT_TRUE(std::isnan(out[i])) << CpuLevelName(level) << " half " << i;
            } else {
                EXPECT_EQ(Bits(out[i]), Bits(expected)) << CpuLevelName(level) << " half " << i;
            }
        }
    }
}

}  // namespace
}  // namespace native
}  // namespace chainerx
