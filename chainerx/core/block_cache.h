// Per-thread caches of freed blocks for the small objects that every op allocates (Note [Block caches]).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <utility>

namespace chainerx {
namespace internal {

// Note [Block caches]
// An op on small arrays allocates a handful of fixed-size objects: its output's body and data block and, when it is
// recorded, an op node, array nodes and a retained list; the graph frees them all a step later. glibc's malloc and
// free take ~150 instructions per block even on their thread-cache path, which was ~15% of a tiny forward+backward
// step (16 blocks per step, measured with callgrind). Those objects are therefore made by MakeSharedCached, which
// keeps up to kMaxCachedBlocks freed blocks of each size in a per-thread LIFO list, as CPython's free lists and the
// thread caches of tcmalloc do:
// - every block comes from operator new, so a block freed on another thread simply joins that thread's list;
// - a thread's lists are released when the thread exits, and blocks freed after that go to operator delete;
// - AddressSanitizer builds keep no blocks, so that a use after free is still reported.
#if defined(__has_feature)
#define CHAINERX_BLOCK_CACHE_ASAN __has_feature(address_sanitizer)  // Clang
#else
#define CHAINERX_BLOCK_CACHE_ASAN 0
#endif
#if defined(__SANITIZE_ADDRESS__) || CHAINERX_BLOCK_CACHE_ASAN  // GCC defines the former
inline constexpr uint32_t kMaxCachedBlocks = 0;
#else
inline constexpr uint32_t kMaxCachedBlocks = 64;
#endif
#undef CHAINERX_BLOCK_CACHE_ASAN

// The freed blocks of `kSize` bytes (a multiple of 16) held by the calling thread.
template <size_t kSize>
class BlockCache {
public:
    static_assert(kSize % 16 == 0 && kSize >= sizeof(void*), "blocks are rounded up to 16 bytes");

    static void* Allocate() {
        List& list = LocalList();
        if (FreeBlock* block = list.head) {
            list.head = block->next;
            --list.count;
            return block;
        }
        return ::operator new(kSize);
    }

    static void Deallocate(void* p) noexcept {
        List& list = LocalList();
        if (list.count >= kMaxCachedBlocks || list.closed) {
            ::operator delete(p);
            return;
        }
        if (!list.release_registered) {
            // Constructed on the thread's first cached block; its destructor runs when the thread exits.
            static thread_local Releaser releaser;
            static_cast<void>(releaser);
            list.release_registered = true;
        }
        auto* block = new (p) FreeBlock{list.head};
        list.head = block;
        ++list.count;
    }

private:
    struct FreeBlock {
        FreeBlock* next;
    };

    // Trivially destructible and constant-initialised, so that reaching it costs no guard check.
    struct List {
        FreeBlock* head;
        uint32_t count;
        bool release_registered;
        bool closed;
    };

    struct Releaser {
        Releaser() {}  // NOLINT(modernize-use-equals-default): the thread_local must be constructed to be destroyed
        ~Releaser() {
            List& list = LocalList();
            list.closed = true;
            while (FreeBlock* block = list.head) {
                list.head = block->next;
                ::operator delete(block);
            }
            list.count = 0;
        }
        Releaser(const Releaser&) = delete;
        Releaser& operator=(const Releaser&) = delete;
        Releaser(Releaser&&) = delete;
        Releaser& operator=(Releaser&&) = delete;
    };

    static inline thread_local List t_list{};

    // The calling thread's list, looked up once per call: GCC recomputes the address of a thread_local
    // (__tls_get_addr, ~10 instructions from a shared library) at every use within a function rather than keep it
    // in a register, which cost three lookups per freed block.
    __attribute__((noinline)) static List& LocalList() noexcept { return t_list; }
};

constexpr size_t RoundUpToBlockSize(size_t size) { return (size + 15) / 16 * 16; }

// A std::allocator replacement that takes single objects from the block cache of their size (array requests go to
// operator new). Stateless: all instances are equal.
template <typename T>
class CachedAllocator {
public:
    using value_type = T;

    CachedAllocator() = default;
    template <typename U>
    CachedAllocator(const CachedAllocator<U>& /*other*/) noexcept {}  // NOLINT(google-explicit-constructor)

    T* allocate(size_t n) {
        static_assert(alignof(T) <= __STDCPP_DEFAULT_NEW_ALIGNMENT__, "over-aligned types are not cached");
        if (n != 1) {
            return static_cast<T*>(::operator new(n * sizeof(T)));
        }
        return static_cast<T*>(BlockCache<RoundUpToBlockSize(sizeof(T))>::Allocate());
    }

    void deallocate(T* p, size_t n) noexcept {
        if (n != 1) {
            ::operator delete(p);
            return;
        }
        BlockCache<RoundUpToBlockSize(sizeof(T))>::Deallocate(p);
    }

    template <typename U>
    bool operator==(const CachedAllocator<U>& /*other*/) const noexcept {
        return true;
    }
    template <typename U>
    bool operator!=(const CachedAllocator<U>& /*other*/) const noexcept {
        return false;
    }
};

// std::make_shared with the object and its control block in one cached block.
template <typename T, typename... Args>
std::shared_ptr<T> MakeSharedCached(Args&&... args) {
    return std::allocate_shared<T>(CachedAllocator<T>{}, std::forward<Args>(args)...);
}

}  // namespace internal
}  // namespace chainerx
