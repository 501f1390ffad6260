// The pool's bookkeeping, with host memory standing in for a device (see Note [CUDA memory pool]).
#include "chainerx/cuda/memory_pool.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <random>
#include <thread>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

namespace chainerx {
namespace cuda {
namespace {

constexpr size_t kMiB = size_t{1} << 20;

// Host memory with a capacity, counting what it hands out; shared with the test through a raw pointer.
class FakeAllocator : public Allocator {
public:
    explicit FakeAllocator(size_t capacity = 64 * kMiB) : capacity_{capacity} {}
    ~FakeAllocator() override { EXPECT_TRUE(live_.empty()) << "segments not returned by the pool"; }

    void* Malloc(size_t bytesize) override {
        if (held_ + bytesize > capacity_) {
            return nullptr;
        }
        void* ptr = std::malloc(bytesize);
        held_ += bytesize;
        live_.emplace(ptr, bytesize);
        return ptr;
    }
    void Free(void* ptr) noexcept override {
        auto it = live_.find(ptr);
        ASSERT_NE(it, live_.end());
        held_ -= it->second;
        live_.erase(it);
        std::free(ptr);
    }

    size_t held() const { return held_; }
    const std::map<void*, size_t>& live() const { return live_; }

private:
    size_t capacity_;
    size_t held_{0};
    std::map<void*, size_t> live_;
};

struct PoolWithFake {
    explicit PoolWithFake(size_t capacity = 64 * kMiB, size_t limit = MemoryPool::kNoLimit, bool caching = true)
        : fake{new FakeAllocator{capacity}}, pool{std::unique_ptr<Allocator>{fake}, limit, caching} {}
    FakeAllocator* fake;
    MemoryPool pool;
};

TEST(MemoryPoolTest, AFreedBlockIsReusedWithoutANewSegment) {
    PoolWithFake p;
    void* a = p.pool.Malloc(1000);
    p.pool.Free(a);
    void* b = p.pool.Malloc(1000);
    EXPECT_EQ(a, b);
    EXPECT_EQ(p.pool.GetStats().malloc_count, 1);
    p.pool.Free(b);
}

TEST(MemoryPoolTest, ASteadyLoopStopsCallingTheAllocatorAfterItsFirstIteration) {
    PoolWithFake p;
    const std::vector<size_t> sizes{32 * 784 * 4, 1000 * 784 * 4, 32 * 1000 * 4, 4, 1000 * 1000 * 4, 40, 0, 3 * kMiB};
    int64_t after_first = 0;
    for (int iteration = 0; iteration < 10; ++iteration) {
        std::vector<void*> live;
        for (size_t size : sizes) {
            live.push_back(p.pool.Malloc(size));
        }
        // Free in a different order than allocated, as a backward pass does.
        std::reverse(live.begin(), live.end());
        std::swap(live[1], live[4]);
        for (void* ptr : live) {
            p.pool.Free(ptr);
        }
        if (iteration == 0) {
            after_first = p.pool.GetStats().malloc_count;
        }
    }
    EXPECT_EQ(p.pool.GetStats().malloc_count, after_first);
    EXPECT_EQ(p.pool.GetStats().used_bytes, 0U);
}

TEST(MemoryPoolTest, SmallBlocksAreRoundedAndShareOneSegment) {
    PoolWithFake p;
    void* a = p.pool.Malloc(1);
    void* b = p.pool.Malloc(513);
    void* c = p.pool.Malloc(0);
    EXPECT_EQ(static_cast<char*>(b) - static_cast<char*>(a), 512);
    EXPECT_EQ(static_cast<char*>(c) - static_cast<char*>(b), 1024);
    MemoryPoolStats stats = p.pool.GetStats();
    EXPECT_EQ(stats.malloc_count, 1);
    EXPECT_EQ(stats.used_bytes, 2048U);
    EXPECT_EQ(stats.cached_bytes, MemoryPool::kSmallSegmentBytes);
    for (void* ptr : {b, a, c}) {
        p.pool.Free(ptr);
    }
}

TEST(MemoryPoolTest, FreedNeighboursMergeSoTheSegmentCanBeReturned) {
    PoolWithFake p;
    std::vector<void*> blocks;
    for (int i = 0; i < 8; ++i) {
        blocks.push_back(p.pool.Malloc(100 * 1024));
    }
    // Free every other block first: no two free blocks are neighbours until the second round.
    for (int i = 0; i < 8; i += 2) {
        p.pool.Free(blocks[i]);
    }
    p.pool.FreeUnusedBlocks();
    EXPECT_EQ(p.pool.GetStats().free_count, 0);
    for (int i = 1; i < 8; i += 2) {
        p.pool.Free(blocks[i]);
    }
    p.pool.FreeUnusedBlocks();
    MemoryPoolStats stats = p.pool.GetStats();
    EXPECT_EQ(stats.free_count, 1);
    EXPECT_EQ(stats.cached_bytes, 0U);
    EXPECT_EQ(p.fake->held(), 0U);
}

TEST(MemoryPoolTest, AMergedSegmentServesALargerSmallRequest) {
    PoolWithFake p;
    void* a = p.pool.Malloc(512 * 1024);
    void* b = p.pool.Malloc(512 * 1024);
    p.pool.Free(a);
    p.pool.Free(b);
    void* c = p.pool.Malloc(kMiB);
    EXPECT_EQ(c, a);
    EXPECT_EQ(p.pool.GetStats().malloc_count, 1);
    p.pool.Free(c);
}

TEST(MemoryPoolTest, LargeRequestsGetSegmentsOfTheirOwnSize) {
    PoolWithFake p;
    void* small = p.pool.Malloc(100);
    void* large = p.pool.Malloc(3 * kMiB + 1);
    MemoryPoolStats stats = p.pool.GetStats();
    EXPECT_EQ(stats.malloc_count, 2);
    EXPECT_EQ(stats.cached_bytes, MemoryPool::kSmallSegmentBytes + 3 * kMiB + 512);
    EXPECT_EQ(p.fake->live().at(large), 3 * kMiB + 512);
    p.pool.Free(large);
    p.pool.Free(small);
}

TEST(MemoryPoolTest, ALargeBlockIsSplitOnlyWhenTheRestIsLarge) {
    PoolWithFake p;
    void* four = p.pool.Malloc(4 * kMiB);
    p.pool.Free(four);
    // 3 MiB out of 4: a rest of 1 MiB would be small, so the whole block is handed out.
    void* three = p.pool.Malloc(3 * kMiB);
    EXPECT_EQ(three, four);
    EXPECT_EQ(p.pool.GetStats().used_bytes, 4 * kMiB);
    p.pool.Free(three);
    // 1.5 MiB out of 4: the 2.5 MiB rest serves the next large request.
    void* first = p.pool.Malloc(3 * kMiB / 2);
    void* second = p.pool.Malloc(2 * kMiB);
    EXPECT_EQ(static_cast<char*>(second) - static_cast<char*>(first), static_cast<ptrdiff_t>(3 * kMiB / 2));
    EXPECT_EQ(p.pool.GetStats().malloc_count, 1);
    p.pool.Free(first);
    p.pool.Free(second);
}

TEST(MemoryPoolTest, SmallRequestsNeverSplitALargeSegment) {
    PoolWithFake p;
    void* large = p.pool.Malloc(8 * kMiB);
    p.pool.Free(large);
    void* small = p.pool.Malloc(100);
    EXPECT_EQ(p.pool.GetStats().malloc_count, 2);
    EXPECT_NE(small, large);
    p.pool.Free(small);
}

TEST(MemoryPoolTest, OutOfMemoryReturnsUnusedSegmentsAndRetries) {
    PoolWithFake p{3 * kMiB};
    p.pool.Free(p.pool.Malloc(100));  // a 2 MiB small segment, cached
    void* large = p.pool.Malloc(2 * kMiB);  // does not fit beside it
    MemoryPoolStats stats = p.pool.GetStats();
    EXPECT_EQ(stats.malloc_count, 2);
    EXPECT_EQ(stats.free_count, 1);
    EXPECT_EQ(stats.cached_bytes, 2 * kMiB);
    p.pool.Free(large);
}

TEST(MemoryPoolTest, OutOfMemoryThrowsAndLeavesThePoolUsable) {
    PoolWithFake p{3 * kMiB};
    void* held = p.pool.Malloc(2 * kMiB);
    EXPECT_THROW(p.pool.Malloc(2 * kMiB), OutOfMemoryError);
    EXPECT_THROW(p.pool.Malloc(std::numeric_limits<size_t>::max()), OutOfMemoryError);
    EXPECT_THROW(p.pool.Malloc(std::numeric_limits<size_t>::max() - 100), OutOfMemoryError);
    p.pool.Free(held);
    void* again = p.pool.Malloc(2 * kMiB);
    EXPECT_EQ(again, held);
    p.pool.Free(again);
}

TEST(MemoryPoolTest, TheLimitCapsWhatThePoolHolds) {
    PoolWithFake p{64 * kMiB, 3 * kMiB};
    void* small = p.pool.Malloc(100);
    EXPECT_THROW(p.pool.Malloc(2 * kMiB), OutOfMemoryError);
    try {
        p.pool.Malloc(2 * kMiB);
    } catch (const OutOfMemoryError& e) {
        EXPECT_NE(std::string{e.what()}.find("limit 3145728"), std::string::npos) << e.what();
    }
    p.pool.Free(small);
    // Now the cached small segment is returned to make room.
    void* large = p.pool.Malloc(2 * kMiB);
    EXPECT_EQ(p.pool.GetStats().cached_bytes, 2 * kMiB);
    p.pool.SetLimit(MemoryPool::kNoLimit);
    EXPECT_EQ(p.pool.limit(), MemoryPool::kNoLimit);
    void* more = p.pool.Malloc(2 * kMiB);
    p.pool.Free(large);
    p.pool.Free(more);
}

TEST(MemoryPoolTest, FreeingAPointerThatIsNotALiveBlockThrows) {
    PoolWithFake p;
    void* a = p.pool.Malloc(10);
    void* b = p.pool.Malloc(10);
    EXPECT_THROW(p.pool.Free(static_cast<char*>(a) + 1), ChainerxError);
    EXPECT_THROW(p.pool.Free(nullptr), ChainerxError);
    p.pool.Free(a);
    EXPECT_THROW(p.pool.Free(a), ChainerxError);
    p.pool.Free(b);
}

TEST(MemoryPoolTest, TheDestructorReturnsEverySegment) {
    auto* fake = new FakeAllocator{};
    {
        MemoryPool pool{std::unique_ptr<Allocator>{fake}};
        pool.Free(pool.Malloc(10));
        pool.Free(pool.Malloc(5 * kMiB));
        EXPECT_EQ(fake->live().size(), 2U);
    }
    // ~FakeAllocator, run by the pool's destructor, checked that nothing was left.
}

// Random allocations and frees: live blocks never overlap, lie inside the allocator's segments, and after
// everything is freed the pool holds whole segments only.
TEST(MemoryPoolTest, RandomTrafficKeepsBlocksDisjoint) {
    PoolWithFake p{1024 * kMiB};
    std::mt19937 rng{42};
    std::map<char*, size_t> live;
    for (int step = 0; step < 20000; ++step) {
        if (live.empty() || (live.size() < 300 && rng() % 2 == 0)) {
            size_t size = rng() % 8 == 0 ? rng() % (6 * kMiB) : rng() % 20000;
            auto* ptr = static_cast<char*>(p.pool.Malloc(size));
            auto next = live.lower_bound(ptr);
            if (next != live.end()) {
                ASSERT_LE(ptr + size, next->first);
            }
            if (next != live.begin()) {
                auto prev = std::prev(next);
                ASSERT_LE(prev->first + prev->second, ptr);
            }
            auto segment = p.fake->live().upper_bound(ptr);
            ASSERT_NE(segment, p.fake->live().begin());
            --segment;
            ASSERT_LE(ptr + size, static_cast<char*>(segment->first) + segment->second);
            live.emplace(ptr, size);
        } else {
            auto it = live.begin();
            std::advance(it, rng() % live.size());
            p.pool.Free(it->first);
            live.erase(it);
        }
    }
    for (const auto& entry : live) {
        p.pool.Free(entry.first);
    }
    EXPECT_EQ(p.pool.GetStats().used_bytes, 0U);
    p.pool.FreeUnusedBlocks();
    EXPECT_EQ(p.pool.GetStats().cached_bytes, 0U);
    EXPECT_EQ(p.fake->held(), 0U);
}

TEST(MemoryPoolTest, ThreadsShareOnePool) {
    PoolWithFake p{256 * kMiB};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&p, t] {
            std::vector<void*> live;
            for (int i = 0; i < 2000; ++i) {
                live.push_back(p.pool.Malloc(static_cast<size_t>((i * 37 + t * 1000) % 5000)));
                if (live.size() > 16) {
                    p.pool.Free(live.front());
                    live.erase(live.begin());
                }
            }
            for (void* ptr : live) {
                p.pool.Free(ptr);
            }
        });
    }
    for (std::thread& thread : threads) {
        thread.join();
    }
    EXPECT_EQ(p.pool.GetStats().used_bytes, 0U);
    p.pool.FreeUnusedBlocks();
    EXPECT_EQ(p.fake->held(), 0U);
}

