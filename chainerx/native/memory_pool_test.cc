#include "chainerx/native/memory_pool.h"

#include <cstdint>
#include <cstring>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

namespace chainerx {
namespace native {
namespace {

bool IsAligned(const void* ptr) { return reinterpret_cast<uintptr_t>(ptr) % MemoryPool::kAlignment == 0; }

TEST(MemoryPoolTest, BlockSizes) {
    EXPECT_EQ(MemoryPool::GetBlockSize(0), 64U);
    EXPECT_EQ(MemoryPool::GetBlockSize(1), 64U);
    EXPECT_EQ(MemoryPool::GetBlockSize(64), 64U);
    EXPECT_EQ(MemoryPool::GetBlockSize(65), 128U);
    EXPECT_EQ(MemoryPool::GetBlockSize(1024), 1024U);
    EXPECT_EQ(MemoryPool::GetBlockSize(1025), 1280U);
    EXPECT_EQ(MemoryPool::GetBlockSize(2048), 2048U);
    EXPECT_EQ(MemoryPool::GetBlockSize(2049), 2560U);
    EXPECT_EQ(MemoryPool::GetBlockSize(40000000), 41943040U);  // 10^7 float32: 5% slack
    for (size_t size = 1; size < (size_t{1} << 22); size = size * 3 / 2 + 1) {
        size_t block = MemoryPool::GetBlockSize(size);
        EXPECT_GE(block, size);
        EXPECT_LE(block, size + size / 4 + 64) << size;
        EXPECT_EQ(block % MemoryPool::kAlignment, 0U);
    }
}

TEST(MemoryPoolTest, ReusesFreedBlocksOfTheSameClass) {
    MemoryPool pool{size_t{1} << 20};
    void* a = pool.Malloc(100);
    EXPECT_TRUE(IsAligned(a));
    std::memset(a, 1, 100);
    pool.Free(a, 100);
    EXPECT_EQ(pool.cached_bytes(), 128U);
    EXPECT_EQ(pool.Malloc(120), a);  // same class (128 bytes)
    EXPECT_EQ(pool.cached_bytes(), 0U);
    void* b = pool.Malloc(100);  // the cache is empty: a new block
    EXPECT_NE(b, a);
    pool.Free(a, 120);
    pool.Free(b, 100);
    void* c = pool.Malloc(300);  // other class: new block
    EXPECT_NE(c, a);
    EXPECT_NE(c, b);
    pool.Free(c, 300);
    EXPECT_EQ(pool.cached_bytes(), 128U + 128U + 320U);
}

// Large blocks start on a 2 MiB boundary (Note [Huge pages for large blocks]), are usable to their last byte and
// are reused like the others.
TEST(MemoryPoolTest, LargeBlocksAreHugePageAligned) {
    MemoryPool pool{size_t{64} << 20};
    constexpr size_t kSize = (size_t{5} << 20) + 3;
    auto* ptr = static_cast<unsigned char*>(pool.Malloc(kSize));
    EXPECT_EQ(reinterpret_cast<uintptr_t>(ptr) % (size_t{2} << 20), 0U);
    std::memset(ptr, 0xab, kSize);
    EXPECT_EQ(ptr[kSize - 1], 0xab);
    pool.Free(ptr, kSize);
    EXPECT_EQ(pool.Malloc(kSize), ptr);
    pool.Free(ptr, kSize);
}

TEST(MemoryPoolTest, ZeroSizeBlocksAreDistinct) {
    MemoryPool pool{0};
    void* a = pool.Malloc(0);
    void* b = pool.Malloc(0);
    EXPECT_NE(a, b);
    EXPECT_TRUE(IsAligned(a));
    pool.Free(a, 0);
    pool.Free(b, 0);
    EXPECT_EQ(pool.cached_bytes(), 0U);  // cap 0: nothing is cached
}

TEST(MemoryPoolTest, CapAndFreeAll) {
    MemoryPool pool{4096};
    std::vector<void*> blocks;
    for (int i = 0; i < 6; ++i) {
        blocks.push_back(pool.Malloc(1024));
    }
    for (void* block : blocks) {
        pool.Free(block, 1024);
    }
    EXPECT_EQ(pool.cached_bytes(), 4096U);  // four fit under the cap, two went back to the system
    pool.set_max_cached_bytes(2048);
    EXPECT_EQ(pool.cached_bytes(), 2048U);
    EXPECT_EQ(pool.max_cached_bytes(), 2048U);
    pool.FreeAll();
    EXPECT_EQ(pool.cached_bytes(), 0U);
    void* large = pool.Malloc(size_t{3} << 20);
    EXPECT_TRUE(IsAligned(large));
    pool.Free(large, size_t{3} << 20);  // over the cap: freed at once
    EXPECT_EQ(pool.cached_bytes(), 0U);
}

TEST(MemoryPoolTest, ThreadSafe) {
    MemoryPool pool{size_t{1} << 20};
    auto churn = [&pool](int seed) {
        std::vector<std::pair<void*, size_t>> live;
        for (int i = 0; i < 2000; ++i) {
            size_t size = static_cast<size_t>((i * 37 + seed * 11) % 3000);
            void* p = pool.Malloc(size);
            std::memset(p, seed, size);
            live.emplace_back(p, size);
            if (live.size() > 8) {
                pool.Free(live.front().first, live.front().second);
                live.erase(live.begin());
            }
        }
        for (auto& block : live) {
            pool.Free(block.first, block.second);
        }
    };
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back(churn, t);
    }
    for (std::thread& thread : threads) {
        thread.join();
    }
    EXPECT_LE(pool.cached_bytes(), size_t{1} << 20);
}

}  // namespace
}  // namespace native
}  // namespace chainerx
