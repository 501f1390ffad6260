#include "chainerx/cuda/memory_pool.h"

#include <cerrno>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

namespace chainerx {
namespace cuda {
namespace {

size_t RoundUp(size_t bytesize, size_t unit) {
    if (bytesize > std::numeric_limits<size_t>::max() - unit) {
        throw OutOfMemoryError{"cannot allocate ", bytesize, " bytes: the size overflows"};
    }
    return (bytesize + unit - 1) / unit * unit;
}

}  // namespace

MemoryPool::MemoryPool(std::unique_ptr<Allocator> allocator, size_t limit, bool caching)
    : allocator_{std::move(allocator)}, limit_{limit}, caching_{caching} {}

MemoryPool::~MemoryPool() {
    FreeUnusedBlocksLocked();
    // What is left belongs to segments with live blocks: their memory is leaked, only the bookkeeping goes.
    std::vector<Block*> blocks{free_small_.begin(), free_small_.end()};
    blocks.insert(blocks.end(), free_large_.begin(), free_large_.end());
    for (const auto& entry : in_use_) {
        blocks.push_back(entry.second);
    }
    for (Block* block : blocks) {
        delete block;
    }
}

void* MemoryPool::Malloc(size_t bytesize) {
    if (!caching_) {
        return MallocUncached(bytesize == 0 ? 1 : bytesize);
    }
    size_t size = RoundUp(bytesize == 0 ? 1 : bytesize, kRoundBytes);
    bool small = size <= kSmallRequestBytes;
    std::lock_guard<std::mutex> lock{mutex_};
    Block* block = TakeBestFit(small, size);
    if (block == nullptr) {
        block = NewSegment(small, size);
    }
    SplitIfWorthIt(block, size);
    block->in_use = true;
    in_use_.emplace(block->ptr, block);
    stats_.used_bytes += block->size;
    return block->ptr;
}

// A segment of exactly `bytesize` bytes, a block of its own (Note [CUDA memory pool], without caching).
void* MemoryPool::MallocUncached(size_t bytesize) {
    std::lock_guard<std::mutex> lock{mutex_};
    Block* block = NewSegment(false, bytesize);
    block->in_use = true;
    in_use_.emplace(block->ptr, block);
    stats_.used_bytes += block->size;
    return block->ptr;
}

MemoryPool::Block* MemoryPool::TakeBestFit(bool small, size_t size) {
    FreeBlocks& blocks = free_blocks(small);
    Block key{nullptr, size, small, false, nullptr, nullptr};
    auto it = blocks.lower_bound(&key);
    if (it == blocks.end()) {
        return nullptr;
    }
    Block* block = *it;
    blocks.erase(it);
    return block;
}

MemoryPool::Block* MemoryPool::NewSegment(bool small, size_t size) {
    size_t segment_size = small ? kSmallSegmentBytes : size;
    void* ptr = MallocSegmentOrNull(segment_size);
    if (ptr == nullptr) {
        FreeUnusedBlocksLocked();
        ptr = MallocSegmentOrNull(segment_size);
    }
    if (ptr == nullptr) {
        std::string limit = limit_ == kNoLimit ? "" : ", limit " + std::to_string(limit_);
        throw OutOfMemoryError{"out of device memory: cannot allocate ", segment_size, " bytes (", stats_.used_bytes,
                               " bytes in use, ", stats_.cached_bytes, " held by the memory pool", limit, ")"};
    }
    ++stats_.malloc_count;
    stats_.cached_bytes += segment_size;
    if (stats_.cached_bytes > stats_.peak_cached_bytes) {
        stats_.peak_cached_bytes = stats_.cached_bytes;
    }
    return new Block{static_cast<char*>(ptr), segment_size, small, false, nullptr, nullptr};
}

void* MemoryPool::MallocSegmentOrNull(size_t bytesize) {
    if (limit_ != kNoLimit && (bytesize > limit_ || stats_.cached_bytes > limit_ - bytesize)) {
        return nullptr;
    }
    return allocator_->Malloc(bytesize);
}

void MemoryPool::SplitIfWorthIt(Block* block, size_t size) {
    size_t rest = block->size - size;
    if (rest == 0 || (!block->small && rest <= kSmallRequestBytes)) {
        return;
    }
    auto* tail = new Block{block->ptr + size, rest, block->small, false, block, block->next};
    if (block->next != nullptr) {
        block->next->prev = tail;
    }
    block->next = tail;
    block->size = size;
    free_blocks(tail->small).insert(tail);
}

void MemoryPool::Free(void* ptr) {
    std::lock_guard<std::mutex> lock{mutex_};
    auto it = in_use_.find(ptr);
    if (it == in_use_.end()) {
        throw ChainerxError{"MemoryPool::Free: ", ptr, " is not a live block of this pool"};
    }
    Block* block = it->second;
    in_use_.erase(it);
    stats_.used_bytes -= block->size;
    block->in_use = false;
    if (!caching_) {
        allocator_->Free(block->ptr);
        ++stats_.free_count;
        stats_.cached_bytes -= block->size;
        delete block;
        return;
    }
    FreeBlocks& blocks = free_blocks(block->small);
    // Merge with the free neighbours; the block keeps the lower address.
    if (Block* next = block->next; next != nullptr && !next->in_use) {
        blocks.erase(next);
        block->size += next->size;
        block->next = next->next;
        if (next->next != nullptr) {
            next->next->prev = block;
        }
        delete next;
    }
    if (Block* prev = block->prev; prev != nullptr && !prev->in_use) {
        blocks.erase(prev);
        prev->size += block->size;
        prev->next = block->next;
        if (block->next != nullptr) {
            block->next->prev = prev;
        }
        delete block;
        block = prev;
    }
    blocks.insert(block);
}

void MemoryPool::FreeUnusedBlocks() {
    std::lock_guard<std::mutex> lock{mutex_};
    FreeUnusedBlocksLocked();
}

void MemoryPool::FreeUnusedBlocksLocked() {
    for (FreeBlocks* blocks : {&free_small_, &free_large_}) {
        for (auto it = blocks->begin(); it != blocks->end();) {
            Block* block = *it;
            if (block->prev != nullptr || block->next != nullptr) {
                ++it;
                continue;
            }
            it = blocks->erase(it);
            allocator_->Free(block->ptr);
            ++stats_.free_count;
            stats_.cached_bytes -= block->size;
            delete block;
        }
    }
}

MemoryPoolStats MemoryPool::GetStats() const {
    std::lock_guard<std::mutex> lock{mutex_};
    return stats_;
}

size_t MemoryPool::limit() const {
    std::lock_guard<std::mutex> lock{mutex_};
    return limit_;
}

void MemoryPool::SetLimit(size_t limit) {
    std::lock_guard<std::mutex> lock{mutex_};
    limit_ = limit;
}

bool MemoryCachingFromValue(const char* value) { return value == nullptr || std::string{value} != "0"; }

size_t ParseMemoryLimit(const std::string& value, size_t total_bytes) {
    if (value.empty()) {
        return MemoryPool::kNoLimit;
    }
    bool percent = value.back() == '%';
    std::string number = percent ? value.substr(0, value.size() - 1) : value;
    const char* begin = number.c_str();
    char* end = nullptr;
    errno = 0;
    if (percent) {
        double fraction = std::strtod(begin, &end) / 100;
        if (end == begin || *end != '\0' || errno != 0 || !(fraction >= 0 && fraction <= 1)) {
            throw ChainerxError{"invalid memory limit '", value, "': expected a percentage between 0% and 100%"};
        }
        return static_cast<size_t>(fraction * static_cast<double>(total_bytes));
    }
    unsigned long long bytes = std::strtoull(begin, &end, 10);  // NOLINT(runtime/int): strtoull's type
    if (end == begin || *end != '\0' || errno != 0 || number.front() == '-' || number.front() == '+') {
        throw ChainerxError{"invalid memory limit '", value, "': expected a number of bytes or a percentage"};
    }
    return static_cast<size_t>(bytes);
}

}  // namespace cuda
}  // namespace chainerx
