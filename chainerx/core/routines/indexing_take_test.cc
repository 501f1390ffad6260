#include "chainerx/core/routines/indexing.h"

#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "chainerx/core/check_backward.h"
#include "chainerx/core/error.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/logic.h"
#include "chainerx/testing/testing.h"

namespace chainerx {
namespace {

using testing::ExpectArrayEq;
using testing::MakeArray;

class IndexingTakeTest : public testing::ContextTest {};

TEST_F(IndexingTakeTest, TakeModes) {
    Array a = MakeArray<int32_t>({2, 3}, {0, 1, 2, 3, 4, 5});
    Array indices = MakeArray<int8_t>({2}, {-1, 0});
    ExpectArrayEq<int32_t>(Take(a, indices, 1), {2, 2}, {2, 0, 5, 3});
    Array far = MakeArray<int64_t>({3}, {4, -4, 1});
    ExpectArrayEq<int32_t>(Take(a, far, 1, IndexBoundsMode::kWrap), {2, 3}, {1, 2, 1, 4, 5, 4});
    ExpectArrayEq<int32_t>(Take(a, far, 1, IndexBoundsMode::kClip), {2, 3}, {2, 0, 1, 5, 3, 4});
    EXPECT_THROW(Take(a, far, 1, IndexBoundsMode::kRaise), IndexError);
    EXPECT_THROW(Take(a, far, 2), DimensionError);
    EXPECT_THROW(Take(a, Zeros({1}, Dtype::kFloat32), 0), DtypeError);
}

TEST_F(IndexingTakeTest, TakeGradientAccumulatesRepeatedPositions) {
    Array x = MakeArray<double>({3}, {1, 2, 3}).RequireGrad();
    Take(x, MakeArray<int64_t>({3}, {2, 0, 2}), 0).Sum().Backward();
    ExpectArrayEq<double>(*x.GetGrad(), {3}, {1, 0, 2});

    Array indices = MakeArray<int64_t>({2, 2}, {1, 1, 0, 2});
    auto square_of_take = [&indices](const std::vector<Array>& xs) {
        Array t = Take(xs[0], indices, 1);
        return std::vector<Array>{t * t};
    };
    Array x2 = MakeArray<double>({2, 3}, {1, -2, 3, 0.5, 2, -1});
    Array eps = Full({1}, 1e-3, Dtype::kFloat64);
    Array gy = Full({2, 2, 2}, 0.5, Dtype::kFloat64);
    CheckBackward(square_of_take, {x2}, {gy}, {eps});
    CheckDoubleBackward(square_of_take, {x2}, {gy}, {Ones({2, 3}, Dtype::kFloat64)}, {eps, eps});
}

TEST_F(IndexingTakeTest, WhereNonzeroAndAdvancedIndexing) {
    Array cond = MakeArray<bool>({3}, {true, false, true});
    Array x = MakeArray<float>({3}, {1, 2, 3});
    ExpectArrayEq<float>(Where(cond, x, Scalar{0.5}), {3}, {1, 0.5, 3});
    ExpectArrayEq<int32_t>(Where(cond, Scalar{1}, Scalar{2}), {3}, {1, 2, 1});
    EXPECT_THROW(Where(cond, x, Zeros({2}, Dtype::kFloat32)), DimensionError);

    std::vector<Array> coords = Nonzero(MakeArray<int32_t>({2, 2}, {0, 7, 3, 0}));
    ExpectArrayEq<int64_t>(coords[0], {2}, {0, 1});
    ExpectArrayEq<int64_t>(coords[1], {2}, {1, 0});
    EXPECT_THROW(Nonzero(Zeros({}, Dtype::kFloat32)), DimensionError);

    Array a = Arange(0, 12, 1, Dtype::kInt32).Reshape({3, 4});
    ExpectArrayEq<int32_t>(AtAdvanced(a, {Slice{}, MakeArray<int64_t>({2}, {3, 0})}), {3, 2}, {3, 0, 7, 4, 11, 8});
    ExpectArrayEq<int32_t>(AtAdvanced(a, {Greater(a, Scalar{9})}), {2}, {10, 11});
    EXPECT_THROW(AtAdvanced(a, {MakeArray<int64_t>({1}, {3})}), IndexError);
}

}  // namespace
}  // namespace chainerx
