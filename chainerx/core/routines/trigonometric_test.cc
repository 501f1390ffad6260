#include "chainerx/core/routines/trigonometric.h"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "chainerx/core/check_backward.h"
#include "chainerx/core/error.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/testing/testing.h"

namespace chainerx {
namespace {

using testing::MakeArray;
using testing::ToVector;

class TrigonometricTest : public testing::ContextTest {};

constexpr double kPi = 3.14159265358979323846;

TEST_F(TrigonometricTest, ValuesAndMathDtype) {
    std::vector<double> sin = ToVector<double>(Sin(MakeArray<double>({2}, {0, kPi / 2})));
    EXPECT_NEAR(sin[0], 0, 1e-15);
    EXPECT_NEAR(sin[1], 1, 1e-15);
    Array from_int = Cos(MakeArray<int32_t>({1}, {0}));
    EXPECT_EQ(from_int.dtype(), Dtype::kFloat32);
    EXPECT_EQ(ToVector<float>(from_int)[0], 1.0f);
    EXPECT_TRUE(std::isnan(ToVector<double>(Arcsin(MakeArray<double>({1}, {2})))[0]));
}

TEST_F(TrigonometricTest, Arctan2PicksTheQuadrantAndBroadcasts) {
    Array x1 = MakeArray<double>({3, 1}, {1, 1, -1});
    Array x2 = MakeArray<double>({3}, {1, -1, -1});
    Array out = Arctan2(x1, x2);
    ASSERT_EQ(out.shape(), (Shape{3, 3}));
    std::vector<double> values = ToVector<double>(out);
    EXPECT_NEAR(values[0], kPi / 4, 1e-15);
    EXPECT_NEAR(values[1], 3 * kPi / 4, 1e-15);
    EXPECT_NEAR(values[8], -3 * kPi / 4, 1e-15);
}

TEST_F(TrigonometricTest, Arctan2RejectsBadOperands) {
    EXPECT_THROW(Arctan2(Ones({2}, Dtype::kFloat32), Ones({3}, Dtype::kFloat32)), DimensionError);
    EXPECT_THROW(Arctan2(Ones({2}, Dtype::kFloat32, native(0)), Ones({2}, Dtype::kFloat32, native(1))), DeviceError);
}

TEST_F(TrigonometricTest, Gradients) {
    Array x = MakeArray<double>({3}, {-0.5, 0.25, 0.75});
    Array gy = MakeArray<double>({3}, {1, -2, 0.5});
    Array ggx = MakeArray<double>({3}, {0.5, 1, -1});
    Array eps = Full({3}, 1e-4, Dtype::kFloat64);
    for (auto func : {&Sin, &Cos, &Tan, &Arcsin, &Arccos, &Arctan}) {
        auto unary = [func](const std::vector<Array>& xs) { return std::vector<Array>{func(xs[0])}; };
        CheckBackward(unary, {x}, {gy}, {eps});
        CheckDoubleBackward(unary, {x}, {gy}, {ggx}, {eps, eps});
    }
    auto arctan2 = [](const std::vector<Array>& xs) { return std::vector<Array>{Arctan2(xs[0], xs[1])}; };
    Array x2 = MakeArray<double>({3}, {1, -0.5, 2});
    CheckBackward(arctan2, {x, x2}, {gy}, {eps, eps});
    CheckDoubleBackward(arctan2, {x, x2}, {gy}, {ggx, ggx}, {eps, eps, eps});
}

}  // namespace
}  // namespace chainerx
