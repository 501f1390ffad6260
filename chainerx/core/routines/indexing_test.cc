#include "chainerx/core/routines/indexing.h"

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

class IndexingTest : public testing::ContextTest {};

TEST_F(IndexingTest, SliceLengthsFollowPython) {
    EXPECT_EQ(Slice{}.GetLength(5), 5);
    EXPECT_EQ(Slice(1, std::nullopt, 2).GetLength(6), 3);  // 1 3 5
    EXPECT_EQ(Slice(std::nullopt, std::nullopt, -1).GetStart(4), 3);
    EXPECT_EQ(Slice(std::nullopt, std::nullopt, -2).GetLength(5), 3);  // 4 2 0
    EXPECT_EQ(Slice(-2, 100).GetLength(5), 2);
    EXPECT_EQ(Slice(3, 1).GetLength(5), 0);
    EXPECT_EQ(Slice(-100, std::nullopt, -1).GetLength(5), 0);
    EXPECT_THROW(Slice(0, 1, 0), DimensionError);
}

TEST_F(IndexingTest, IntegersSlicesNewAxisAndEllipsisMakeViews) {
    Array a = Arange(0, 24, 1, Dtype::kInt32).Reshape({2, 3, 4});
    Array row = a.At({1, -1});
    EXPECT_EQ(row.data(), a.data());
    ExpectArrayEq<int32_t>(row, {4}, {20, 21, 22, 23});
    Array reversed = a.At({Ellipsis{}, Slice(std::nullopt, std::nullopt, -2)});
    EXPECT_EQ(reversed.strides(), (Strides{48, 16, -8}));
    ExpectArrayEq<int32_t>(reversed.At({0, 0}), {2}, {3, 1});
    ExpectArrayEq<int32_t>(a.At({NewAxis{}, 0, Slice(1, 2), NewAxis{}, 2}), {1, 1, 1}, {6});
    ExpectArrayEq<int32_t>(a.At({Slice(5, 9)}), {0, 3, 4}, {});
}

TEST_F(IndexingTest, BadKeysRaiseIndexError) {
    Array a = Zeros({2, 3}, Dtype::kFloat32);
    EXPECT_THROW(a.At({2}), IndexError);
    EXPECT_THROW(a.At({0, -4}), IndexError);
    EXPECT_THROW(a.At({0, 0, 0}), IndexError);
    EXPECT_THROW(a.At({Ellipsis{}, Ellipsis{}}), IndexError);
    EXPECT_THROW(Zeros({}, Dtype::kFloat32).At({0}), IndexError);
}

TEST_F(IndexingTest, GradientsScatterIntoZerosUpToSecondOrder) {
    Array x = MakeArray<double>({2, 3}, {1, -2, 3, 0.5, 2, -1});
    std::vector<ArrayIndex> key{Slice(std::nullopt, std::nullopt, -1), 1};
    auto square_of_view = [&key](const std::vector<Array>& xs) {
        Array v = At(xs[0], key);
        return std::vector<Array>{v * v};
    };
    Array eps = Full({1}, 1e-3, Dtype::kFloat64);
    Array gy = MakeArray<double>({2}, {1.5, -0.5});
    CheckBackward(square_of_view, {x}, {gy}, {eps});
    CheckDoubleBackward(square_of_view, {x}, {gy}, {Ones({2, 3}, Dtype::kFloat64)}, {eps, eps});

    Array leaf = MakeArray<double>({2, 3}, {1, 2, 3, 4, 5, 6}).RequireGrad();
    At(leaf, key).Backward();
    ExpectArrayEq<double>(*leaf.GetGrad(), {2, 3}, {0, 1, 0, 0, 1, 0});
}

}  // namespace
}  // namespace chainerx
