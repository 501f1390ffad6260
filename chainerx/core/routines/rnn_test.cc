#include "chainerx/core/routines/rnn.h"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "chainerx/core/check_backward.h"
#include "chainerx/core/error.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/testing/testing.h"

namespace chainerx {
namespace {

using testing::MakeArray;
using testing::ToVector;

class RnnTest : public testing::ContextTest {};

TEST_F(RnnTest, LstmWithZeroGatesHalvesTheCell) {
    Array c = MakeArray<double>({3, 1}, {2, -4, 7});
    std::vector<Array> c_h = Lstm(c, Zeros({2, 4}, Dtype::kFloat64));
    std::vector<double> c_new = ToVector<double>(c_h[0]);
    EXPECT_EQ(c_new, (std::vector<double>{1, -2, 7}));  // the third row is beyond x's batch
    EXPECT_NEAR(ToVector<double>(c_h[1])[0], 0.5 * std::tanh(1.0), 1e-15);
    EXPECT_EQ(c_h[1].shape(), (Shape{2, 1}));
    EXPECT_THROW(Lstm(c, Zeros({2, 6}, Dtype::kFloat64)), DimensionError);
    EXPECT_THROW(TreeLstm({Zeros({2, 4}, Dtype::kFloat64)}), DimensionError);
    // c must be floating point and of x's dtype (checked after the shapes).
    EXPECT_THROW(Lstm(c.AsType(Dtype::kFloat32), Zeros({2, 4}, Dtype::kFloat64)), DtypeError);
    EXPECT_THROW(Lstm(c.AsType(Dtype::kInt32), Zeros({2, 4}, Dtype::kInt32)), DtypeError);
    EXPECT_THROW(Lstm(c.AsType(Dtype::kInt32), Zeros({2, 6}, Dtype::kFloat64)), DimensionError);
}

// Each child's input gate scales its own candidate: with x2's gates at a2 = 0, child 2 adds nothing new.
TEST_F(RnnTest, SlstmGatesEachChildsCandidate) {
    Array c = Zeros({1, 1}, Dtype::kFloat64);
    Array x1 = MakeArray<double>({1, 4}, {1, 0, 0, 0});
    Array x2 = MakeArray<double>({1, 4}, {0, 3, 0, 0});
    std::vector<Array> c_h = Slstm(c, c, x1, x2);
    EXPECT_NEAR(ToVector<double>(c_h[0])[0], std::tanh(1.0) * 0.5, 1e-15);
}

TEST_F(RnnTest, NStepRnnRunsLayersOverTime) {
    // One unit, identity weights, zero biases: h_t = tanh(x_t + h_{t-1}).
    Array one = Ones({1, 1}, Dtype::kFloat64);
    Array zero = Zeros({1}, Dtype::kFloat64);
    std::vector<Array> xs{Full({2, 1}, 0.5, Dtype::kFloat64), Full({1, 1}, -0.25, Dtype::kFloat64)};
    NStepRnnResult r = NStepRnn(1, Zeros({1, 2, 1}, Dtype::kFloat64), {{one, one}}, {{zero, zero}}, xs);
    ASSERT_EQ(r.ys.size(), 2U);
    double h0 = std::tanh(0.5);
    EXPECT_NEAR(ToVector<double>(r.ys[1])[0], std::tanh(-0.25 + h0), 1e-15);
    EXPECT_EQ(r.hy.shape(), (Shape{1, 2, 1}));
    EXPECT_NEAR(ToVector<double>(r.hy)[1], h0, 1e-15);  // the shorter sequence stopped after step 0
    EXPECT_FALSE(r.cy.has_value());
    EXPECT_THROW(NStepRnn(2, Zeros({1, 2, 1}, Dtype::kFloat64), {{one, one}}, {{zero, zero}}, xs), DimensionError);
}

TEST_F(RnnTest, SlstmGradients) {
    std::vector<Array> inputs{MakeArray<double>({1, 1}, {0.5}), MakeArray<double>({1, 1}, {-1}),
                              MakeArray<double>({1, 4}, {0.25, -0.5, 1, 0.75}),
                              MakeArray<double>({1, 4}, {-0.25, 0.5, 0.125, 1})};
    auto func = [](const std::vector<Array>& xs) { return Slstm(xs[0], xs[1], xs[2], xs[3]); };
    std::vector<Array> gys{MakeArray<double>({1, 1}, {1}), MakeArray<double>({1, 1}, {-0.5})};
    std::vector<Array> eps;
    for (const Array& a : inputs) {
        eps.push_back(FullLike(a, 1e-4));
    }
    CheckBackward(func, inputs, gys, eps);
}

}  // namespace
}  // namespace chainerx
