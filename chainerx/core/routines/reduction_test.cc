#include "chainerx/core/routines/reduction.h"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "chainerx/core/backward.h"
#include "chainerx/core/check_backward.h"
#include "chainerx/core/error.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/testing/testing.h"

namespace chainerx {
namespace {

using testing::ExpectArrayEq;
using testing::MakeArray;

class ReductionTest : public testing::ContextTest {};

TEST_F(ReductionTest, SumsWidenIntegersAndKeepFloats) {
    Array a = MakeArray<int8_t>({2, 3}, {100, 100, 100, -1, -2, -3});
    ExpectArrayEq<int64_t>(Sum(a), {}, {294});
    ExpectArrayEq<int64_t>(Sum(a, Axes{1}, true), {2, 1}, {300, -6});
    ExpectArrayEq<int64_t>(Sum(a.Transpose(), Axes{0}), {2}, {300, -6});
    ExpectArrayEq<float>(Sum(MakeArray<float>({3}, {0.5f, 1.5f, 2.0f})), {}, {4.0f});
    EXPECT_THROW(Sum(a, Axes{2}), DimensionError);
    EXPECT_THROW(Sum(a, Axes{0, 0}), DimensionError);
}

TEST_F(ReductionTest, NanSumSkipsNans) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    Array a = MakeArray<float>({2, 2}, {1.0f, nan, nan, nan});
    ExpectArrayEq<float>(NanSum(a, Axes{1}), {2}, {1.0f, 0.0f});
    EXPECT_TRUE(std::isnan(Sum(a).AsScalar().As<double>()));
}

TEST_F(ReductionTest, CumsumAlongAxisAndFlattened) {
    Array a = MakeArray<int32_t>({2, 3}, {1, 2, 3, 4, 5, 6});
    ExpectArrayEq<int64_t>(Cumsum(a, 1), {2, 3}, {1, 3, 6, 4, 9, 15});
    ExpectArrayEq<int64_t>(Cumsum(a, -2), {2, 3}, {1, 2, 3, 5, 7, 9});
    ExpectArrayEq<int64_t>(Cumsum(a), {6}, {1, 3, 6, 10, 15, 21});
    EXPECT_THROW(Cumsum(a, 2), DimensionError);
}

TEST_F(ReductionTest, TruthReductionsAndCounts) {
    Array a = MakeArray<float>({2, 3}, {0.0f, 1.0f, 2.0f, 0.0f, 0.0f, 0.0f});
    ExpectArrayEq<bool>(All(a, Axes{0}), {3}, {false, false, false});
    ExpectArrayEq<bool>(Any(a, Axes{1}, true), {2, 1}, {true, false});
    ExpectArrayEq<bool>(All(Zeros({0}, Dtype::kInt32)), {}, {true});
    ExpectArrayEq<int64_t>(CountNonzero(a), {}, {2});
    ExpectArrayEq<int64_t>(CountNonzero(a, Axes{1}), {2}, {2, 0});
}

TEST_F(ReductionTest, GradientsOfSumNanSumAndCumsum) {
    Array x = MakeArray<double>({2, 3}, {0.5, -1.0, 2.0, 1.5, 0.25, -0.75});
    Array gy = MakeArray<double>({2}, {1.0, -2.0});
    Array eps = Full({2, 3}, 1e-3, Dtype::kFloat64);
    for (auto fn : {&Sum, &NanSum}) {
        auto square_then_reduce = [fn](const std::vector<Array>& xs) {
            return std::vector<Array>{fn(xs[0] * xs[0], Axes{1}, false)};
        };
        CheckBackward(square_then_reduce, {x}, {gy}, {eps});
    }
    auto square_then_cumsum = [](const std::vector<Array>& xs) { return std::vector<Array>{Cumsum(xs[0] * xs[0], 1)}; };
    CheckBackward(square_then_cumsum, {x}, {Full({2, 3}, 0.5, Dtype::kFloat64)}, {eps});
}

}  // namespace
}  // namespace chainerx
