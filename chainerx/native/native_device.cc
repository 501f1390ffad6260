#include "chainerx/native/native_device.h"

#include <cstddef>
#include <cstring>

#include "chainerx/core/block_cache.h"
#include "chainerx/native/memory_pool.h"

namespace chainerx {
namespace native {
namespace {

// Note [Small native blocks]
// A block of at most kLargestSmallBlock bytes (a 64-element float32 array) is allocated together with its
// handle's control block, from the calling thread's block cache (Note [Block caches] in core/block_cache.h). A pool
// block costs more for these: the pool's spin lock is taken twice (two atomic operations each) and the handle's
// control block is a second heap allocation. Small blocks are aligned to 16 bytes, operator new's alignment, rather
// than to a cache line: no kernel needs more than the element alignment, and a line-aligned request would take the
// allocator's slow aligned path (the reason small arrays first went to the pool).
constexpr size_t kLargestSmallBlock = 256;

template <size_t N>
struct SmallBlock {
    // User-provided, so that allocate_shared leaves the bytes uninitialised, as malloc does.
    SmallBlock() {}  // NOLINT(modernize-use-equals-default)
    alignas(16) unsigned char bytes[N];
};

static_assert(offsetof(SmallBlock<64>, bytes) == 0, "the data of a small block starts the block");

template <size_t N>
std::shared_ptr<void> AllocateSmallBlock() {
    // The converting move keeps the block's address, which is that of `bytes` (its only member).
    return std::shared_ptr<void>{internal::MakeSharedCached<SmallBlock<N>>()};
}

}  // namespace

std::shared_ptr<void> NativeDevice::Allocate(size_t bytesize) {
    if (bytesize <= kLargestSmallBlock) {
        return bytesize <= 64 ? AllocateSmallBlock<64>() : AllocateSmallBlock<kLargestSmallBlock>();
    }
    MemoryPool& pool = GetNativeMemoryPool();
    // shared_ptr calls the deleter itself if allocating its control block throws, so the block cannot leak.
    return std::shared_ptr<void>{pool.Malloc(bytesize), [&pool, bytesize](void* ptr) { pool.Free(ptr, bytesize); }};
}

void NativeDevice::MemoryCopyFromHost(void* dst, const void* src, size_t bytesize) { std::memcpy(dst, src, bytesize); }

void NativeDevice::MemoryCopyToHost(void* dst, const void* src, size_t bytesize) { std::memcpy(dst, src, bytesize); }

}  // namespace native
}  // namespace chainerx