TEST(MemoryPoolTest, WithoutCachingEveryRequestIsAnExactAllocation) {
    PoolWithFake p{64 * kMiB, MemoryPool::kNoLimit, false};
    void* a = p.pool.Malloc(1000);
    void* b = p.pool.Malloc(0);
    EXPECT_EQ(p.fake->live().at(a), 1000U);
    EXPECT_EQ(p.fake->live().at(b), 1U);
    p.pool.Free(a);
    EXPECT_EQ(p.fake->live().count(a), 0U);  // returned at once, not cached
    MemoryPoolStats stats = p.pool.GetStats();
    EXPECT_EQ(stats.malloc_count, 2);
    EXPECT_EQ(stats.free_count, 1);
    EXPECT_EQ(stats.used_bytes, 1U);
    EXPECT_EQ(stats.cached_bytes, 1U);
    EXPECT_THROW(p.pool.Free(a), ChainerxError);
    p.pool.Free(b);
    EXPECT_EQ(p.fake->held(), 0U);
}

TEST(MemoryPoolTest, WithoutCachingTheLimitAndOutOfMemoryStillHold) {
    PoolWithFake p{3 * kMiB, 2 * kMiB, false};
    void* a = p.pool.Malloc(kMiB);
    EXPECT_THROW(p.pool.Malloc(kMiB + 1), OutOfMemoryError);
    p.pool.SetLimit(MemoryPool::kNoLimit);
    EXPECT_THROW(p.pool.Malloc(2 * kMiB + 1), OutOfMemoryError);
    void* b = p.pool.Malloc(2 * kMiB);
    p.pool.Free(a);
    p.pool.Free(b);
}

