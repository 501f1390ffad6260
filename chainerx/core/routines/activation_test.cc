#include "chainerx/core/routines/activation.h"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "chainerx/core/check_backward.h"
#include "chainerx/core/error.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/testing/testing.h"

namespace chainerx {
namespace {

using testing::ExpectArrayEq;
using testing::MakeArray;
using testing::ToVector;

class ActivationTest : public testing::ContextTest {};

TEST_F(ActivationTest, ValuesAndMathDtype) {
    Array x = MakeArray<double>({4}, {-2, -0.5, 0.5, 30});
    ExpectArrayEq<double>(Relu(x), {4}, {0, 0, 0.5, 30});
    ExpectArrayEq<double>(LeakyRelu(x, 0.5), {4}, {-1, -0.25, 0.5, 30});
    ExpectArrayEq<double>(ClippedRelu(x, 1.0), {4}, {0, 0, 0.5, 1});
    ExpectArrayEq<double>(Crelu(x.Reshape({2, 2}), 1), {2, 4}, {0, 0, 2, 0.5, 0.5, 30, 0, 0});
    EXPECT_NEAR(ToVector<double>(Elu(x, 2.0))[0], 2.0 * std::expm1(-2.0), 1e-15);
    EXPECT_NEAR(ToVector<double>(Sigmoid(x))[1], 1 / (1 + std::exp(0.5)), 1e-15);
    EXPECT_NEAR(ToVector<double>(Softplus(x, 2.0))[3], 30.0, 1e-15);  // no overflow of exp(60)
    Array from_int = Relu(MakeArray<int32_t>({2}, {-1, 3}));
    ExpectArrayEq<float>(from_int, {2}, {0, 3});
}

TEST_F(ActivationTest, CreluAxisOutOfRangeThrows) {
    EXPECT_THROW(Crelu(Zeros({2, 3}, Dtype::kFloat32), 2), DimensionError);
    EXPECT_THROW(Crelu(Zeros({}, Dtype::kFloat32), 0), DimensionError);
}

TEST_F(ActivationTest, Gradients) {
    Array x = MakeArray<double>({3}, {-1.25, 0.5, 2.5});
    Array gy = MakeArray<double>({3}, {1, -2, 0.5});
    Array ggx = MakeArray<double>({3}, {0.5, 1, -1});
    Array eps = Full({3}, 1e-4, Dtype::kFloat64);
    auto check = [&](auto func) {
        auto unary = [func](const std::vector<Array>& xs) { return std::vector<Array>{func(xs[0])}; };
        CheckBackward(unary, {x}, {gy}, {eps});
        CheckDoubleBackward(unary, {x}, {gy}, {ggx}, {eps, eps});
    };
    check([](const Array& a) { return Relu(a); });
    check([](const Array& a) { return Sigmoid(a); });
    check([](const Array& a) { return Elu(a, 0.5); });
    check([](const Array& a) { return Softplus(a, 2.0); });
}

}  // namespace
}  // namespace chainerx
