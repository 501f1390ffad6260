#include "chainerx/core/routines/rounding.h"

#include <vector>

#include <gtest/gtest.h>

#include "chainerx/core/check_backward.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/testing/testing.h"

namespace chainerx {
namespace {

using testing::ExpectArrayEq;
using testing::MakeArray;

class RoundingTest : public testing::ContextTest {};

TEST_F(RoundingTest, Values) {
    Array x = MakeArray<double>({4}, {-1.5, -0.5, 0.5, 2});
    ExpectArrayEq<double>(Ceil(x), {4}, {-1, 0, 1, 2});
    ExpectArrayEq<double>(Floor(x), {4}, {-2, -1, 0, 2});
    ExpectArrayEq<float>(Floor(MakeArray<int8_t>({2}, {-3, 7})), {2}, {-3, 7});  // integers give float32
}

TEST_F(RoundingTest, GradientIsZero) {
    Array x = MakeArray<float>({2}, {0.25f, -1.75f}).RequireGrad();
    Array y = Ceil(x) + Floor(x);
    y.Backward();
    ASSERT_TRUE(x.GetGrad().has_value());
    ExpectArrayEq<float>(*x.GetGrad(), {2}, {0, 0});
    auto ceil = [](const std::vector<Array>& xs) { return std::vector<Array>{Ceil(xs[0])}; };
    Array gy = Ones({2}, Dtype::kFloat64);
    CheckBackward(ceil, {MakeArray<double>({2}, {0.3, -1.6})}, {gy}, {Full({2}, 1e-3, Dtype::kFloat64)});
}

}  // namespace
}  // namespace chainerx
