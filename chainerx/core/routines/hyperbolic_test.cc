#include "chainerx/core/routines/hyperbolic.h"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "chainerx/core/check_backward.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/testing/testing.h"

namespace chainerx {
namespace {

using testing::MakeArray;
using testing::ToVector;

class HyperbolicTest : public testing::ContextTest {};

TEST_F(HyperbolicTest, ValuesAndMathDtype) {
    std::vector<double> tanh = ToVector<double>(Tanh(MakeArray<double>({3}, {0, 1e3, -1e3})));
    EXPECT_EQ(tanh, (std::vector<double>{0, 1, -1}));
    EXPECT_EQ(ToVector<double>(Arccosh(MakeArray<double>({1}, {1})))[0], 0);
    EXPECT_TRUE(std::isnan(ToVector<double>(Arccosh(MakeArray<double>({1}, {0.5})))[0]));
    Array from_bool = Cosh(MakeArray<bool>({2}, {false, true}));
    EXPECT_EQ(from_bool.dtype(), Dtype::kFloat32);
    EXPECT_EQ(ToVector<float>(from_bool)[0], 1.0f);
    EXPECT_TRUE(std::isinf(ToVector<float>(Sinh(MakeArray<float>({1}, {100})))[0]));
}

TEST_F(HyperbolicTest, Gradients) {
    Array x = MakeArray<double>({3}, {1.25, 1.5, 2.5});
    Array gy = MakeArray<double>({3}, {1, -2, 0.5});
    Array ggx = MakeArray<double>({3}, {0.5, 1, -1});
    Array eps = Full({3}, 1e-4, Dtype::kFloat64);
    for (auto func : {&Sinh, &Cosh, &Tanh, &Arcsinh, &Arccosh}) {
        auto unary = [func](const std::vector<Array>& xs) { return std::vector<Array>{func(xs[0])}; };
        CheckBackward(unary, {x}, {gy}, {eps});
        CheckDoubleBackward(unary, {x}, {gy}, {ggx}, {eps, eps});
    }
}

}  // namespace
}  // namespace chainerx
