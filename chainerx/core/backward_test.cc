#include "chainerx/core/backward.h"

#include <gtest/gtest.h>

#include "chainerx/core/backprop_mode.h"
#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/error.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/testing/testing.h"

namespace chainerx {
namespace {

using testing::ExpectArrayEq;
using testing::MakeArray;

class BackwardTest : public testing::ContextTest {};

TEST_F(BackwardTest, AddMultiplySumGradients) {
    Array x = MakeArray<float>({2, 3}, {1, 2, 3, 4, 5, 6}).RequireGrad();
    Array w = MakeArray<float>({3}, {1, 10, 100}).RequireGrad();
    Array y = ((x * w) + x).Sum();
    y.Backward();
    ExpectArrayEq<float>(*x.GetGrad(), {2, 3}, {2, 11, 101, 2, 11, 101});
    ExpectArrayEq<float>(*w.GetGrad(), {3}, {5, 7, 9});  // summed over the broadcast axis
}

TEST_F(BackwardTest, GradientsAccumulateAcrossBackwardCalls) {
    Array x = MakeArray<float>({2}, {1, 2}).RequireGrad();
    (x * 3).Sum().Backward();
    (x * 3).Sum().Backward();
    ExpectArrayEq<float>(*x.GetGrad(), {2}, {6, 6});
    x.ClearGrad();
    EXPECT_FALSE(x.GetGrad().has_value());
}

TEST_F(BackwardTest, GradIsTheSameBodyEachTime) {
    Array x = Ones({2}, Dtype::kFloat32).RequireGrad();
    x.Sum().Backward();
    EXPECT_EQ(x.GetGrad()->body(), x.GetGrad()->body());
}

TEST_F(BackwardTest, MixedDtypeGradientsHaveInputDtypes) {
    Array x = Ones({2}, Dtype::kFloat32).RequireGrad();
    Array w = Ones({2}, Dtype::kFloat64).RequireGrad();
    (x * w).Sum().Backward();
    EXPECT_EQ(x.GetGrad()->dtype(), Dtype::kFloat32);
    EXPECT_EQ(w.GetGrad()->dtype(), Dtype::kFloat64);
}

TEST_F(BackwardTest, BackwardContextGivesTheShapeAndDtypeOfRequiredInputsOnly) {
    // A two-input op whose backward reads its inputs' props from the context; y does not require grad.
    Array x = Ones({2, 3}, Dtype::kFloat32).RequireGrad();
    Array y = Ones({3}, Dtype::kFloat64);
    Array out = Ones({2, 3}, Dtype::kFloat32);
    Shape seen_shape;
    Dtype seen_dtype = Dtype::kBool;
    bool threw = false;
    {
        BackwardBuilder bb{"props", {x, y}, {out}};
        BackwardBuilder::Target bt = bb.CreateTarget();  // both inputs
        ASSERT_TRUE(bt);
        bt.Define([&](BackwardContext& bctx) {
            seen_shape = bctx.input_shape(0);
            seen_dtype = bctx.input_dtype(0);
            try {
                bctx.input_shape(1);
            } catch (const ChainerxError&) {
                threw = true;
            }
            bctx.input_grad(0) = *bctx.output_grad();
        });
        bb.Finalize();
    }
    out.Backward();
    EXPECT_EQ(seen_shape, Shape({2, 3}));
    EXPECT_EQ(seen_dtype, Dtype::kFloat32);
    EXPECT_TRUE(threw);
    ExpectArrayEq<float>(*x.GetGrad(), {2, 3}, {1, 1, 1, 1, 1, 1});
}

TEST_F(BackwardTest, GradReadyHookReportsWatchedArraysAfterTheirGradIsStored) {
    // y = sum(w2 * (w1 * x)): w2's gradient is final before w1's (its op runs first in backward).
    Array x = MakeArray<float>({2}, {1, 2}).RequireGrad();
    Array w1 = MakeArray<float>({2}, {3, 4}).RequireGrad();
    Array w2 = MakeArray<float>({2}, {5, 6}).RequireGrad();
    Array y = (w2 * (w1 * x)).Sum();
    std::vector<size_t> reported;
    {
        GradReadyHookScope hook{{w1, w2}, [&](size_t i) {
                                    reported.push_back(i);
                                    // the gradient is already stored when the hook is told
                                    EXPECT_TRUE((i == 0 ? w1 : w2).GetGrad().has_value());
                                }};
        y.Backward();
    }
    EXPECT_EQ(reported, (std::vector<size_t>{1, 0}));  // x is not watched
    (w1 * x).Sum().Backward();  // the scope has ended: nothing more is reported
    EXPECT_EQ(reported.size(), 2U);
}

TEST_F(BackwardTest, GradReadyHookScopesNestAndAnExceptionLeavesTheGraphClean) {
    Array w = MakeArray<float>({2}, {1, 2}).RequireGrad();
    int outer_calls = 0;
    GradReadyHookScope outer{{w}, [&](size_t) { ++outer_calls; }};
    {
        GradReadyHookScope inner{{w}, [](size_t) { throw ChainerxError{"stop"}; }};
        EXPECT_THROW((w * 2).Sum().Backward(), ChainerxError);
    }
    w.ClearGrad();
    (w * 2).Sum().Backward();  // the outer scope is active again
    EXPECT_EQ(outer_calls, 1);
    ExpectArrayEq<float>(*w.GetGrad(), {2}, {2, 2});
}

TEST_F(BackwardTest, DoubleBackprop) {
    Array x = MakeArray<float>({2}, {1, 3}).RequireGrad();
    Array y = (x * x * x).Sum();
    y.Backward(std::nullopt, DoubleBackpropOption::kEnable);
    Array gx = *x.GetGrad();  // 3x^2, still connected to the graph
    ExpectArrayEq<float>(gx, {2}, {3, 27});
    x.ClearGrad();
    gx.Sum().Backward();
    ExpectArrayEq<float>(*x.GetGrad(), {2}, {6, 18});  // 6x
}

TEST_F(BackwardTest, NoBackpropModeRecordsNothing) {
    Array x = Ones({2}, Dtype::kFloat32).RequireGrad();
    Array y;
    {
        NoBackpropModeScope scope;
        y = x * 2;
        EXPECT_FALSE(x.IsBackpropRequired());
        {
            ForceBackpropModeScope force;
            EXPECT_TRUE(x.IsBackpropRequired());
        }
    }
    EXPECT_FALSE(y.IsBackpropRequired(AnyGraph{}));
    y.Backward();  // y is not in the graph: nothing to do
    EXPECT_FALSE(x.GetGrad().has_value());
}

TEST_F(BackwardTest, MultipleGraphs) {
    BackpropId bp = context().MakeBackpropId("bp");
    Array x = MakeArray<float>({1}, {2}).RequireGrad(bp);
    Array w = MakeArray<float>({1}, {5}).RequireGrad();
    Array y = (x * w).Sum();
    EXPECT_TRUE(y.IsBackpropRequired(bp));
    EXPECT_TRUE(y.IsBackpropRequired());
    y.Backward(bp);
    ExpectArrayEq<float>(*x.GetGrad(bp), {1}, {5});
    EXPECT_FALSE(w.GetGrad().has_value());  // backward ran on bp only
    y.Backward();
    ExpectArrayEq<float>(*w.GetGrad(), {1}, {2});
    EXPECT_THROW(x.GetGrad(), ChainerxError);  // x does not require grad on the default graph
}

TEST_F(BackwardTest, GradientAndGraphErrors) {
    EXPECT_THROW(Ones({2}, Dtype::kInt32).RequireGrad(), DtypeError);
    Array x = Ones({2}, Dtype::kFloat32).RequireGrad();
    EXPECT_THROW(x.SetGrad(Ones({3}, Dtype::kFloat32)), GradientError);
    EXPECT_THROW(x.SetGrad(Ones({2}, Dtype::kFloat64)), GradientError);
    EXPECT_THROW(Ones({2}, Dtype::kFloat32).GetGrad(), ChainerxError);
    BackpropId bp = context().MakeBackpropId("released");
    context().ReleaseBackpropId(bp);
    EXPECT_THROW(x.RequireGrad(bp), ChainerxError);
}

TEST_F(BackwardTest, LongChainDoesNotOverflowTheStack) {
    Array x = Ones({1}, Dtype::kFloat32).RequireGrad();
    Array y = x;
    for (int i = 0; i < 100000; ++i) {
        y = y + 1;
    }
    y.Sum().Backward();
    ExpectArrayEq<float>(*x.GetGrad(), {1}, {1});
    y = Array{};  // destroys the chain of 1e5 op nodes iteratively
}

}  // namespace
}  // namespace chainerx

