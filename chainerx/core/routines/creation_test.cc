#include "chainerx/core/routines/creation.h"

#include <vector>

#include <gtest/gtest.h>

#include "chainerx/core/array.h"
#include "chainerx/core/check_backward.h"
#include "chainerx/core/error.h"
#include "chainerx/testing/testing.h"

namespace chainerx {
namespace {

using testing::ExpectArrayEq;
using testing::MakeArray;

class CreationTest : public testing::ContextTest {};

TEST_F(CreationTest, EyeIdentityTri) {
    ExpectArrayEq<double>(Eye(2, 3, 1, Dtype::kFloat64), {2, 3}, {0, 1, 0, 0, 0, 1});
    ExpectArrayEq<int32_t>(Identity(2, Dtype::kInt32), {2, 2}, {1, 0, 0, 1});
    ExpectArrayEq<bool>(Tri(2, 3, 0, Dtype::kBool), {2, 3}, {true, false, false, true, true, false});
    EXPECT_THROW(Eye(-1, std::nullopt, 0, Dtype::kFloat32), DimensionError);
}

TEST_F(CreationTest, TrilTriuAndDiag) {
    Array m = MakeArray<float>({2, 3}, {1, 2, 3, 4, 5, 6});
    ExpectArrayEq<float>(Tril(m), {2, 3}, {1, 0, 0, 4, 5, 0});
    ExpectArrayEq<float>(Triu(m, 1), {2, 3}, {0, 2, 3, 0, 0, 6});
    ExpectArrayEq<float>(Diag(m, 1), {2}, {2, 6});
    EXPECT_EQ(Diag(m).data(), m.data());  // the diagonal of a matrix is a view
    ExpectArrayEq<float>(Diag(MakeArray<float>({2}, {7, 8}), -1), {3, 3}, {0, 0, 0, 7, 0, 0, 0, 8, 0});
    EXPECT_THROW(Diag(Zeros({}, Dtype::kFloat32)), DimensionError);
    EXPECT_THROW(Tril(Zeros({}, Dtype::kFloat32)), DimensionError);
}

TEST_F(CreationTest, LinspaceAndMeshgrid) {
    ExpectArrayEq<float>(Linspace(0, 1, 5), {5}, {0, 0.25f, 0.5f, 0.75f, 1});
    ExpectArrayEq<double>(Linspace(0, 1, 4, false, Dtype::kFloat64), {4}, {0, 0.25, 0.5, 0.75});
    EXPECT_THROW(Linspace(0, 1, -1), ChainerxError);
    std::vector<Array> grid = Meshgrid({Arange(0, 3, 1), Arange(0, 2, 1)}, MeshgridIndexingMode::kCartesian);
    ExpectArrayEq<int32_t>(grid[0], {2, 3}, {0, 1, 2, 0, 1, 2});
    ExpectArrayEq<int32_t>(grid[1], {2, 3}, {0, 0, 0, 1, 1, 1});
}

TEST_F(CreationTest, DiagBackward) {
    Array v = MakeArray<double>({2}, {1, 2});
    Array gy = MakeArray<double>({3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9});
    Array eps = Full({2}, 1e-3, Dtype::kFloat64);
    CheckBackward([](const std::vector<Array>& xs) { return std::vector<Array>{Diag(xs[0], 1)}; }, {v}, {gy}, {eps});
}

}  // namespace
}  // namespace chainerx
