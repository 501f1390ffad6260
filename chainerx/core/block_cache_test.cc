#include "chainerx/core/block_cache.h"

#include <memory>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

namespace chainerx {
namespace internal {
namespace {

struct Tracked {
    explicit Tracked(int value, int* destroyed) : value{value}, destroyed{destroyed} {}
    ~Tracked() { ++*destroyed; }
    Tracked(const Tracked&) = delete;
    Tracked& operator=(const Tracked&) = delete;
    Tracked(Tracked&&) = delete;
    Tracked& operator=(Tracked&&) = delete;

    int value;
    int* destroyed;
};

TEST(BlockCacheTest, MakeSharedCachedConstructsDestroysAndReusesTheBlock) {
    int destroyed = 0;
    const void* first_address = nullptr;
    {
        std::shared_ptr<Tracked> a = MakeSharedCached<Tracked>(7, &destroyed);
        EXPECT_EQ(a->value, 7);
        first_address = a.get();
        std::weak_ptr<Tracked> weak = a;
        a.reset();
        EXPECT_EQ(destroyed, 1);  // destroyed with its last owner, freed with its last weak reference
        EXPECT_TRUE(weak.expired());
    }
    std::shared_ptr<Tracked> b = MakeSharedCached<Tracked>(8, &destroyed);
    EXPECT_EQ(b->value, 8);
    if (kMaxCachedBlocks > 0) {
        EXPECT_EQ(b.get(), first_address);  // the freed block came back from the thread's list
    }
}

TEST(BlockCacheTest, ManyBlocksAndBlocksFreedOnAnotherThread) {
    int destroyed = 0;
    std::vector<std::shared_ptr<Tracked>> objects;
    for (int i = 0; i < 3 * static_cast<int>(kMaxCachedBlocks) + 10; ++i) {
        objects.push_back(MakeSharedCached<Tracked>(i, &destroyed));
    }
    // Freed on a thread that then exits: they join its list, released when it ends.
    std::thread other{[&objects] { objects.resize(objects.size() / 2); }};
    other.join();
    objects.clear();  // the rest beyond the cap go back to operator delete
    EXPECT_EQ(destroyed, 3 * static_cast<int>(kMaxCachedBlocks) + 10);
    // Allocation from the emptied and refilled lists still works on both threads.
    std::thread again{[&destroyed] { EXPECT_EQ(MakeSharedCached<Tracked>(1, &destroyed)->value, 1); }};
    again.join();
    EXPECT_EQ(MakeSharedCached<Tracked>(2, &destroyed)->value, 2);
}

TEST(BlockCacheTest, ArrayRequestsBypassTheCache) {
    CachedAllocator<int> allocator;
    int* p = allocator.allocate(5);
    for (int i = 0; i < 5; ++i) {
        p[i] = i;  // NOLINT(cppcoreguidelines-pro-bounds-pointer-arithmetic)
    }
    allocator.deallocate(p, 5);
    EXPECT_TRUE(allocator == CachedAllocator<double>{});
}

}  // namespace
}  // namespace internal
}  // namespace chainerx
