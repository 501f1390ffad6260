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
