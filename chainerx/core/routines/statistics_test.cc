#include "chainerx/core/routines/statistics.h"

#include <gtest/gtest.h>

#include "chainerx/core/backward.h"
#include "chainerx/core/error.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/testing/testing.h"

namespace chainerx {
namespace {

using testing::ExpectArrayEq;
using testing::MakeArray;

class StatisticsTest : public testing::ContextTest {};

TEST_F(StatisticsTest, ExtremaKeepTheDtype) {
    Array a = MakeArray<int16_t>({2, 3}, {4, -7, 1, 0, 9, -2});
    ExpectArrayEq<int16_t>(AMax(a), {}, {9});
    ExpectArrayEq<int16_t>(AMin(a, Axes{1}), {2}, {-7, -2});
    ExpectArrayEq<int16_t>(AMax(a.Transpose(), Axes{1}, true), {3, 1}, {4, 9, 1});
    EXPECT_THROW(AMax(Zeros({0, 3}, Dtype::kFloat32), Axes{0}), DimensionError);
    ExpectArrayEq<float>(AMax(Zeros({0, 3}, Dtype::kFloat32), Axes{1}), {0}, {});
}

TEST_F(StatisticsTest, MeanAndVarOfIntegersAreFloat32) {
    Array a = MakeArray<int32_t>({2, 2}, {1, 2, 3, 6});
    ExpectArrayEq<float>(Mean(a), {}, {3.0f});
    ExpectArrayEq<float>(Mean(a, Axes{0}), {2}, {2.0f, 4.0f});
    ExpectArrayEq<float>(Var(a, Axes{1}), {2}, {0.25f, 2.25f});
}

TEST_F(StatisticsTest, AMaxGradientGoesToEveryTiedMaximum) {
    Array x = MakeArray<float>({4}, {1.0f, 3.0f, 3.0f, 2.0f}).RequireGrad();
    Backward(AMax(x));
    ExpectArrayEq<float>(*x.GetGrad(), {4}, {0.0f, 1.0f, 1.0f, 0.0f});
}

}  // namespace
}  // namespace chainerx
