#include "chainerx/core/routines/sorting.h"

#include <cmath>
#include <cstdint>
#include <limits>

#include <gtest/gtest.h>

#include "chainerx/core/error.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/testing/testing.h"

namespace chainerx {
namespace {

using testing::ExpectArrayEq;
using testing::MakeArray;

class SortingTest : public testing::ContextTest {};

TEST_F(SortingTest, ArgMaxAndArgMinPickTheFirstExtremum) {
    Array a = MakeArray<int32_t>({2, 3}, {3, 1, 3, -2, 5, -2});
    ExpectArrayEq<int64_t>(ArgMax(a), {}, {4});
    ExpectArrayEq<int64_t>(ArgMax(a, 1), {2}, {0, 1});
    ExpectArrayEq<int64_t>(ArgMin(a, 0), {3}, {1, 0, 1});
    ExpectArrayEq<int64_t>(ArgMin(a.Transpose(), -1), {3}, {1, 0, 1});  // strided lanes
}

TEST_F(SortingTest, NanPropagatesInArgMaxAndIsSkippedByNanArgMax) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    Array a = MakeArray<double>({2, 3}, {1, nan, 2, nan, nan, nan});
    ExpectArrayEq<int64_t>(ArgMax(a, 1), {2}, {1, 0});
    ExpectArrayEq<int64_t>(NanArgMax(a, 1), {2}, {2, -1});
    ExpectArrayEq<int64_t>(NanArgMin(a), {}, {0});
}

TEST_F(SortingTest, EmptyReductionsAndBadAxesThrow) {
    EXPECT_THROW(ArgMax(Zeros({0}, Dtype::kFloat32)), DimensionError);
    EXPECT_THROW(ArgMin(Zeros({2, 0}, Dtype::kFloat32), 1), DimensionError);
    EXPECT_THROW(ArgMax(Zeros({2}, Dtype::kFloat32), 1), DimensionError);
    ExpectArrayEq<int64_t>(ArgMax(Zeros({0, 2}, Dtype::kFloat32), 1), {0}, {});
}

}  // namespace
}  // namespace chainerx
