#include "chainerx/core/array_body_leak_detection.h"

#include <gtest/gtest.h>

#include "chainerx/core/backward.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/testing/testing.h"

namespace chainerx {
namespace {

class ArrayBodyLeakTrackerTest : public testing::ContextTest {};

TEST_F(ArrayBodyLeakTrackerTest, GraphsReleaseEverythingAfterUse) {
    internal::ArrayBodyLeakTracker tracker;
    {
        Array x = Ones({2, 3}, Dtype::kFloat32).RequireGrad();
        Array w = Full({3}, 2.0, Dtype::kFloat32).RequireGrad();
        Array y = ((x * w + x) * x).Sum();
        y.Backward(std::nullopt, DoubleBackpropOption::kEnable);
        x.GetGrad()->Sum().Backward();
    }
    EXPECT_EQ(tracker.GetAliveBodies().size(), 0U);
}

TEST_F(ArrayBodyLeakTrackerTest, ReportsBodiesStillAlive) {
    internal::ArrayBodyLeakTracker tracker;
    Array kept = Ones({1}, Dtype::kFloat32);
    { Array temporary = Ones({1}, Dtype::kFloat32); }
    std::vector<std::shared_ptr<internal::ArrayBody>> alive = tracker.GetAliveBodies();
    ASSERT_EQ(alive.size(), 1U);
    EXPECT_EQ(alive[0], kept.body());
}

}  // namespace
}  // namespace chainerx
