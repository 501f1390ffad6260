// A caching allocator for host memory: freed blocks are kept in size-class bins and handed out again.
//
//     MemoryPool pool{/*max_cached_bytes=*/size_t{1} << 30};
//     void* p = pool.Malloc(1000);   // 64-byte aligned, at least 1000 usable bytes
//     pool.Free(p, 1000);            // kept for the next request of the same size class
//
// Why: a fresh heap block for every array result costs, for small arrays, a call into the C allocator's
// aligned path (slower than its plain malloc), and for large ones (above glibc's mmap threshold) a page fault per
// 4 KiB on first write: a + b on 10^7 float32 spends more time faulting in its 40 MB output than adding. Reusing
// the previous result's block avoids both.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "chainerx/native/spin_lock.h"

namespace chainerx {
namespace native {

class MemoryPool {
public:
    // Blocks are aligned to a cache line, so vectorised loops can use aligned loads on whole lines.
    static constexpr size_t kAlignment = 64;

    // `max_cached_bytes`: the most bytes of freed blocks kept for reuse; a freed block that does not fit
    // goes back to the C allocator.
    explicit MemoryPool(size_t max_cached_bytes);
    // Returns every cached block to the C allocator. Blocks still in use must not be freed to the pool later.
    ~MemoryPool();
    MemoryPool(const MemoryPool&) = delete;
    MemoryPool& operator=(const MemoryPool&) = delete;

    // A block of at least `bytesize` bytes (a distinct one for 0), aligned to kAlignment: a cached block of the
    // same size class if there is one, else a new one. Throws std::bad_alloc when memory is exhausted, after
    // releasing the cache and retrying once. Thread-safe.
    void* Malloc(size_t bytesize);

    // Gives back a block from Malloc; `bytesize` is the size it was requested with. Thread-safe.
    void Free(void* ptr, size_t bytesize);

    // Returns every cached block to the C allocator (blocks in use are unaffected). Thread-safe.
    void FreeAll();

    // Bytes held in cached (free) blocks.
    size_t cached_bytes() const;
    size_t max_cached_bytes() const;
    // Changes the cap; cached blocks beyond a lowered cap are released at once.
    void set_max_cached_bytes(size_t max_cached_bytes);

    // The size class of a request: the block size actually allocated. Multiples of 64 up to 1 KiB, then four
    // classes per power of two (at most 25% slack), so that similar sizes share blocks.
    static size_t GetBlockSize(size_t bytesize);

private:
    static size_t GetBinIndex(size_t block_size);
    void ReleaseUntil(size_t target_bytes);  // lock_ held

    mutable SpinLock lock_;  // held only for the bins' bookkeeping (see spin_lock.h)
    std::vector<std::vector<void*>> bins_;  // free blocks per size class, most recently freed last
    size_t cached_bytes_ = 0;
    size_t max_cached_bytes_;
};

// The pool of all native devices (they share host memory, so one pool serves them all). Its cap is 1 GiB unless
// the environment variable CHAINERX_NATIVE_MEMORY_POOL_LIMIT gives another number of bytes (0 disables caching).
// Never destroyed, so that arrays outliving static destruction can still give their blocks back.
MemoryPool& GetNativeMemoryPool();

}  // namespace native
}  // namespace chainerx
