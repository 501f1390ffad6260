#include "chainerx/core/routines/connection.h"

#include <optional>

#include <gtest/gtest.h>

#include "chainerx/core/error.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/testing/testing.h"

namespace chainerx {
namespace {

using testing::ExpectArrayEq;
using testing::MakeArray;

class ConnectionTest : public testing::ContextTest {};

TEST_F(ConnectionTest, ConvAndTranspose) {
    // A 1-d sum filter of width 2 with padding 1: [1, 2, 3] -> [1, 3, 5, 3].
    Array x = MakeArray<float>({1, 1, 3}, {1, 2, 3});
    Array w = Ones({1, 1, 2}, Dtype::kFloat32);
    ExpectArrayEq<float>(Conv(x, w, std::nullopt, {1}, {1}), {1, 1, 4}, {1, 3, 5, 3});
    // Its transpose maps 4 values back to 3 positions: each input adds itself to two neighbours.
    Array y = MakeArray<float>({1, 1, 4}, {1, 0, 0, 1});
    ExpectArrayEq<float>(ConvTranspose(y, w, std::nullopt, {1}, {1}), {1, 1, 3}, {1, 0, 1});
    EXPECT_THROW(Conv(x, Ones({1, 1, 6}, Dtype::kFloat32), std::nullopt, {1}, {1}), DimensionError);
    EXPECT_THROW(Conv(x, Ones({1, 2, 2}, Dtype::kFloat32), std::nullopt, {1}, {0}), DimensionError);
}

// See Note [Convolution without spatial axes].
TEST_F(ConnectionTest, RankTwoIsADenseProduct) {
    Array x = MakeArray<float>({1, 2}, {1, 2});
    Array w = MakeArray<float>({3, 2}, {1, 0, 0, 1, 1, 1});
    ExpectArrayEq<float>(Conv(x, w, Ones({3}, Dtype::kFloat32), {}, {}), {1, 3}, {2, 3, 4});
    ExpectArrayEq<float>(ConvTranspose(x, w.Transpose(), std::nullopt, {}, {}), {1, 3}, {1, 2, 3});
    EXPECT_THROW(Conv(x, w, std::nullopt, {1}, {}), DimensionError);
    EXPECT_THROW(ConvTranspose(x, w.Transpose(), std::nullopt, {}, {}, Dims{1}), DimensionError);
    EXPECT_THROW(Conv(Ones({2}, Dtype::kFloat32), Ones({2}, Dtype::kFloat32), std::nullopt, {}, {}), DimensionError);
}

// stride and pad need one entry per spatial axis: a single entry is not broadcast.
TEST_F(ConnectionTest, StrideAndPadLengthsAreChecked) {
    Array x = Ones({1, 1, 4, 4}, Dtype::kFloat32);
    Array w = Ones({1, 1, 2, 2}, Dtype::kFloat32);
    EXPECT_THROW(Conv(x, w, std::nullopt, {1}, {0, 0}), DimensionError);
    EXPECT_THROW(Conv(x, w, std::nullopt, {1, 1}, {0}), DimensionError);
    EXPECT_THROW(ConvTranspose(x, w, std::nullopt, {1}, {0, 0}), DimensionError);
    // Overflowing sizes are errors, not wrapped shapes.
    const int64_t huge = int64_t{1} << 62;
    EXPECT_THROW(Conv(x, w, std::nullopt, {1, 1}, {huge, 0}), DimensionError);
    EXPECT_THROW(ConvTranspose(x, w, std::nullopt, {huge, 1}, {0, 0}), DimensionError);
    EXPECT_THROW(ConvTranspose(x, w, std::nullopt, {1, 1}, {0, 0}, Dims{huge, 5}), DimensionError);
}

// Note [Channel groups]: with 2 groups of 1 channel, each output channel sees its own input channel only.
TEST_F(ConnectionTest, GroupsConvolveTheirChannelsApart) {
    Array x = MakeArray<float>({1, 2, 3}, {1, 2, 3, 10, 20, 30});
    Array w = MakeArray<float>({4, 1, 2}, {1, 0, 0, 1, 1, 1, 1, -1});  // two filters per channel
    ExpectArrayEq<float>(Conv(x, w, std::nullopt, {1}, {0}, false, 2), {1, 4, 2}, {1, 2, 2, 3, 30, 50, -10, -10});
    // The transpose with the same w maps the 4 channels back to 2, each from its own pair.
    Array y = MakeArray<float>({1, 4, 1}, {1, 2, 3, 4});
    ExpectArrayEq<float>(ConvTranspose(y, w, std::nullopt, {1}, {0}, std::nullopt, 2), {1, 2, 2}, {1, 2, 7, -1});
    // Rank 2: a block-diagonal product.
    Array x2 = MakeArray<float>({1, 4}, {1, 2, 3, 4});
    Array w2 = MakeArray<float>({2, 2}, {1, 1, 1, -1});
    ExpectArrayEq<float>(Conv(x2, w2, std::nullopt, {}, {}, false, 2), {1, 2}, {3, -1});
    EXPECT_THROW(Conv(x, w, std::nullopt, {1}, {0}, false, 0), DimensionError);
    EXPECT_THROW(Conv(x, w, std::nullopt, {1}, {0}, false, 3), DimensionError);
    EXPECT_THROW(ConvTranspose(y, w, std::nullopt, {1}, {0}, std::nullopt, 3), DimensionError);
}

TEST_F(ConnectionTest, BoolIsOrOfAnds) {
    Array x = MakeArray<bool>({1, 1, 4}, {true, false, false, true});
    Array w = MakeArray<bool>({1, 1, 2}, {false, true});
    ExpectArrayEq<bool>(Conv(x, w, std::nullopt, {1}, {0}), {1, 1, 3}, {false, false, true});
    ExpectArrayEq<bool>(ConvTranspose(x, w, std::nullopt, {1}, {0}), {1, 1, 5}, {false, true, false, false, true});
}

TEST_F(ConnectionTest, ConvGradients) {
    Array x = MakeArray<double>({1, 1, 3}, {1, 2, 3}).RequireGrad();
    Array w = MakeArray<double>({1, 1, 2}, {1, -1}).RequireGrad();
    Array b = MakeArray<double>({1}, {0.5}).RequireGrad();
    Conv(x, w, b, {1}, {0}).Sum().Backward();
    ExpectArrayEq<double>(*x.GetGrad(), {1, 1, 3}, {1, 0, -1});
    ExpectArrayEq<double>(*w.GetGrad(), {1, 1, 2}, {3, 5});
    ExpectArrayEq<double>(*b.GetGrad(), {1}, {2});
}

}  // namespace
}  // namespace chainerx
