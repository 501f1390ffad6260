#include "chainerx/cuda/emulation/queue.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <utility>

namespace chainerx {
namespace cuda {
namespace emulation {
namespace {

struct Queue {
    std::mutex mutex;  // guards the items and the counts
    std::mutex runner_mutex;  // one thread runs items at a time, so that they run in order
    std::deque<std::function<void()>> items;
    uint64_t queued{0};
    uint64_t completed{0};
};

Queue& GetQueue() {
    static auto* queue = new Queue{};  // never destroyed: static destructors may still free device memory
    return *queue;
}

}  // namespace

void Enqueue(std::function<void()> work) {
    Queue& queue = GetQueue();
    std::lock_guard<std::mutex> lock{queue.mutex};
    queue.items.push_back(std::move(work));
    ++queue.queued;
}

uint64_t QueuedCount() {
    Queue& queue = GetQueue();
    std::lock_guard<std::mutex> lock{queue.mutex};
    return queue.queued;
}

uint64_t CompletedCount() {
    Queue& queue = GetQueue();
    std::lock_guard<std::mutex> lock{queue.mutex};
    return queue.completed;
}

void FinishQueuedWork(uint64_t count) {
    Queue& queue = GetQueue();
    std::lock_guard<std::mutex> runner_lock{queue.runner_mutex};
    while (true) {
        std::function<void()> work;
        {
            std::lock_guard<std::mutex> lock{queue.mutex};
            if (queue.completed >= count || queue.items.empty()) {
                return;
            }
            work = std::move(queue.items.front());
            queue.items.pop_front();
        }
        work();
        std::lock_guard<std::mutex> lock{queue.mutex};
        ++queue.completed;
    }
}

}  // namespace emulation
}  // namespace cuda
}  // namespace chainerx
