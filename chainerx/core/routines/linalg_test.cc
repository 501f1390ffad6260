#include "chainerx/core/routines/linalg.h"

#include <cstdint>
#include <limits>
#include <tuple>
#include <utility>
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

class LinalgTest : public testing::ContextTest {};

// LAPACK results are exact only up to rounding.
void ExpectNear(const Array& actual, const Shape& shape, const std::vector<double>& expected) {
    EXPECT_EQ(actual.shape(), shape);
    std::vector<double> values = testing::ToVector<double>(actual);
    ASSERT_EQ(values.size(), expected.size());
    for (size_t i = 0; i < values.size(); ++i) {
        EXPECT_NEAR(values[i], expected[i], 1e-12) << "at flat index " << i;
    }
}

TEST_F(LinalgTest, DotValuesAndShapes) {
    Array a = MakeArray<float>({2, 3}, {1, 2, 3, 4, 5, 6});
    Array b = MakeArray<float>({3, 2}, {1, 0, 0, 1, 1, 1});
    ExpectArrayEq<float>(Dot(a, b), {2, 2}, {4, 5, 10, 11});
    ExpectArrayEq<float>(a.Dot(MakeArray<float>({3}, {1, 1, 1})), {2}, {6, 15});
    // Integers, through the same kernel; transposed operands go to the kernel as views.
    Array ai = MakeArray<int32_t>({2, 2}, {1, 2, 3, 4});
    ExpectArrayEq<int32_t>(Dot(ai, ai.Transpose()), {2, 2}, {5, 11, 11, 25});
    EXPECT_THROW(Dot(a, a), DimensionError);
}

TEST_F(LinalgTest, DotGradient) {
    Array a = MakeArray<double>({1, 2}, {1, 2}).RequireGrad();
    Array b = MakeArray<double>({2, 1}, {3, 4}).RequireGrad();
    Dot(a, b).Backward();
    ExpectArrayEq<double>(*a.GetGrad(), {1, 2}, {3, 4});
    ExpectArrayEq<double>(*b.GetGrad(), {2, 1}, {1, 2});
}

TEST_F(LinalgTest, MatmulPromotesVectorsAndBroadcastsBatches) {
    Array a = MakeArray<float>({2, 1, 1, 2}, {1, 2, 3, 4});
    Array b = MakeArray<float>({3, 2, 1}, {1, 1, 0, 1, 1, 0});
    // (2, 1, 1, 2) @ (3, 2, 1): batch axes (2, 1) and (3,) broadcast to (2, 3).
    ExpectArrayEq<float>(Matmul(a, b), {2, 3, 1, 1}, {3, 2, 1, 7, 4, 3});
    Array v = MakeArray<float>({2}, {1, 2});
    ExpectArrayEq<float>(Matmul(v, v), {}, {5});
    ExpectArrayEq<float>(Matmul(a, v), {2, 1, 1}, {5, 11});
    ExpectArrayEq<float>(Matmul(v, b), {3, 1}, {3, 2, 1});
    EXPECT_THROW(Matmul(v, MakeArray<float>({3}, {1, 2, 3})), DimensionError);
    EXPECT_THROW(Matmul(Ones({}, Dtype::kFloat32), v), DimensionError);
    // Batch axes 2 and 3 do not broadcast.
    EXPECT_THROW(Matmul(Ones({2, 1, 2}, Dtype::kFloat32), Ones({3, 2, 1}, Dtype::kFloat32)), DimensionError);
}

TEST_F(LinalgTest, MatmulGradientSumsOverBroadcastBatches) {
    Array a = MakeArray<double>({2, 1, 2}, {1, 2, 3, 4}).RequireGrad();
    Array b = MakeArray<double>({2, 1}, {5, 6}).Reshape({1, 2, 1}).RequireGrad();
    Matmul(a, b).Sum().Backward();
    ExpectArrayEq<double>(*a.GetGrad(), {2, 1, 2}, {5, 6, 5, 6});
    ExpectArrayEq<double>(*b.GetGrad(), {1, 2, 1}, {4, 6});
}

TEST_F(LinalgTest, SolveInverseCholesky) {
    Array a = MakeArray<double>({2, 2}, {4, 2, 2, 3});
    ExpectNear(Solve(a, MakeArray<double>({2}, {6, 5})), {2}, {1, 1});
    ExpectNear(Dot(a, Inverse(a)), {2, 2}, {1, 0, 0, 1});
    Array l = Cholesky(a);
    ExpectNear(Dot(l, l.Transpose()), {2, 2}, {4, 2, 2, 3});
    EXPECT_THROW(Inverse(MakeArray<double>({2, 2}, {1, 2, 2, 4})), ChainerxError);
    EXPECT_THROW(Inverse(Ones({2, 3}, Dtype::kFloat64)), DimensionError);
    EXPECT_THROW(Inverse(Ones({2, 2}, Dtype::kFloat16)), DtypeError);
}

