#include "chainerx/core/float16.h"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

namespace chainerx {
namespace {

TEST(Float16Test, ExactValuesRoundTrip) {
    for (float v : {0.0f, 1.0f, -2.5f, 65504.0f, 0.000061035156f /* smallest normal */, 5.9604645e-08f /* smallest subnormal */}) {
        EXPECT_EQ(static_cast<float>(Float16{v}), v);
    }
}

TEST(Float16Test, BitPatterns) {
    EXPECT_EQ(Float16{1.0f}.data(), 0x3c00);
    EXPECT_EQ(Float16{-2.0f}.data(), 0xc000);
    EXPECT_EQ(Float16{65504.0f}.data(), 0x7bff);
    EXPECT_EQ(Float16{5.9604645e-08f}.data(), 0x0001);
}

TEST(Float16Test, RoundsToNearestEven) {
    // 1 + 2^-11 lies halfway between 1 and the next half (1 + 2^-10): ties go to the even mantissa (1).
    EXPECT_EQ(Float16{1.0f + std::ldexp(1.0f, -11)}.data(), 0x3c00);
    // 1 + 3 * 2^-11 lies halfway between 1 + 2^-10 and 1 + 2^-9: ties go to 1 + 2^-9 (even).
    EXPECT_EQ(Float16{1.0f + 3 * std::ldexp(1.0f, -11)}.data(), 0x3c02);
}

TEST(Float16Test, OverflowAndSpecialValues) {
    EXPECT_TRUE(std::isinf(static_cast<float>(Float16{70000.0f})));
    EXPECT_TRUE(std::isinf(static_cast<float>(Float16{std::numeric_limits<float>::infinity()})));
    EXPECT_TRUE(std::isnan(static_cast<float>(Float16{std::numeric_limits<float>::quiet_NaN()})));
    EXPECT_EQ(Float16{1e-10f}.data(), 0x0000);  // underflows to zero
}

TEST(Float16Test, ArithmeticRoundsThroughFloat) {
    EXPECT_EQ(static_cast<float>(Float16{1.5f} + Float16{2.25f}), 3.75f);
    EXPECT_EQ(static_cast<float>(Float16{3.0f} * Float16{-2.0f}), -6.0f);
    EXPECT_EQ(static_cast<float>(-Float16{3.0f}), -3.0f);
}

}  // namespace
}  // namespace chainerx
