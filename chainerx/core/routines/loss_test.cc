#include "chainerx/core/routines/loss.h"

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

class LossTest : public testing::ContextTest {};

TEST_F(LossTest, ElementwiseLosses) {
    Array x1 = MakeArray<double>({3}, {1, -2, 3});
    Array x2 = MakeArray<double>({3}, {0.5, 1, 3});
    ExpectArrayEq<double>(AbsoluteError(x1, x2), {3}, {0.5, 3, 0});
    ExpectArrayEq<double>(SquaredError(x1, x2), {3}, {0.25, 9, 0});
    ExpectArrayEq<double>(HuberLoss(x1, x2, 1.0), {3}, {0.125, 2.5, 0});
    ExpectArrayEq<double>(HuberLoss(x1, x2, 3.0), {3}, {0.125, 4.5, 0});  // |d| == delta: either branch
    ExpectArrayEq<double>(GaussianKlDivergence(x1, Zeros({3}, Dtype::kFloat64)), {3}, {0.5, 2, 4.5});
}

TEST_F(LossTest, SoftmaxCrossEntropyPicksTheLabelAndIgnoresMinusOne) {
    Array x = MakeArray<double>({2, 2}, {0, 0, 1, 3});
    std::vector<double> loss = ToVector<double>(SoftmaxCrossEntropy(x, MakeArray<int32_t>({2}, {1, -1})));
    EXPECT_NEAR(loss[0], std::log(2.0), 1e-15);
    EXPECT_EQ(loss[1], 0);
    EXPECT_THROW(SoftmaxCrossEntropy(x, MakeArray<int32_t>({2}, {0, 2})), IndexError);
    EXPECT_THROW(SoftmaxCrossEntropy(x.Reshape({4}), MakeArray<int32_t>({4}, {0, 0, 0, 0})), DimensionError);
    EXPECT_THROW(SoftmaxCrossEntropy(x, MakeArray<float>({2}, {0, 1})), DtypeError);
}

TEST_F(LossTest, SigmoidCrossEntropyAndHinge) {
    Array x = MakeArray<double>({1, 3}, {0, 2, -1});
    std::vector<double> loss = ToVector<double>(SigmoidCrossEntropy(x, MakeArray<int64_t>({1, 3}, {1, 0, -1})));
    EXPECT_NEAR(loss[0], std::log(2.0), 1e-15);
    EXPECT_NEAR(loss[1], std::log1p(std::exp(2.0)), 1e-15);
    EXPECT_EQ(loss[2], 0);
    // Labels are not range-checked: 2 enters the formula as is.
    std::vector<double> any = ToVector<double>(SigmoidCrossEntropy(x, MakeArray<int64_t>({1, 3}, {2, 2, 2})));
    EXPECT_NEAR(any[1], std::log1p(std::exp(2.0)) - 4, 1e-14);
    ExpectArrayEq<double>(Hinge(x, MakeArray<int64_t>({1}, {1}), 2.0), {1, 3}, {1, 0, 0});
}

TEST_F(LossTest, AccuracyCountsArgmaxMatches) {
    Array y = MakeArray<float>({3, 2}, {0, 1, 2, 1, 5, 5});
    ExpectArrayEq<float>(Accuracy(y, MakeArray<int32_t>({3}, {1, 1, 0})), {}, {2.0f / 3});
    ExpectArrayEq<float>(Accuracy(y, MakeArray<int32_t>({3}, {1, 1, 0}), 1), {}, {1});
    EXPECT_THROW(Accuracy(y, MakeArray<int32_t>({2}, {1, 1})), DimensionError);
    // The prediction is reshaped to t's shape, so trailing size-1 axes of y fit.
    ExpectArrayEq<float>(Accuracy(y.Reshape({3, 2, 1}), MakeArray<int32_t>({3}, {1, 1, 0})), {}, {2.0f / 3});
    ExpectArrayEq<float>(Accuracy(y, MakeArray<int32_t>({3, 1}, {1, 1, 0})), {}, {2.0f / 3});
    EXPECT_THROW(Accuracy(y.Reshape({3, 2, 1}), MakeArray<int32_t>({3, 2}, {1, 1, 0, 0, 1, 1})), DimensionError);
    EXPECT_THROW(Accuracy(Zeros({3, 0}, Dtype::kFloat32), MakeArray<int32_t>({3}, {0, 0, 0})), DimensionError);
    EXPECT_THROW(Accuracy(y.AsType(Dtype::kInt32), MakeArray<int32_t>({3}, {1, 1, 0})), DtypeError);
    EXPECT_THROW(Accuracy(y, MakeArray<uint8_t>({3}, {1, 1, 0})), DtypeError);
}

