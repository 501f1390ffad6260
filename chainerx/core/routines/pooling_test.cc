#include "chainerx/core/routines/pooling.h"

#include <cmath>
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "chainerx/core/check_backward.h"
#include "chainerx/core/error.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/testing/testing.h"

namespace chainerx {
namespace {

using testing::ExpectArrayEq;

class PoolingTest : public testing::ContextTest {};

TEST_F(PoolingTest, MaxPoolTakesWindowMaxima) {
    Array x = Arange(0, 16, 1, Dtype::kFloat32).Reshape({1, 1, 4, 4});
    ExpectArrayEq<float>(MaxPool(x, {2, 2}, {2, 2}, {0, 0}), {1, 1, 2, 2}, {5, 7, 13, 15});
    // cover_all adds a last window over the remaining column and row.
    ExpectArrayEq<float>(MaxPool(x, {3, 3}, {2, 2}, {0, 0}, true), {1, 1, 2, 2}, {10, 11, 14, 15});
}

TEST_F(PoolingTest, AveragePoolPadModes) {
    Array x = Arange(1, 4, 1, Dtype::kFloat64).Reshape({1, 1, 3});
    ExpectArrayEq<double>(AveragePool(x, {2}, {2}, {1}, AveragePoolPadMode::kZero), {1, 1, 2}, {0.5, 2.5});
    ExpectArrayEq<double>(AveragePool(x, {2}, {2}, {1}, AveragePoolPadMode::kIgnore), {1, 1, 2}, {1, 2.5});
    // A window of padding only is 0 / 0 in kIgnore mode.
    std::vector<double> edges = testing::ToVector<double>(AveragePool(x, {1}, {1}, {1}));
    EXPECT_TRUE(std::isnan(edges.front()) && std::isnan(edges.back()));
    EXPECT_EQ(edges[1], 1);
}

TEST_F(PoolingTest, BadWindowsThrow) {
    Array x = Zeros({1, 1, 4}, Dtype::kFloat32);
    EXPECT_THROW(MaxPool(x, {5}, {1}, {0}), DimensionError);  // bigger than the input
    EXPECT_THROW(MaxPool(x, {2, 2}, {1, 1}, {0, 0}), DimensionError);  // two spatial axes for one
    EXPECT_THROW(AveragePool(x, {2}, {0}, {0}), DimensionError);
    EXPECT_THROW(AveragePool(Zeros({4, 4}, Dtype::kFloat32), {2}, {1}, {0}), DimensionError);
    EXPECT_THROW(MaxPool(x, {2}, {1}, {int64_t{1} << 62}), DimensionError);  // 2 * pad overflows
}

TEST_F(PoolingTest, Gradients) {
    Array x = testing::MakeArray<double>({1, 1, 5}, {0.5, -1, 2, 1.5, -0.25});
    Array gy = testing::MakeArray<double>({1, 1, 4}, {1, -2, 0.5, 0.25});
    Array ggx = testing::MakeArray<double>({1, 1, 5}, {0.5, 1, -1, 2, 0.25});
    Array eps = Full({1, 1, 5}, 1e-3, Dtype::kFloat64);
    Array eps_gy = Full({1, 1, 4}, 1e-3, Dtype::kFloat64);
    auto max_pool = [](const std::vector<Array>& xs) { return std::vector<Array>{MaxPool(xs[0], {2}, {1}, {0})}; };
    auto average_pool = [](const std::vector<Array>& xs) {
        return std::vector<Array>{AveragePool(xs[0], {3}, {1}, {1}, AveragePoolPadMode::kIgnore)};
    };
    CheckBackward(max_pool, {x}, {gy}, {eps});
    CheckDoubleBackward(max_pool, {x}, {gy}, {ggx}, {eps, eps_gy});
    Array gy5 = testing::MakeArray<double>({1, 1, 5}, {1, -2, 0.5, 0.25, 3});
    CheckBackward(average_pool, {x}, {gy5}, {eps});
    CheckDoubleBackward(average_pool, {x}, {gy5}, {ggx}, {eps, eps});
}

}  // namespace
}  // namespace chainerx
