#include "chainerx/core/array_body_leak_detection.h"

#include <atomic>

namespace chainerx {
namespace internal {
namespace {

thread_local ArrayBodyLeakTracker* t_active_tracker = nullptr;
// Trackers alive in any thread. Every body creation reads it, so that without a tracker (always, outside tests) it
// costs a load instead of a thread-local access, which is a call in a shared library.
std::atomic<int> g_tracker_count{0};

}  // namespace

ArrayBodyLeakTracker::ArrayBodyLeakTracker() : outer_{t_active_tracker} {
    t_active_tracker = this;
    g_tracker_count.fetch_add(1);
}

ArrayBodyLeakTracker::~ArrayBodyLeakTracker() {
    t_active_tracker = outer_;
    g_tracker_count.fetch_sub(1);
}

std::vector<std::shared_ptr<ArrayBody>> ArrayBodyLeakTracker::GetAliveBodies() const {
    std::vector<std::shared_ptr<ArrayBody>> alive;
    for (const auto& weak : bodies_) {
        if (std::shared_ptr<ArrayBody> body = weak.lock()) {
            alive.push_back(std::move(body));
        }
    }
    return alive;
}

void ArrayBodyLeakTracker::OnCreated(const std::shared_ptr<ArrayBody>& body) {
    if (g_tracker_count.load(std::memory_order_relaxed) != 0 && t_active_tracker != nullptr) {
        t_active_tracker->bodies_.emplace_back(body);
    }
}

}  // namespace internal
}  // namespace chainerx
