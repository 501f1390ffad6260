// The staging pool's bookkeeping, with host memory standing in for pinned and device memory and with copies that
// complete only when the test says so (see Note [Pinned staging of host-to-device copies]).
#include "chainerx/cuda/staging_pool.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>
#include <set>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "chainerx/core/error.h"

namespace chainerx {
namespace cuda {
namespace {

constexpr size_t kKiB = size_t{1} << 10;

// A copy queued but not done reads its pinned source only when it completes, as a DMA engine would: a pool that
// reused a busy buffer would send the wrong bytes.
class FakeStaging : public StagingBackend {
public:
    ~FakeStaging() override {
        EXPECT_TRUE(pinned_.empty()) << "pinned buffers not returned";
        EXPECT_TRUE(events_.empty()) << "events not destroyed";
    }

    void* AllocatePinned(size_t bytesize) override {
        std::lock_guard<std::mutex> lock{mutex_};
        if (fail_allocations_) {
            throw ChainerxError{"no pinned memory"};
        }
        void* ptr = std::malloc(bytesize);
        pinned_.insert(ptr);
        ++allocations_;
        return ptr;
    }
    void* CreateEvent() override {
        std::lock_guard<std::mutex> lock{mutex_};
        auto* event = new Event{};
        events_.insert(event);
        return event;
    }
    void FreePinned(void* ptr) noexcept override {
        std::lock_guard<std::mutex> lock{mutex_};
        EXPECT_EQ(pinned_.erase(ptr), 1U);
        std::free(ptr);
    }
    void DestroyEvent(void* event) noexcept override {
        std::lock_guard<std::mutex> lock{mutex_};
        auto* e = static_cast<Event*>(event);
        EXPECT_EQ(events_.erase(e), 1U);
        EXPECT_TRUE(e->pending.empty()) << "an event destroyed before its copy completed";
        delete e;
    }
    void CopyToDeviceAsync(void* dst, const void* src, size_t bytesize, void* event) override {
        std::lock_guard<std::mutex> lock{mutex_};
        auto* e = static_cast<Event*>(event);
        EXPECT_TRUE(pinned_.count(const_cast<void*>(src)) == 1) << "the source of a device copy must be pinned";
        e->pending.push_back(Copy{dst, src, bytesize});
        if (complete_at_once_) {
            CompleteLocked(e);
        }
    }
    bool IsDone(void* event) override {
        std::lock_guard<std::mutex> lock{mutex_};
        return static_cast<Event*>(event)->pending.empty();
    }
    void Wait(void* event) override {
        std::lock_guard<std::mutex> lock{mutex_};
        ++waits_;
        CompleteLocked(static_cast<Event*>(event));
    }

    // Completes every queued copy, as the device would in its own time.
    void CompleteAll() {
        std::lock_guard<std::mutex> lock{mutex_};
        for (Event* e : events_) {
            CompleteLocked(e);
        }
    }

    int allocations() const { return allocations_; }
    int waits() const { return waits_; }
    void set_complete_at_once(bool value) { complete_at_once_ = value; }
    void set_fail_allocations(bool value) { fail_allocations_ = value; }

private:
    struct Copy {
        void* dst;
        const void* src;
        size_t bytesize;
    };
    struct Event {
        std::vector<Copy> pending;
    };

    static void CompleteLocked(Event* e) {
        for (const Copy& copy : e->pending) {
            std::memcpy(copy.dst, copy.src, copy.bytesize);
        }
        e->pending.clear();
    }

