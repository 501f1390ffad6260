// ArrayBodyLeakTracker: finds array bodies that outlive a scope, e.g. arrays kept alive by a graph that
// should have been released.
//
//     internal::ArrayBodyLeakTracker tracker;
//     { ... create arrays, run backward ... }
//     EXPECT_EQ(tracker.GetAliveBodies().size(), 0U);
//
// Tracking is per thread and costs one thread-local load per array when no tracker is active.
#pragma once

#include <memory>
#include <vector>

#include "chainerx/core/array_body.h"

namespace chainerx {
namespace internal {

class ArrayBodyLeakTracker {
public:
    // Starts tracking the bodies created on this thread. Trackers nest: the innermost one records.
    ArrayBodyLeakTracker();
    ~ArrayBodyLeakTracker();
    ArrayBodyLeakTracker(const ArrayBodyLeakTracker&) = delete;
    ArrayBodyLeakTracker& operator=(const ArrayBodyLeakTracker&) = delete;

    // Bodies created while this tracker was active that are still alive.
    std::vector<std::shared_ptr<ArrayBody>> GetAliveBodies() const;

    // Called by ArrayBody::Create.
    static void OnCreated(const std::shared_ptr<ArrayBody>& body);

private:
    ArrayBodyLeakTracker* outer_;
    std::vector<std::weak_ptr<ArrayBody>> bodies_;
};

}  // namespace internal
}  // namespace chainerx