TEST(MemoryPoolTest, MemoryCachingFromValueIsOffOnlyForZero) {
    EXPECT_TRUE(MemoryCachingFromValue(nullptr));
    EXPECT_TRUE(MemoryCachingFromValue(""));
    EXPECT_TRUE(MemoryCachingFromValue("1"));
    EXPECT_FALSE(MemoryCachingFromValue("0"));
}

TEST(MemoryPoolTest, ParseMemoryLimitReadsBytesAndPercentages) {
    EXPECT_EQ(ParseMemoryLimit("", 1000), MemoryPool::kNoLimit);
    EXPECT_EQ(ParseMemoryLimit("1073741824", 1000), size_t{1} << 30);
    EXPECT_EQ(ParseMemoryLimit("0", 1000), 0U);
    EXPECT_EQ(ParseMemoryLimit("50%", 1000), 500U);
    EXPECT_EQ(ParseMemoryLimit("100%", 1000), 1000U);
    EXPECT_EQ(ParseMemoryLimit("12.5%", 1000), 125U);
    for (const char* bad : {"x", "-1", "+5", "1e9", "10 ", "101%", "-5%", "%", "abc%", "99999999999999999999999"}) {
        EXPECT_THROW(ParseMemoryLimit(bad, 1000), ChainerxError) << bad;
    }
}

}  // namespace
}  // namespace cuda
}  // namespace chainerx