TEST_F(LinalgTest, Decompositions) {
    Array a = MakeArray<double>({2, 2}, {2, 1, 1, 2});
    auto [w, v] = Eigh(a);
    ExpectNear(w, {2}, {1, 3});
    ExpectNear(Eigvalsh(a, 'U'), {2}, {1, 3});
    auto [u, s, vt] = Svd(a);
    ExpectNear(s, {2}, {3, 1});
    auto [q, r] = Qr(MakeArray<double>({2, 1}, {3, 4}));
    ExpectNear(Dot(q, r), {2, 1}, {3, 4});
    ExpectNear(PseudoInverse(MakeArray<double>({1, 2}, {1, 1})), {2, 1}, {0.5, 0.5});
    EXPECT_THROW(Eigh(a, 'X'), ChainerxError);
    ExpectNear(Eigvalsh(a, 'l'), {2}, {1, 3});
}

// A (3, 2) matrix with distinct singular values (about 4.1 and 1.3).
Array TallMatrix() { return MakeArray<double>({3, 2}, {3, 1, 1, 2, 0.5, -1}); }

TEST_F(LinalgTest, ReducedSvdGradient) {
    for (const Array& a : {TallMatrix(), TallMatrix().Transpose().Copy()}) {
        auto svd = [](const std::vector<Array>& xs) {
            auto [u, s, vt] = Svd(xs[0], false, true);
            return std::vector<Array>{u, s, vt};
        };
        auto [u, s, vt] = Svd(a, false, true);
        std::vector<Array> gys{FullLike(u, 0.5), FullLike(s, -1.0), FullLike(vt, 0.25)};
        CheckBackward(svd, {a}, gys, {FullLike(a, 1e-6)}, 1e-6, 1e-5);
        CheckDoubleBackward(svd, {a}, gys, {FullLike(a, 0.5)}, {FullLike(a, 1e-6), FullLike(u, 1e-6),
                            FullLike(s, 1e-6), FullLike(vt, 1e-6)}, 1e-5, 1e-4);
    }
}

TEST_F(LinalgTest, SvdGradientOtherFormsRaise) {
    // Only full_matrices = false with compute_uv = true is differentiable.
    for (auto [full_matrices, compute_uv] : {std::pair{true, true}, std::pair{true, false}, std::pair{false, false}}) {
        Array a = TallMatrix().RequireGrad();
        Array s = std::get<1>(Svd(a, full_matrices, compute_uv));
        EXPECT_THROW(s.Sum().Backward(), NotImplementedError);
    }
}

TEST_F(LinalgTest, PseudoInverseGradientHoldsCutoff) {
    // rcond 0.5 cuts the smaller singular value: pinv is then a smooth function of rank one.
    auto pinv = [](const std::vector<Array>& xs) { return std::vector<Array>{PseudoInverse(xs[0], 0.5)}; };
    Array a = TallMatrix();
    CheckBackward(pinv, {a}, {FullLike(a.Transpose(), 1.0)}, {FullLike(a, 1e-6)}, 1e-6, 1e-5);
}

TEST_F(LinalgTest, BadInputsRaise) {
    Array nan = MakeArray<double>({2, 2}, {1, 0, 0, std::numeric_limits<double>::quiet_NaN()});
    Array inf = MakeArray<double>({2, 2}, {std::numeric_limits<double>::infinity(), 0, 0, 1});
    for (const Array& a : {nan, inf}) {
        EXPECT_THROW(Svd(a), ChainerxError);
        EXPECT_THROW(Eigh(a), ChainerxError);
        EXPECT_THROW(Inverse(a), ChainerxError);
    }
    // A broadcast view of 2³² elements costs nothing to make but is beyond LAPACK's 32-bit indexing.
    Array huge = Ones({1, 1}, Dtype::kFloat32).BroadcastTo({int64_t{1} << 16, int64_t{1} << 16});
    EXPECT_THROW(Svd(huge), DimensionError);
    EXPECT_THROW(Inverse(huge), DimensionError);
    EXPECT_THROW(Svd(Ones({2, 2, 2}, Dtype::kFloat32)), DimensionError);
}

}  // namespace
}  // namespace chainerx
