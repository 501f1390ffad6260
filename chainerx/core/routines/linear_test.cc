#include "chainerx/core/routines/linear.h"

#include <optional>

#include <gtest/gtest.h>

#include "chainerx/core/error.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/testing/testing.h"

namespace chainerx {
namespace {

using testing::ExpectArrayEq;
using testing::MakeArray;

class LinearTest : public testing::ContextTest {};

// One row goes through GEMV, several through GEMM; both fold the bias in.
TEST_F(LinearTest, ForwardWithBiasOneRowAndSeveral) {
    Array w = MakeArray<float>({3, 2}, {1, 0, 0, 1, 1, 1});
    Array b = MakeArray<float>({3}, {0, 0, 1});
    ExpectArrayEq<float>(Linear(MakeArray<float>({1, 2}, {1, 2}), w, b), {1, 3}, {1, 2, 4});
    ExpectArrayEq<float>(Linear(MakeArray<float>({2, 2}, {1, 2, 3, 4}), w), {2, 3}, {1, 2, 3, 3, 4, 7});
    ExpectArrayEq<int32_t>(
            Linear(MakeArray<int32_t>({1, 2, 2}, {1, 2, 3, 4}), w.AsType(Dtype::kInt32), std::nullopt, 2),
            {1, 2, 3},
            {1, 2, 3, 3, 4, 7});
}

TEST_F(LinearTest, BadOperandsThrow) {
    Array x = MakeArray<float>({1, 2}, {1, 2});
    Array w = MakeArray<float>({3, 2}, {1, 0, 0, 1, 1, 1});
    EXPECT_THROW(Linear(x, w, std::nullopt, 0), DimensionError);
    EXPECT_THROW(Linear(x, w.Transpose()), DimensionError);
    EXPECT_THROW(Linear(x, w, Zeros({2}, Dtype::kFloat32)), DimensionError);
}

// Bool products are ORs of ANDs; a bool bias is ORed in.
TEST_F(LinearTest, BoolIsOrOfAnds) {
    Array x = MakeArray<bool>({2, 2}, {true, false, false, false});
    Array w = MakeArray<bool>({3, 2}, {true, true, false, true, false, false});
    ExpectArrayEq<bool>(Linear(x, w), {2, 3}, {true, false, false, false, false, false});
    Array b = MakeArray<bool>({3}, {false, true, false});
    ExpectArrayEq<bool>(Linear(x, w, b), {2, 3}, {true, true, false, false, true, false});
}

// Batch 1 takes the GEMV and outer-product paths in backward; the weight gradient is C-contiguous like w.
TEST_F(LinearTest, GradientsOfOneRow) {
    Array x = MakeArray<double>({1, 2}, {1, 2}).RequireGrad();
    Array w = MakeArray<double>({3, 2}, {1, 0, 0, 1, 1, 1}).RequireGrad();
    Array b = MakeArray<double>({3}, {0, 0, 1}).RequireGrad();
    (Linear(x, w, b) * MakeArray<double>({3}, {1, 2, 3})).Sum().Backward();
    ExpectArrayEq<double>(*x.GetGrad(), {1, 2}, {4, 5});
    ExpectArrayEq<double>(*w.GetGrad(), {3, 2}, {1, 2, 2, 4, 3, 6});
    EXPECT_TRUE(w.GetGrad()->IsContiguous());
    ExpectArrayEq<double>(*b.GetGrad(), {3}, {1, 2, 3});
}

}  // namespace
}  // namespace chainerx