TEST_F(LossTest, MeanOverLabelsScalesTheSumByTheRoundedReciprocalOfTheCount) {
    Array loss = MakeArray<float>({2, 2}, {1, 2, 0, 4});
    Array t = MakeArray<int32_t>({2, 2}, {0, -1, 3, 1});
    ExpectArrayEq<float>(MeanOverLabels(loss, t, -1), {}, {7 * static_cast<float>(1.0 / 3)});
    ExpectArrayEq<float>(MeanOverLabels(loss, t, 3), {}, {7 * static_cast<float>(1.0 / 3)});
    ExpectArrayEq<float>(MeanOverLabels(loss, t, 0), {}, {7 * static_cast<float>(1.0 / 3)});
    ExpectArrayEq<float>(MeanOverLabels(loss, t, 5), {}, {1.75f});
    ExpectArrayEq<float>(MeanOverLabels(Zeros({0}, Dtype::kFloat32), Zeros({0}, Dtype::kInt8), -1), {}, {0});
    EXPECT_THROW(MeanOverLabels(loss, t.Reshape({4}), -1), DimensionError);
    EXPECT_THROW(MeanOverLabels(loss.AsType(Dtype::kInt32), t, -1), DtypeError);
    EXPECT_THROW(MeanOverLabels(loss, loss, -1), DtypeError);
    auto func = [t](const std::vector<Array>& xs) { return std::vector<Array>{MeanOverLabels(xs[0] * xs[0], t, -1)}; };
    Array x = MakeArray<double>({2, 2}, {0.5, -1, 2, 0.25});
    Array eps = Full({2, 2}, 1e-4, Dtype::kFloat64);
    CheckBackward(func, {x}, {MakeArray<double>({}, {-0.5})}, {eps});
    CheckDoubleBackward(func, {x}, {MakeArray<double>({}, {-0.5})}, {Full({2, 2}, 0.5, Dtype::kFloat64)},
                        {eps, Full({}, 1e-4, Dtype::kFloat64)});
}

// The second derivative of the Huber loss is 1 inside delta, at d = 0 too.
TEST_F(LossTest, HuberLossDoubleBackward) {
    auto func = [](const std::vector<Array>& xs) {
        return std::vector<Array>{HuberLoss(xs[0], Zeros({3}, Dtype::kFloat64), 1.0)};
    };
    Array x = MakeArray<double>({3}, {0, 0.5, -2});
    Array gy = MakeArray<double>({3}, {1, -0.5, 2});
    CheckDoubleBackward(func, {x}, {gy}, {Full({3}, 0.5, Dtype::kFloat64)},
                        {Full({3}, 1e-4, Dtype::kFloat64), Full({3}, 1e-4, Dtype::kFloat64)});
}

TEST_F(LossTest, GradientOfSoftmaxCrossEntropy) {
    Array x = MakeArray<double>({2, 3}, {0.5, -1, 2, 1, 0.25, -0.5});
    Array t = MakeArray<int32_t>({2}, {2, 0});
    auto func = [t](const std::vector<Array>& xs) { return std::vector<Array>{SoftmaxCrossEntropy(xs[0], t)}; };
    Array eps = Full({2, 3}, 1e-4, Dtype::kFloat64);
    CheckBackward(func, {x}, {MakeArray<double>({2}, {1, -0.5})}, {eps});
    CheckDoubleBackward(func, {x}, {MakeArray<double>({2}, {1, -0.5})}, {Full({2, 3}, 0.5, Dtype::kFloat64)},
                        {eps, Full({2}, 1e-4, Dtype::kFloat64)});
}

}  // namespace
}  // namespace chainerx
