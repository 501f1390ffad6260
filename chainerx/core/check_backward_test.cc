#include "chainerx/core/check_backward.h"

#include <gtest/gtest.h>

#include "chainerx/core/error.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/testing/testing.h"

namespace chainerx {
namespace {

using testing::MakeArray;

class CheckBackwardTest : public testing::ContextTest {};

std::vector<Array> Product(const std::vector<Array>& xs) { return {xs[0] * xs[1] * xs[0]}; }

TEST_F(CheckBackwardTest, NumericalGradientOfAProduct) {
    Array x = MakeArray<double>({2}, {1, 2});
    Array w = MakeArray<double>({2}, {3, 4});
    std::vector<Array> grads = CalculateNumericalGradient(Product, {x, w}, {Ones({2}, Dtype::kFloat64)},
                                                          {Full({2}, 1e-3, Dtype::kFloat64), Full({2}, 1e-3, Dtype::kFloat64)});
    std::vector<double> gx = testing::ToVector<double>(grads[0]);
    std::vector<double> gw = testing::ToVector<double>(grads[1]);
    EXPECT_NEAR(gw[0], 1, 1e-6);  // d(x w x)/dw = x^2
    EXPECT_NEAR(gw[1], 4, 1e-6);
    EXPECT_NEAR(gx[1], 2 * 2 * 4, 1e-6);  // d(x w x)/dx = 2 x w
    EXPECT_EQ(testing::ToVector<double>(x)[0], 1);  // inputs are restored
}

TEST_F(CheckBackwardTest, CorrectBackwardPasses) {
    Array x = MakeArray<double>({2, 3}, {1, -2, 3, 0.5, 2, -1});
    Array w = MakeArray<double>({3}, {0.5, 1.5, -2});
    Array eps = Full({1}, 1e-3, Dtype::kFloat64);
    CheckBackward(Product, {x, w}, {Ones({2, 3}, Dtype::kFloat64)}, {eps, eps});
    CheckDoubleBackward(Product, {x, w}, {Ones({2, 3}, Dtype::kFloat64)}, {Ones({2, 3}, Dtype::kFloat64), Ones({3}, Dtype::kFloat64)},
                        {eps, eps, eps});
    EXPECT_FALSE(x.IsGradRequired());  // the caller's arrays are left alone
}

TEST_F(CheckBackwardTest, WrongBackwardIsDetected) {
    // `x * x` computed as `x * x.AsGradStopped()` has half the true gradient.
    auto wrong = [](const std::vector<Array>& xs) { return std::vector<Array>{xs[0] * xs[0].AsGradStopped()}; };
    Array x = MakeArray<double>({2}, {1, 2});
    EXPECT_THROW(CheckBackward(wrong, {x}, {Ones({2}, Dtype::kFloat64)}, {Full({1}, 1e-3, Dtype::kFloat64)}), GradientCheckError);
}

}  // namespace
}  // namespace chainerx
