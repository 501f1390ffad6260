#include "chainerx/core/routines/manipulation.h"

#include <vector>

#include <gtest/gtest.h>

#include "chainerx/core/array.h"
#include "chainerx/core/check_backward.h"
#include "chainerx/core/error.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/testing/testing.h"

namespace chainerx {
namespace {

using testing::ExpectArrayEq;
using testing::MakeArray;

class ManipulationTest : public testing::ContextTest {};

TEST_F(ManipulationTest, AxisViews) {
    Array a = Arange(0, 6, 1).Reshape({2, 3});
    ExpectArrayEq<int32_t>(Flip(a, Axes{1}), {2, 3}, {2, 1, 0, 5, 4, 3});
    EXPECT_EQ(Flip(a).data(), a.data());
    ExpectArrayEq<int32_t>(Swapaxes(a, 0, 1), {3, 2}, {0, 3, 1, 4, 2, 5});
    EXPECT_EQ(Moveaxis(Zeros({2, 3, 4}, Dtype::kFloat32), {0}, {2}).shape(), (Shape{3, 4, 2}));
    EXPECT_EQ(Rollaxis(Zeros({2, 3, 4}, Dtype::kFloat32), 2).shape(), (Shape{4, 2, 3}));
    EXPECT_EQ(Squeeze(Zeros({1, 2, 1}, Dtype::kFloat32)).shape(), (Shape{2}));
    EXPECT_EQ(ExpandDims(a, -1).shape(), (Shape{2, 3, 1}));
    EXPECT_THROW(Squeeze(a, Axes{0}), DimensionError);
    EXPECT_THROW(Fliplr(Zeros({2}, Dtype::kFloat32)), DimensionError);
}

TEST_F(ManipulationTest, JoinSplitRepeat) {
    Array a = MakeArray<int32_t>({2, 2}, {1, 2, 3, 4});
    Array b = MakeArray<int8_t>({2, 1}, {5, 6});
    ExpectArrayEq<int32_t>(Concatenate({a, b}, 1), {2, 3}, {1, 2, 5, 3, 4, 6});
    ExpectArrayEq<int32_t>(Stack({a, a}, 2), {2, 2, 2}, {1, 1, 2, 2, 3, 3, 4, 4});
    std::vector<Array> parts = Split(a, std::vector<int64_t>{1}, 1);
    ASSERT_EQ(parts.size(), 2U);
    ExpectArrayEq<int32_t>(parts[1], {2, 1}, {2, 4});
    EXPECT_EQ(parts[1].data(), a.data());
    ExpectArrayEq<int32_t>(Repeat(a, std::vector<int64_t>{0, 2}, 0), {2, 2}, {3, 4, 3, 4});
    EXPECT_THROW(Concatenate({}, 0), DimensionError);
    EXPECT_THROW(Split(a, 3, 0), DimensionError);
}

TEST_F(ManipulationTest, PadConstant) {
    Array x = MakeArray<float>({1, 2}, {1, 2});
    ExpectArrayEq<float>(PadConstant(x, {{1, 0}, {0, 1}}, 7), {2, 3}, {7, 7, 7, 1, 2, 7});
    EXPECT_THROW(PadConstant(x, {{1, 0}}, 0), DimensionError);
    EXPECT_THROW(PadConstant(x, {{1, 0}, {-1, 0}}, 0), DimensionError);
}

TEST_F(ManipulationTest, CopyTo) {
    Array dst = Zeros({2, 2}, Dtype::kInt32);
    CopyTo(dst, MakeArray<int32_t>({2}, {7, 8}), CastingMode::kNo, MakeArray<bool>({2, 1}, {true, false}));
    ExpectArrayEq<int32_t>(dst, {2, 2}, {7, 8, 0, 0});
    EXPECT_THROW(CopyTo(dst, dst, CastingMode::kSafe), NotImplementedError);
    EXPECT_THROW(CopyTo(dst, Zeros({2}, Dtype::kInt8)), DtypeError);
}

TEST_F(ManipulationTest, ConcatenateSplitBackward) {
    Array x1 = MakeArray<double>({2, 1}, {1, 2});
    Array x2 = MakeArray<double>({2, 2}, {3, 4, 5, 6});
    Array gy = MakeArray<double>({2, 3}, {1, -1, 2, -2, 3, -3});
    Array eps = Full({2, 1}, 1e-3, Dtype::kFloat64);
    Array eps2 = Full({2, 2}, 1e-3, Dtype::kFloat64);
    CheckBackward(
            [](const std::vector<Array>& xs) { return std::vector<Array>{Concatenate({xs[0], xs[1]}, 1)}; },
            {x1, x2},
            {gy},
            {eps, eps2});
    CheckBackward(
            [](const std::vector<Array>& xs) { return Split(xs[0], std::vector<int64_t>{3, 1}, 0); },
            {MakeArray<double>({4}, {1, 2, 3, 4})},
            {MakeArray<double>({3}, {1, 2, 3}), MakeArray<double>({0}, {}), MakeArray<double>({3}, {4, 5, 6})},
            {Full({4}, 1e-3, Dtype::kFloat64)});
}

}  // namespace
}  // namespace chainerx
