// A caching allocator for device memory, in the spirit of CuPy's and PyTorch's pools.
//
// Note [CUDA memory pool]
// cudaMalloc costs microseconds and cudaFree synchronises the whole device, so a training loop that allocates
// its activations afresh every iteration must not reach either. The pool keeps what it got from the allocator
// (a "segment") after the arrays using it die, and hands it out again:
// - Requests are rounded up to kRoundBytes. Requests up to kSmallRequestBytes come from kSmallSegmentBytes
//   segments shared by many small blocks; larger ones from segments of their own size. Small and large blocks
//   never share a segment, so a few long-lived small arrays cannot pin a large segment.
// - A free block is found best-fit (the smallest block that is large enough, the lowest address among equals)
//   and split when the rest is worth keeping: any rest in a small segment, a rest above kSmallRequestBytes in a
//   large one. A freed block merges with its free neighbours in the segment, so a segment whose blocks are all
//   free is one block again.
// - When the allocator is out of memory, or the pool would exceed its limit, the pool returns every wholly
//   free segment and tries once more before it throws OutOfMemoryError.
// - A block is reused as soon as it is freed. That is safe on a device because every kernel and copy of the
//   device is issued to one stream in order: whatever used the block was issued before whatever reuses it.
// - Without caching (CHAINERX_CUDA_MEMORY_CACHING=0, for memory checkers: compute-sanitizer on a GPU, AddressSanitizer
//   on the emulated device), every request goes to the allocator with its exact size and every free back to it, so
//   that an access past the end of an array is past the end of an allocation (PyTorch's
//   PYTORCH_NO_CUDA_MEMORY_CACHING). The limit and the statistics still hold.
// The pool knows nothing of CUDA: the allocator is injected (cudaMalloc/cudaFree on a device, a host fake in
// memory_pool_test.cc), so its bookkeeping is tested without a GPU.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>

#include "chainerx/core/error.h"

namespace chainerx {
namespace cuda {

// The pool could not get the memory even after returning its unused segments, or would exceed its limit.
class OutOfMemoryError : public ChainerxError {
public:
    using ChainerxError::ChainerxError;
};

// Where a pool's segments come from.
class Allocator {
public:
    virtual ~Allocator() = default;
    // nullptr when the memory is exhausted; throws for any other failure.
    virtual void* Malloc(size_t bytesize) = 0;
    virtual void Free(void* ptr) noexcept = 0;
};

struct MemoryPoolStats {
    int64_t malloc_count{0};  // segments obtained from the allocator since the pool was made
    int64_t free_count{0};  // segments returned to the allocator
    size_t used_bytes{0};  // held by live blocks (rounded sizes)
    size_t cached_bytes{0};  // held from the allocator: used_bytes plus free blocks
    size_t peak_cached_bytes{0};
};

class MemoryPool {
public:
    static constexpr size_t kRoundBytes = 512;
    static constexpr size_t kSmallRequestBytes = size_t{1} << 20;
    static constexpr size_t kSmallSegmentBytes = size_t{2} << 20;
    static constexpr size_t kNoLimit = std::numeric_limits<size_t>::max();

    explicit MemoryPool(std::unique_ptr<Allocator> allocator, size_t limit = kNoLimit, bool caching = true);
    // Returns every segment; blocks still in use are leaked (their owners keep the pool alive in practice).
    ~MemoryPool();
    MemoryPool(const MemoryPool&) = delete;
    MemoryPool& operator=(const MemoryPool&) = delete;

    // A block of at least `bytesize` bytes (a distinct one for 0), aligned to kRoundBytes within its segment (with
    // caching; without it, exactly `bytesize` bytes, at least 1, as the allocator aligns them).
    void* Malloc(size_t bytesize);
    // Throws ChainerxError for a pointer that is not a live block of this pool.
    void Free(void* ptr);
    // Returns every wholly free segment to the allocator.
    void FreeUnusedBlocks();

    MemoryPoolStats GetStats() const;
    size_t limit() const;
    // Applies to later segments; what is already held stays.
    void SetLimit(size_t limit);

private:
    struct Block {
        char* ptr;
        size_t size;
        bool small;  // the kind of its segment
        bool in_use;
        Block* prev;  // the neighbours in the same segment, by address
        Block* next;
    };
    struct BySizeThenAddress {
        bool operator()(const Block* a, const Block* b) const {
            return a->size != b->size ? a->size < b->size : a->ptr < b->ptr;
        }
    };
    using FreeBlocks = std::set<Block*, BySizeThenAddress>;

    FreeBlocks& free_blocks(bool small) { return small ? free_small_ : free_large_; }
    Block* TakeBestFit(bool small, size_t size);
    Block* NewSegment(bool small, size_t size);
    void* MallocSegmentOrNull(size_t bytesize);
    void SplitIfWorthIt(Block* block, size_t size);
    void FreeUnusedBlocksLocked();

    void* MallocUncached(size_t bytesize);

    std::unique_ptr<Allocator> allocator_;
    mutable std::mutex mutex_;
    size_t limit_;
    bool caching_;
    MemoryPoolStats stats_;
    FreeBlocks free_small_;
    FreeBlocks free_large_;
    std::unordered_map<void*, Block*> in_use_;
};

// Whether the value of CHAINERX_CUDA_MEMORY_CACHING (null when unset) asks for caching: anything but "0".
bool MemoryCachingFromValue(const char* value);

// The limit given by an environment variable's value: a number of bytes, or a percentage of `total_bytes`
// ("50%"). An empty value means no limit. Throws ChainerxError for anything else.
size_t ParseMemoryLimit(const std::string& value, size_t total_bytes);

}  // namespace cuda
}  // namespace chainerx
