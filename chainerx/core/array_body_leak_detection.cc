#include "chainerx/core/array_body_leak_detection.h"

namespace chainerx {
namespace internal {
namespace {

thread_local ArrayBodyLeakTracker* t_active_tracker = nullptr;

}  // namespace

ArrayBodyLeakTracker::ArrayBodyLeakTracker() : outer_{t_active_tracker} { t_active_tracker = this; }

ArrayBodyLeakTracker::~ArrayBodyLeakTracker() { t_active_tracker = outer_; }

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
    if (t_active_tracker != nullptr) {
        t_active_tracker->bodies_.emplace_back(body);
    }
}

}  // namespace internal
}  // namespace chainerx