namespace chainerx {
namespace {

class GradTest : public testing::ContextTest {};

TEST_F(GradTest, ReturnsGradientsWithoutStoringThem) {
    Array x = testing::MakeArray<float>({2}, {1, 2}).RequireGrad();
    Array w = testing::MakeArray<float>({2}, {3, 4}).RequireGrad();
    Array y = (x * w).Sum();
    std::vector<std::optional<Array>> grads = Grad({y}, {x, w});
    testing::ExpectArrayEq<float>(*grads[0], {2}, {3, 4});
    testing::ExpectArrayEq<float>(*grads[1], {2}, {1, 2});
    EXPECT_FALSE(x.GetGrad().has_value());
    Grad({y}, {x}, std::nullopt, DoubleBackpropOption::kDisable, /*set_grad=*/true);
    testing::ExpectArrayEq<float>(*x.GetGrad(), {2}, {3, 4});
}

TEST_F(GradTest, SeedsAndUnreachedInputs) {
    Array x = testing::MakeArray<float>({2}, {1, 2}).RequireGrad();
    Array unused = Ones({2}, Dtype::kFloat32).RequireGrad();
    Array y = x * 2;
    std::vector<std::optional<Array>> grads =
            Grad({y}, {x, unused}, std::nullopt, DoubleBackpropOption::kDisable, false, false, {testing::MakeArray<float>({2}, {10, 20})});
    testing::ExpectArrayEq<float>(*grads[0], {2}, {20, 40});
    EXPECT_FALSE(grads[1].has_value());
    EXPECT_THROW(Grad({y}, {x}, std::nullopt, DoubleBackpropOption::kDisable, false, false, {Ones({3}, Dtype::kFloat32)}),
                 GradientError);
    Array not_in_graph = Ones({2}, Dtype::kFloat32);
    EXPECT_FALSE(Grad({y}, {not_in_graph})[0].has_value());  // constant on the graph
}

TEST_F(GradTest, InnerGraphBackwardAfterOuterIsRefused) {
    BackpropId outer = context().MakeBackpropId("outer");
    BackpropId inner = context().MakeBackpropId("inner");
    Array x = testing::MakeArray<float>({2}, {1, 2}).RequireGrad(outer).RequireGrad(inner);
    Array y = (x * x).Sum();
    y.Backward(outer);
    EXPECT_THROW(y.Backward(inner), ChainerxError);
}

TEST_F(GradTest, SecondDerivativeAcrossTwoGraphsThroughDeadIntermediates) {
    BackpropId outer = context().MakeBackpropId("outer");
    BackpropId inner = context().MakeBackpropId("inner");
    Array x = testing::MakeArray<float>({2}, {1, 2}).RequireGrad(outer).RequireGrad(inner);
    Array y = ((x * 2) * x).Sum();  // the intermediate x * 2 dies here
    y.Backward(inner, DoubleBackpropOption::kEnable);
    x.GetGrad(inner)->Sum().Backward(outer);  // d/dx of 4x
    testing::ExpectArrayEq<float>(*x.GetGrad(outer), {2}, {4, 4});
}

TEST_F(GradTest, SetGradOnAnIntermediateArrayFlagsItAndSeedsBackward) {
    Array x = Ones({1}, Dtype::kFloat32).RequireGrad();
    Array y = x * Ones({1}, Dtype::kFloat32);
    EXPECT_THROW(y.GetGrad(), ChainerxError);
    y.SetGrad(Full({1}, 2.0F, Dtype::kFloat32));
    EXPECT_TRUE(y.IsGradRequired());
    y.Backward();
    testing::ExpectArrayEq<float>(*x.GetGrad(), {1}, {2});
    EXPECT_THROW(Ones({1}, Dtype::kFloat32).SetGrad(Ones({1}, Dtype::kFloat32)), ChainerxError);  // not in the graph
    EXPECT_THROW(Ones({1}, Dtype::kFloat32).ClearGrad(), ChainerxError);
}

TEST_F(GradTest, RetainGradStoresIntermediateGradients) {
    Array x = testing::MakeArray<float>({2}, {1, 2}).RequireGrad();
    Array h = x * 3;
    Array y = (h * h).Sum();
    Grad({y}, {x}, std::nullopt, DoubleBackpropOption::kDisable, /*set_grad=*/false, /*retain_grad=*/true);
    ASSERT_TRUE(h.IsGradRequired());
    testing::ExpectArrayEq<float>(*h.GetGrad(), {2}, {6, 12});
    EXPECT_FALSE(x.GetGrad().has_value());
}

TEST_F(GradTest, LossScaleIsDividedOutOfUserVisibleGradients) {
    Array x = testing::MakeArray<float>({2}, {1, 2}).RequireGrad();
    (x * 3).Sum().Backward(std::nullopt, DoubleBackpropOption::kDisable, 10.0F);
    testing::ExpectArrayEq<float>(*x.GetGrad(), {2}, {3, 3});
    Array y = (x * 3).Sum();
    std::vector<std::optional<Array>> grads =
            Grad({y}, {x}, std::nullopt, DoubleBackpropOption::kDisable, false, false, {}, /*loss_scale=*/10.0F);
    testing::ExpectArrayEq<float>(*grads[0], {2}, {3, 3});
}

// Without double backprop, backward on an inner graph is still recorded on outer graphs, never on inner ones.
TEST_F(GradTest, BackwardRecordsOnOuterGraphsOnly) {
    BackpropId g1 = context().MakeBackpropId("g1");
    BackpropId g2 = context().MakeBackpropId("g2");
    BackpropId g3 = context().MakeBackpropId("g3");
    Array x = testing::MakeArray<float>({1}, {2}).RequireGrad(g1).RequireGrad(g2).RequireGrad(g3);
    Array y = x * x * x;
    Array gx = *Grad({y}, {x}, g2)[0];
    testing::ExpectArrayEq<float>(gx, {1}, {12});
    EXPECT_TRUE(gx.IsBackpropRequired(g1));
    EXPECT_FALSE(gx.IsBackpropRequired(g2));
    EXPECT_FALSE(gx.IsBackpropRequired(g3));
    testing::ExpectArrayEq<float>(*Grad({gx}, {x}, g1)[0], {1}, {12});  // 6x
}

TEST_F(GradTest, OutputsOutsideTheGraphAndDuplicatesAreSeededOnce) {
    BackpropId bp = context().MakeBackpropId("bp");
    Array x = testing::MakeArray<float>({1}, {2}).RequireGrad();
    Array y = x * 3;
    Array constant = Ones({1}, Dtype::kFloat32);
    Backward(std::vector<ConstArrayRef>{y, y, constant});
    testing::ExpectArrayEq<float>(*x.GetGrad(), {1}, {3});
    y.Backward(bp);  // y is not in bp: nothing happens
    testing::ExpectArrayEq<float>(*x.GetGrad(), {1}, {3});
}

}  // namespace
}  // namespace chainerx
