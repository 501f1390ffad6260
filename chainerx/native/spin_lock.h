// A lock for critical sections of a few instructions, such as the memory pool's bin lookups.
//
// An uncontended std::mutex costs ~80 instructions per lock/unlock pair in glibc (pthread_mutex_lock's type
// dispatch and bookkeeping); the pool takes its lock twice per array, so for small arrays that was ~2% of an
// op's host time. This lock is one atomic exchange and one store. Waiters spin briefly, then yield the CPU, so a
// holder that is descheduled (or the pool releasing many blocks at once) does not burn a core.
#pragma once

#include <atomic>
#include <thread>

namespace chainerx {
namespace native {

// One iteration of a spin-wait loop: tells the CPU that this thread is waiting (saves power, frees the core's
// resources for a hyper-threaded sibling).
inline void CpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    asm volatile("yield");
#endif
}

class SpinLock {
public:
    void lock() {
        while (locked_.exchange(true, std::memory_order_acquire)) {
            for (int spins = 0; locked_.load(std::memory_order_relaxed); ++spins) {
                if (spins >= kSpinsBeforeYield) {
                    std::this_thread::yield();
                } else {
                    CpuRelax();
                }
            }
        }
    }

    void unlock() { locked_.store(false, std::memory_order_release); }

private:
    static constexpr int kSpinsBeforeYield = 64;
    std::atomic<bool> locked_{false};
};

}  // namespace native
}  // namespace chainerx