    std::mutex mutex_;
    std::set<void*> pinned_;
    std::set<Event*> events_;
    int allocations_{0};
    int waits_{0};
    bool complete_at_once_{false};
    bool fail_allocations_{false};
};

struct PoolWithFake {
    explicit PoolWithFake(size_t max_cached_bytes = StagingPool::kMaxCachedBytes)
        : fake{new FakeStaging{}}, pool{std::unique_ptr<StagingBackend>{fake}, max_cached_bytes} {}
    FakeStaging* fake;
    StagingPool pool;
};

std::vector<uint8_t> Pattern(size_t size, uint8_t seed) {
    std::vector<uint8_t> bytes(size);
    std::iota(bytes.begin(), bytes.end(), seed);
    return bytes;
}

TEST(StagingPoolTest, TheSourceMayChangeAsSoonAsTheCallReturns) {
    PoolWithFake p;
    std::vector<uint8_t> src = Pattern(1000, 1);
    std::vector<uint8_t> device(1000, 0);
    ASSERT_TRUE(p.pool.CopyToDevice(device.data(), src.data(), src.size()));
    std::vector<uint8_t> expected = src;
    std::fill(src.begin(), src.end(), 0xFF);  // the caller reuses its memory before the device copy is done
    p.fake->CompleteAll();
    EXPECT_EQ(device, expected);
}

TEST(StagingPoolTest, AnIdleBufferIsReusedAndABusyOneIsNot) {
    PoolWithFake p;
    std::vector<uint8_t> a = Pattern(3000, 1);
    std::vector<uint8_t> b = Pattern(3000, 7);
    std::vector<uint8_t> device_a(3000);
    std::vector<uint8_t> device_b(3000);
    ASSERT_TRUE(p.pool.CopyToDevice(device_a.data(), a.data(), a.size()));
    ASSERT_TRUE(p.pool.CopyToDevice(device_b.data(), b.data(), b.size()));  // the first buffer is still busy
    EXPECT_EQ(p.fake->allocations(), 2);
    p.fake->CompleteAll();
    EXPECT_EQ(device_a, a);
    EXPECT_EQ(device_b, b);
    // A steady loop: each copy completes before the next, and no buffer is added.
    for (int i = 0; i < 10; ++i) {
        std::vector<uint8_t> src = Pattern(3000, static_cast<uint8_t>(i));
        ASSERT_TRUE(p.pool.CopyToDevice(device_a.data(), src.data(), src.size()));
        p.fake->CompleteAll();
        EXPECT_EQ(device_a, src);
    }
    EXPECT_EQ(p.fake->allocations(), 2);
    EXPECT_EQ(p.pool.cached_bytes(), 2 * StagingPool::kMinBufferBytes);
}

TEST(StagingPoolTest, BufferSizesArePowersOfTwoFromTheMinimum) {
    PoolWithFake p;
    p.fake->set_complete_at_once(true);
    std::vector<uint8_t> src(100 * kKiB, 3);
    std::vector<uint8_t> device(100 * kKiB);
    ASSERT_TRUE(p.pool.CopyToDevice(device.data(), src.data(), 1));
    EXPECT_EQ(p.pool.cached_bytes(), StagingPool::kMinBufferBytes);
    ASSERT_TRUE(p.pool.CopyToDevice(device.data(), src.data(), 100 * kKiB));
    EXPECT_EQ(p.pool.cached_bytes(), StagingPool::kMinBufferBytes + 128 * kKiB);
    ASSERT_TRUE(p.pool.CopyToDevice(device.data(), src.data(), StagingPool::kMinBufferBytes));
    EXPECT_EQ(p.fake->allocations(), 2);  // exactly the minimum fits the first buffer
    EXPECT_EQ(device, src);
}

TEST(StagingPoolTest, EmptyAndOversizedCopiesStageNothing) {
    PoolWithFake p;
    uint8_t byte = 1;
    EXPECT_TRUE(p.pool.CopyToDevice(&byte, &byte, 0));
    // Only the size is looked at: the pointers are never read.
    EXPECT_FALSE(p.pool.CopyToDevice(&byte, &byte, StagingPool::kMaxStagedBytes + 1));
    EXPECT_EQ(p.fake->allocations(), 0);
    EXPECT_EQ(p.pool.cached_bytes(), 0U);
}

TEST(StagingPoolTest, AtTheCapIdleBuffersGoThenABusyOneIsWaitedFor) {
    const size_t min = StagingPool::kMinBufferBytes;
    PoolWithFake p{4 * min};
    std::vector<uint8_t> src = Pattern(4 * min, 5);
    std::vector<uint8_t> device(4 * min);
    // One idle buffer of 2 * min, then two busy ones of min.
    ASSERT_TRUE(p.pool.CopyToDevice(device.data(), src.data(), 2 * min));
    p.fake->CompleteAll();
    ASSERT_TRUE(p.pool.CopyToDevice(device.data(), src.data(), min));
    ASSERT_TRUE(p.pool.CopyToDevice(device.data() + min, src.data(), min));
    EXPECT_EQ(p.pool.cached_bytes(), 4 * min);
    // A third busy copy of min: the idle 2 * min buffer is returned to make room, nothing is waited for.
    ASSERT_TRUE(p.pool.CopyToDevice(device.data() + 2 * min, src.data(), min));
    EXPECT_EQ(p.pool.cached_bytes(), 3 * min);
    EXPECT_EQ(p.fake->waits(), 0);
    // Two more: the first fits under the cap, the second waits for a busy buffer of its size and reuses it.
    ASSERT_TRUE(p.pool.CopyToDevice(device.data() + 3 * min, src.data(), min));
    ASSERT_TRUE(p.pool.CopyToDevice(device.data(), src.data() + 1, min));
    EXPECT_EQ(p.fake->waits(), 1);
    EXPECT_EQ(p.pool.cached_bytes(), 4 * min);
    p.fake->CompleteAll();
    EXPECT_EQ(0, std::memcmp(device.data(), src.data() + 1, min));
    EXPECT_EQ(0, std::memcmp(device.data() + min, src.data(), min));
    // A larger size with every buffer busy and none of its size: all are waited for and returned first.
    ASSERT_TRUE(p.pool.CopyToDevice(device.data(), src.data(), 2 * min));  // the idle ones go to make room
    ASSERT_TRUE(p.pool.CopyToDevice(device.data(), src.data(), min));
    ASSERT_TRUE(p.pool.CopyToDevice(device.data() + min, src.data(), min));
    const int waits = p.fake->waits();
    ASSERT_TRUE(p.pool.CopyToDevice(device.data(), src.data(), 4 * min));
    EXPECT_EQ(p.fake->waits(), waits + 3);
    EXPECT_EQ(p.pool.cached_bytes(), 4 * min);
    p.fake->CompleteAll();
    EXPECT_EQ(0, std::memcmp(device.data(), src.data(), 4 * min));
}

TEST(StagingPoolTest, WithoutPinnedMemoryTheCallerCopiesDirectly) {
    PoolWithFake p;
    p.fake->set_fail_allocations(true);
    uint8_t byte = 1;
    EXPECT_FALSE(p.pool.CopyToDevice(&byte, &byte, 1));
    EXPECT_EQ(p.pool.cached_bytes(), 0U);
}

TEST(StagingPoolTest, TheDestructorWaitsForCopiesInFlight) {
    std::vector<uint8_t> src = Pattern(500, 9);
    std::vector<uint8_t> device(500);
    {
        PoolWithFake p;
        ASSERT_TRUE(p.pool.CopyToDevice(device.data(), src.data(), src.size()));
    }  // FakeStaging's destructor checks that every buffer and event was returned, each event done
    EXPECT_EQ(device, src);
}

TEST(StagingPoolTest, ThreadsCopyConcurrently) {
    PoolWithFake p;
    p.fake->set_complete_at_once(true);
    constexpr int kThreads = 4;
    std::vector<std::vector<uint8_t>> devices(kThreads, std::vector<uint8_t>(200 * kKiB));
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&p, &devices, t] {
            for (int i = 0; i < 50; ++i) {
                const size_t size = devices[t].size() - static_cast<size_t>(i);
                std::vector<uint8_t> src = Pattern(size, static_cast<uint8_t>(t + i));
                ASSERT_TRUE(p.pool.CopyToDevice(devices[t].data(), src.data(), src.size()));
                ASSERT_EQ(0, std::memcmp(devices[t].data(), src.data(), src.size()));
            }
        });
    }
    for (std::thread& thread : threads) {
        thread.join();
    }
}

}  // namespace
}  // namespace cuda
}  // namespace chainerx
