#include "chainerx/core/routines/optimizer.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "chainerx/core/array_index.h"
#include "chainerx/core/error.h"
#include "chainerx/core/float16.h"
#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/optimizer.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/manipulation.h"
#include "chainerx/testing/testing.h"

namespace chainerx {
namespace {

using testing::MakeArray;
using testing::ToVector;

constexpr int kSteps = 3;

// A deterministic value in [-1, 1) for element i of array k at step t.
double InputValue(size_t k, size_t i, int t) { return std::sin(1.0 + 0.37 * i + 1.9 * k + 2.3 * t); }

// One step of `rule` over host vectors (param, grad, states), each element computed as the kernels do.
template <typename T, typename Rule, size_t... I>
void ReferenceStep(const Rule& rule, std::vector<std::vector<T>>& arrays, std::index_sequence<I...> /*indices*/) {
    using C = numeric::ComputeType<T>;
    for (size_t i = 0; i < arrays[0].size(); ++i) {
        C x[] = {static_cast<C>(arrays[I][i])...};
        rule(x[I]...);
        ((arrays[I][i] = static_cast<T>(x[I])), ...);  // grad is passed by value, so it is stored unchanged
    }
}

// How the arrays given to a routine are laid out in memory.
enum class Layout { kContiguous, kStrided };

// An array of `shape` holding `values`: contiguous, or a view of every other element of the last axis of a
// larger array, with the first axis reversed.
template <typename T>
Array MakeInput(const Shape& shape, const std::vector<T>& values, Layout layout) {
    Array contiguous = MakeArray<T>(shape, values);
    if (layout == Layout::kContiguous || shape.ndim() == 0) {
        return contiguous;
    }
    Shape wide = shape;
    wide[shape.ndim() - 1] *= 2;
    std::vector<ArrayIndex> key;
    if (shape.ndim() >= 2) {
        key.emplace_back(Slice{std::nullopt, std::nullopt, -1});
        key.resize(shape.ndim() - 1, ArrayIndex{Slice{}});
    }
    key.emplace_back(shape.ndim() >= 2 ? Slice{1, std::nullopt, 2} : Slice{std::nullopt, std::nullopt, -2});
    Array view = Zeros(wide, TypeToDtype<T>).At(key);
    EXPECT_FALSE(view.IsContiguous() && view.GetTotalSize() > 1);
    CopyTo(view, contiguous);
    return view;
}

// Runs `kSteps` steps of the routine (`call` given the arrays and the step's rule) and compares param and the
// states with ReferenceStep over host vectors. `initial_states` are the states' constant initial values.
template <typename T, typename Rule, typename MakeRule, typename Call>
void CheckRule(
        const Shape& shape,
        Layout layout,
        const std::vector<double>& initial_states,
        MakeRule make_rule,
        Call call) {
    constexpr size_t kArrays = 2 + Rule::kStates;
    ASSERT_EQ(initial_states.size(), static_cast<size_t>(Rule::kStates));
    auto size = static_cast<size_t>(shape.GetTotalSize());
    std::vector<std::vector<T>> expected(kArrays, std::vector<T>(size));
    for (size_t k = 0; k < kArrays; ++k) {
        for (size_t i = 0; i < size; ++i) {
            expected[k][i] = static_cast<T>(k < 2 ? InputValue(k, i, 0) : initial_states[k - 2]);
        }
    }
    std::vector<Array> arrays;
    for (size_t k = 0; k < kArrays; ++k) {
        arrays.push_back(MakeInput<T>(shape, expected[k], layout));
    }
    for (int t = 1; t <= kSteps; ++t) {
        for (size_t i = 0; i < size; ++i) {
            expected[1][i] = static_cast<T>(InputValue(1, i, t));
        }
        arrays[1] = MakeInput<T>(shape, expected[1], layout);
        Rule rule = make_rule(t);
        call(arrays, rule);
        ReferenceStep(rule, expected, std::make_index_sequence<kArrays>{});
    }
    for (size_t k = 0; k < kArrays; ++k) {
        std::vector<T> actual = ToVector<T>(arrays[k]);
        for (size_t i = 0; i < size; ++i) {
            ASSERT_EQ(static_cast<double>(actual[i]), static_cast<double>(expected[k][i]))
                    << "array " << k << ", element " << i;
        }
    }
}

// Adam and its variants: vhat selects AMSGrad (AmsGradRule), the bounds AdaBound.
template <typename T>
void CheckAdamRules(const Shape& shape, Layout layout) {
    auto make_hyperparameters = [](int t, double weight_decay_rate, bool bounded) {
        double alpha_t = 0.01 * std::sqrt(1 - std::pow(0.999, t)) / (1 - std::pow(0.9, t));
        constexpr double kInf = std::numeric_limits<double>::infinity();
        return numeric::AdamHyperparameters{
                alpha_t, 0.9, 0.999, 1e-3, 0.5, weight_decay_rate, bounded ? 0.05 : -kInf, bounded ? 0.2 : kInf};
    };
    auto bound = [](double b, bool bounded) { return bounded ? std::optional<double>{b} : std::nullopt; };
    for (bool bounded : {false, true}) {
        for (double weight_decay_rate : {0.0, 0.01}) {
            CheckRule<T, numeric::AdamRule>(
                    shape,
                    layout,
                    {0.0, 0.0},
                    [&](int t) { return numeric::AdamRule{make_hyperparameters(t, weight_decay_rate, bounded)}; },
                    [&](const std::vector<Array>& a, const numeric::AdamRule& r) {
                        const numeric::AdamHyperparameters& h = r.hp;
                        AdamUpdate(a[0], a[1], a[2], a[3], std::nullopt, h.alpha_t, h.beta1, h.beta2, h.eps, h.eta,
                                   h.weight_decay_rate, bound(h.lower_bound, bounded), bound(h.upper_bound, bounded));
                    });
            CheckRule<T, numeric::AmsGradRule>(
                    shape,
                    layout,
                    {0.0, 0.0, 0.1},
                    [&](int t) { return numeric::AmsGradRule{make_hyperparameters(t, weight_decay_rate, bounded)}; },
                    [&](const std::vector<Array>& a, const numeric::AmsGradRule& r) {
                        const numeric::AdamHyperparameters& h = r.hp;
                        AdamUpdate(a[0], a[1], a[2], a[3], a[4], h.alpha_t, h.beta1, h.beta2, h.eps, h.eta,
                                   h.weight_decay_rate, bound(h.lower_bound, bounded), bound(h.upper_bound, bounded));
                    });
        }
    }
}

// Every rule through its routine; the routines' arguments are the rules' fields, in order.
template <typename T>
void CheckAllRules(const Shape& shape, Layout layout) {
    using A = std::vector<Array>;
    CheckRule<T, numeric::SgdRule>(
            shape, layout, {}, [](int) { return numeric::SgdRule{0.1}; }, [](const A& a, const numeric::SgdRule& r) {
                SgdUpdate(a[0], a[1], r.lr);
            });
    CheckRule<T, numeric::MomentumSgdRule>(
            shape, layout, {0.25}, [](int) { return numeric::MomentumSgdRule{0.1, 0.9}; },
            [](const A& a, const numeric::MomentumSgdRule& r) {
                MomentumSgdUpdate(a[0], a[1], a[2], r.lr, r.momentum);
            });
    CheckRule<T, numeric::CorrectedMomentumSgdRule>(
            shape, layout, {0.25}, [](int) { return numeric::CorrectedMomentumSgdRule{0.1, 0.8}; },
            [](const A& a, const numeric::CorrectedMomentumSgdRule& r) {
                CorrectedMomentumSgdUpdate(a[0], a[1], a[2], r.lr, r.momentum);
            });
    CheckRule<T, numeric::NesterovAgRule>(
            shape, layout, {0.25}, [](int) { return numeric::NesterovAgRule{0.1, 0.9}; },
            [](const A& a, const numeric::NesterovAgRule& r) { NesterovAgUpdate(a[0], a[1], a[2], r.lr, r.momentum); });
    CheckRule<T, numeric::AdaGradRule>(
            shape, layout, {0.5}, [](int) { return numeric::AdaGradRule{0.1, 1e-3}; },
            [](const A& a, const numeric::AdaGradRule& r) { AdaGradUpdate(a[0], a[1], a[2], r.lr, r.eps); });
    CheckRule<T, numeric::AdaDeltaRule>(
            shape, layout, {0.5, 0.25}, [](int) { return numeric::AdaDeltaRule{0.95, 1e-3}; },
            [](const A& a, const numeric::AdaDeltaRule& r) { AdaDeltaUpdate(a[0], a[1], a[2], a[3], r.rho, r.eps); });
    for (bool inside : {false, true}) {
        CheckRule<T, numeric::RmsPropRule>(
                shape, layout, {0.5}, [inside](int) { return numeric::RmsPropRule{0.01, 0.99, 1e-3, inside}; },
                [](const A& a, const numeric::RmsPropRule& r) {
                    RmsPropUpdate(a[0], a[1], a[2], r.lr, r.alpha, r.eps, r.eps_inside_sqrt);
                });
    }
    CheckRule<T, numeric::RmsPropGravesRule>(
            shape, layout, {1.0, 0.25, 0.0}, [](int) { return numeric::RmsPropGravesRule{0.01, 0.95, 0.9, 1e-3}; },
            [](const A& a, const numeric::RmsPropGravesRule& r) {
                RmsPropGravesUpdate(a[0], a[1], a[2], a[3], a[4], r.lr, r.alpha, r.momentum, r.eps);
            });
    CheckAdamRules<T>(shape, layout);
    CheckRule<T, numeric::Smorms3Rule>(
            shape, layout, {1.0, 0.0, 0.0}, [](int) { return numeric::Smorms3Rule{0.01, 1e-3}; },
            [](const A& a, const numeric::Smorms3Rule& r) {
                Smorms3Update(a[0], a[1], a[2], a[3], a[4], r.lr, r.eps);
            });
    CheckRule<T, numeric::MsvagRule>(
            shape, layout, {0.0, 0.0},
            [](int t) {
                // rho is 1 at the first step (factor 1), below 1 afterwards.
                double rho = t == 1 ? 1.0 : 0.3 / t;
                double bias1 = 1 - std::pow(0.9, t);
                double bias2 = 1 - std::pow(0.999, t);
                return numeric::MsvagRule{0.1, 0.9, 0.999, bias1, bias2, rho, 0.5, 0.01};
            },
            [](const A& a, const numeric::MsvagRule& r) {
                MsvagUpdate(a[0], a[1], a[2], a[3], r.lr, r.beta1, r.beta2, r.bias1, r.bias2, r.rho, r.eta,
                            r.weight_decay_rate);
            });
}

template <typename T>
class OptimizerTest : public testing::ContextTest {};

using FloatTypes = ::testing::Types<Float16, float, double>;
TYPED_TEST_SUITE(OptimizerTest, FloatTypes);

TYPED_TEST(OptimizerTest, StepsMatchReference) { CheckAllRules<TypeParam>({3, 5}, Layout::kContiguous); }

TYPED_TEST(OptimizerTest, StridedViewsMatchReference) { CheckAllRules<TypeParam>({3, 5}, Layout::kStrided); }

TYPED_TEST(OptimizerTest, ZeroDimAndZeroSize) {
    CheckAllRules<TypeParam>({}, Layout::kContiguous);
    CheckAllRules<TypeParam>({2, 0, 3}, Layout::kContiguous);
    CheckAllRules<TypeParam>({7}, Layout::kStrided);
}

class OptimizerRoutineTest : public testing::ContextTest {};

// Above twice the native elementwise grain (32K elements), so the update is split across threads, through a
// layout that needs the strided loop.
TEST_F(OptimizerRoutineTest, ThreadedSizeMatchesReference) {
    CheckAllRules<float>({3, 40000}, Layout::kContiguous);
    CheckAllRules<double>({30000, 3}, Layout::kStrided);
}

TEST_F(OptimizerRoutineTest, DtypeErrors) {
    EXPECT_THROW(SgdUpdate(Ones({3}, Dtype::kInt32), Ones({3}, Dtype::kInt32), 0.1), DtypeError);
    EXPECT_THROW(SgdUpdate(Ones({3}, Dtype::kFloat32), Ones({3}, Dtype::kFloat64), 0.1), DtypeError);
    Array ones = Ones({3}, Dtype::kFloat32);
    EXPECT_THROW(MomentumSgdUpdate(ones, ones, Zeros({3}, Dtype::kFloat16), 0.1, 0.9), DtypeError);
}

TEST_F(OptimizerRoutineTest, ShapeErrors) {
    EXPECT_THROW(SgdUpdate(Ones({2, 3}, Dtype::kFloat32), Ones({3}, Dtype::kFloat32), 0.1), DimensionError);
    Array a = Ones({3}, Dtype::kFloat32);
    EXPECT_THROW(
            AdamUpdate(a, a, Zeros({3}, Dtype::kFloat32), Zeros({3}, Dtype::kFloat32), Zeros({4}, Dtype::kFloat32), 0.1,
                       0.9, 0.999, 1e-8, 1.0, 0.0, std::nullopt, std::nullopt),
            DimensionError);
}

TEST_F(OptimizerRoutineTest, DeviceError) {
    Array param = Ones({3}, Dtype::kFloat32, native(0));
    EXPECT_THROW(SgdUpdate(param, Ones({3}, Dtype::kFloat32, native(1)), 0.1), DeviceError);
}

TEST_F(OptimizerRoutineTest, OverlappingParamOrStateIsRejectedAndLeftUnchanged) {
    Array broadcast = Ones({1, 3}, Dtype::kFloat32).BroadcastTo({2, 3});
    Array ones = Ones({2, 3}, Dtype::kFloat32);
    EXPECT_TRUE(internal::MayHaveOverlappingElements(broadcast));
    EXPECT_THROW(SgdUpdate(broadcast, ones, 0.1), ChainerxError);
    EXPECT_THROW(MomentumSgdUpdate(ones, ones, broadcast, 0.1, 0.9), ChainerxError);
    testing::ExpectArrayEq<float>(ones, {2, 3}, {1, 1, 1, 1, 1, 1});
    // A broadcast grad is read only, so it is fine.
    SgdUpdate(ones, broadcast, 0.5);
    testing::ExpectArrayEq<float>(ones, {2, 3}, {0.5, 0.5, 0.5, 0.5, 0.5, 0.5});
}

TEST_F(OptimizerRoutineTest, OverlapDetection) {
    Array a = Zeros({4, 6}, Dtype::kFloat32);
    EXPECT_FALSE(internal::MayHaveOverlappingElements(a));
    EXPECT_FALSE(internal::MayHaveOverlappingElements(a.Transpose()));
    EXPECT_FALSE(internal::MayHaveOverlappingElements(a.At({Slice{std::nullopt, std::nullopt, -2}, Slice{1, 5, 3}})));
    EXPECT_FALSE(internal::MayHaveOverlappingElements(Zeros({1, 3}, Dtype::kFloat32).BroadcastTo({1, 3})));
    EXPECT_TRUE(internal::MayHaveOverlappingElements(Zeros({3}, Dtype::kFloat32).BroadcastTo({4, 3})));
}

TEST_F(OptimizerRoutineTest, NoGraphIsRecorded) {
    Array x = Ones({3}, Dtype::kFloat32).RequireGrad();
    Array param = x * 2;
    Array grad = Full({3}, 0.5, Dtype::kFloat32).RequireGrad();
    SgdUpdate(param, grad, 1.0);
    testing::ExpectArrayEq<float>(param, {3}, {1.5, 1.5, 1.5});
    param.Backward();
    ASSERT_TRUE(x.GetGrad().has_value());
    testing::ExpectArrayEq<float>(*x.GetGrad(), {3}, {2, 2, 2});
    EXPECT_FALSE(grad.GetGrad().has_value());
}

// Note [Batched updates]: queued until the flush or the outermost batch's end, in order, with errors at the call.
TEST_F(OptimizerRoutineTest, BatchQueuesUpdatesUntilItsEnd) {
    Array param = Zeros({3}, Dtype::kFloat32);
    Array grad = Ones({3}, Dtype::kFloat32);
    {
        FusedUpdateBatch batch{};
        SgdUpdate(param, grad, 1.0);
        SgdUpdate(param, grad, 2.0);  // another rule: a run of its own
        EXPECT_THROW(SgdUpdate(param, Ones({3}, Dtype::kFloat64), 1.0), DtypeError);
        testing::ExpectArrayEq<float>(param, {3}, {0, 0, 0});
        {
            FusedUpdateBatch inner{};
            EXPECT_FALSE(inner.outermost());
            SgdUpdate(param, grad, 1.0);
        }
        testing::ExpectArrayEq<float>(param, {3}, {0, 0, 0});
        batch.Flush();
        testing::ExpectArrayEq<float>(param, {3}, {-4, -4, -4});
        SgdUpdate(param, grad, 1.0);
    }
    testing::ExpectArrayEq<float>(param, {3}, {-5, -5, -5});
}

TEST_F(OptimizerRoutineTest, BatchPauseRunsTheQueueAndUpdatesAtTheCall) {
    Array param = Zeros({3}, Dtype::kFloat32);
    Array grad = Ones({3}, Dtype::kFloat32);
    FusedUpdateBatch batch{};
    SgdUpdate(param, grad, 1.0);
    {
        FusedUpdateBatchPause pause{};
        testing::ExpectArrayEq<float>(param, {3}, {-1, -1, -1});
        SgdUpdate(param, grad, 1.0);
        testing::ExpectArrayEq<float>(param, {3}, {-2, -2, -2});
    }
    SgdUpdate(param, grad, 1.0);
    testing::ExpectArrayEq<float>(param, {3}, {-2, -2, -2});
    batch.Flush();
    testing::ExpectArrayEq<float>(param, {3}, {-3, -3, -3});
}

}  // namespace
}  // namespace chainerx
