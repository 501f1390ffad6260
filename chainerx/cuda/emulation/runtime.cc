// The CUDA runtime calls of the backend, on the host: see Note [CUDA emulation on the host] in device.h. Device
// memory is host memory; asynchronous work waits in a queue until the host waits for it (Note [Deferred device work]
// in queue.h).
#include <cuda_runtime.h>
#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#endif

#include "chainerx/cuda/emulation/grid.h"
#include "chainerx/cuda/emulation/queue.h"

namespace chainerx {
namespace cuda {
namespace emulation {
namespace {

// Two devices, so that transfers between GPUs are exercised; each reports this much memory, and an allocation past
// it fails as cudaMalloc does, which drives the memory pool's free-all-and-retry path.
constexpr int kDeviceCount = 2;
constexpr size_t kDeviceMemoryBytes = size_t{4} << 30;
constexpr size_t kPageBytes = 4096;  // pinned host buffers are whole pages
// Device allocations are whole huge pages (the memory pool asks for 2 MiB segments anyway): switching the arena's
// protection rewrites one page-table entry per resident page, 512 times fewer with huge pages (a tiny kernel took
// 15 ms with 256 MB resident in 4 KiB pages).
constexpr size_t kHugePageBytes = size_t{2} << 20;

thread_local int t_current_device = 0;
thread_local cudaError_t t_last_error = cudaSuccess;

// The arena of Note [Device memory out of the host's reach]: address space for both devices' memory, reserved once,
// handed out first-fit in whole huge pages.
class DeviceMemory {
public:
    DeviceMemory() {
        const size_t reserved = kArenaBytes + kHugePageBytes;
        void* base = mmap(nullptr, reserved, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (base == MAP_FAILED) {
            std::perror("chainerx CUDA emulation: cannot reserve the device arena");
            std::abort();
        }
        auto aligned = (reinterpret_cast<uintptr_t>(base) + kHugePageBytes - 1) / kHugePageBytes * kHugePageBytes;
        base_ = reinterpret_cast<char*>(aligned);
        madvise(base_, kArenaBytes, MADV_HUGEPAGE);  // a hint: without transparent huge pages, only slower
        free_[0] = kArenaBytes;
    }

    // nullptr when the device's memory is used up.
    void* Allocate(int device, size_t bytes) {
        std::lock_guard<std::mutex> lock{mutex_};
        size_t size = (std::max<size_t>(bytes, 1) + kHugePageBytes - 1) / kHugePageBytes * kHugePageBytes;
        if (size > kDeviceMemoryBytes - used_[device]) {
            return nullptr;
        }
        for (auto it = free_.begin(); it != free_.end(); ++it) {
            if (it->second >= size) {
                size_t offset = it->first;
                size_t rest = it->second - size;
                free_.erase(it);
                if (rest > 0) {
                    free_[offset + size] = rest;
                }
                allocations_[offset] = {device, size};
                used_[device] += size;
                PoisonTail(base_ + offset, bytes, size);
                return base_ + offset;
            }
        }
        return nullptr;
    }

    // False for a pointer that cudaMalloc did not return.
    bool Free(void* ptr) {
        std::lock_guard<std::mutex> lock{mutex_};
        auto address = reinterpret_cast<uintptr_t>(ptr);
        auto base = reinterpret_cast<uintptr_t>(base_);
        auto it = address < base ? allocations_.end() : allocations_.find(address - base);
        if (it == allocations_.end()) {
            return false;
        }
        size_t offset = it->first;
        size_t size = it->second.second;
        used_[it->second.first] -= size;
        allocations_.erase(it);
        madvise(base_ + offset, size, MADV_DONTNEED);  // back to zero pages, as fresh memory
        PoisonTail(base_ + offset, size, size);
        auto next = free_.find(offset + size);
        if (next != free_.end()) {
            size += next->second;
            free_.erase(next);
        }
        auto prev = free_.lower_bound(offset);
        if (prev != free_.begin() && std::prev(prev)->first + std::prev(prev)->second == offset) {
            std::prev(prev)->second += size;
        } else {
            free_[offset] = size;
        }
        return true;
    }

    bool Contains(const void* ptr) const {
        auto address = reinterpret_cast<uintptr_t>(ptr);
        auto base = reinterpret_cast<uintptr_t>(base_);
        return address >= base && address < base + kArenaBytes;
    }

    size_t Used(int device) {
        std::lock_guard<std::mutex> lock{mutex_};
        return used_[device];
    }

    void EnterDeviceCode() {
        std::lock_guard<std::mutex> lock{access_mutex_};
        if (device_code_depth_++ == 0) {
            mprotect(base_, kArenaBytes, PROT_READ | PROT_WRITE);
        }
    }

    void LeaveDeviceCode() {
        std::lock_guard<std::mutex> lock{access_mutex_};
        if (--device_code_depth_ == 0) {
            mprotect(base_, kArenaBytes, PROT_NONE);
        }
    }

private:
    static constexpr size_t kArenaBytes = kDeviceCount * kDeviceMemoryBytes;

    // Under AddressSanitizer, marks the bytes of an allocation past the `bytes` asked for (its rounding up to huge
    // pages) as unaddressable, so that a kernel or copy reaching past the end of an allocation is reported. With the
    // memory pool's caching off (CHAINERX_CUDA_MEMORY_CACHING=0) an allocation is one array, so that is a read or
    // write past the array (tools/pytest_asan.sh --emulated).
    static void PoisonTail(char* begin, size_t bytes, size_t size) {
#if defined(__SANITIZE_ADDRESS__)
        ASAN_UNPOISON_MEMORY_REGION(begin, size);
        ASAN_POISON_MEMORY_REGION(begin + bytes, size - bytes);
#else
        static_cast<void>(begin);
        static_cast<void>(bytes);
        static_cast<void>(size);
#endif
    }

    std::mutex mutex_;
    char* base_{nullptr};
    std::map<size_t, size_t> free_;  // offset -> bytes
    std::map<size_t, std::pair<int, size_t>> allocations_;  // offset -> (device, bytes)
    size_t used_[kDeviceCount]{};
    std::mutex access_mutex_;
    int device_code_depth_{0};
};

DeviceMemory& Memory() {
    static auto* memory = new DeviceMemory{};  // never destroyed: frees may come from static destructors
    return *memory;
}

cudaError_t Fail(cudaError_t error) {
    t_last_error = error;
    return error;
}

// The pinned host buffers (cudaHostAlloc), which asynchronous copies read and write when they run.
class PinnedBuffers {
public:
    void Add(const void* ptr, size_t bytes) {
        std::lock_guard<std::mutex> lock{mutex_};
        buffers_[reinterpret_cast<uintptr_t>(ptr)] = bytes;
    }

    void Remove(const void* ptr) {
        std::lock_guard<std::mutex> lock{mutex_};
        buffers_.erase(reinterpret_cast<uintptr_t>(ptr));
    }

    bool Contains(const void* ptr) {
        std::lock_guard<std::mutex> lock{mutex_};
        auto address = reinterpret_cast<uintptr_t>(ptr);
        auto it = buffers_.upper_bound(address);
        return it != buffers_.begin() && address < std::prev(it)->first + std::prev(it)->second;
    }

private:
    std::mutex mutex_;
    std::map<uintptr_t, size_t> buffers_;  // address -> bytes
};

PinnedBuffers& Pinned() {
    static auto* pinned = new PinnedBuffers{};
    return *pinned;
}

void CopyInDeviceCode(void* dst, const void* src, size_t count) {
    DeviceCodeScope device_code;
    std::memmove(dst, src, count);
}

// The calls in which the host waits for the device: synchronous copies, synchronisations, frees. Exported through
// chainerx_cuda_emulation_host_waits, so that tests can check where a GPU would make the host wait.
std::atomic<uint64_t> g_host_waits{0};

// The kernels and library calls issued so far (Note [Counting device work] in grid.h), exported through
// chainerx_cuda_emulation_launches; and whether each is printed as it is issued.
std::atomic<uint64_t> g_launches{0};
const bool g_trace_launches = [] {
    const char* trace = std::getenv("CHAINERX_CUDA_EMULATION_TRACE");
    return trace != nullptr && *trace != '\0' && std::strcmp(trace, "0") != 0;
}();

// What a call that synchronises on a GPU does: counts a wait and finishes the queued work (up to `count` items).
void WaitForDevice(uint64_t count = UINT64_MAX) {
    ++g_host_waits;
    FinishQueuedWork(count);
}

// An event completes when the work queued before its latest record has run.
struct EmulatedEvent {
    uint64_t recorded_at{0};
};

}  // namespace

void RecordLaunchError(cudaError_t error) { t_last_error = error; }

void CountDeviceWork(const char* kind, const char* name, dim3 grid, dim3 block) {
    ++g_launches;
    if (!g_trace_launches) {
        return;
    }
    if (grid.x == 0) {
        std::fprintf(stderr, "[emulated cuda] %s %s\n", kind, name);
    } else {
        std::fprintf(
                stderr,
                "[emulated cuda] %s %s <<<(%u,%u,%u), (%u,%u,%u)>>>\n",
                kind,
                name,
                grid.x,
                grid.y,
                grid.z,
                block.x,
                block.y,
                block.z);
    }
}

DeviceCodeScope::DeviceCodeScope() { Memory().EnterDeviceCode(); }

DeviceCodeScope::~DeviceCodeScope() { Memory().LeaveDeviceCode(); }

LibraryCallScope::LibraryCallScope(const char* call) {
    CountDeviceWork("library", call);
    FinishQueuedWork();
    Memory().EnterDeviceCode();
}

LibraryCallScope::~LibraryCallScope() { Memory().LeaveDeviceCode(); }

}  // namespace emulation
}  // namespace cuda
}  // namespace chainerx

using chainerx::cuda::emulation::CopyInDeviceCode;
using chainerx::cuda::emulation::EmulatedEvent;
using chainerx::cuda::emulation::Enqueue;
using chainerx::cuda::emulation::Fail;
using chainerx::cuda::emulation::FinishQueuedWork;
using chainerx::cuda::emulation::WaitForDevice;
using chainerx::cuda::emulation::kDeviceCount;
using chainerx::cuda::emulation::kDeviceMemoryBytes;
using chainerx::cuda::emulation::kPageBytes;
using chainerx::cuda::emulation::Memory;
using chainerx::cuda::emulation::Pinned;
using chainerx::cuda::emulation::t_current_device;
using chainerx::cuda::emulation::t_last_error;

extern "C" {

// The number of waits so far (see g_host_waits).
__attribute__((visibility("default"))) uint64_t chainerx_cuda_emulation_host_waits() {
    return chainerx::cuda::emulation::g_host_waits.load();
}

// The number of kernels and library calls issued so far (see g_launches).
__attribute__((visibility("default"))) uint64_t chainerx_cuda_emulation_launches() {
    return chainerx::cuda::emulation::g_launches.load();
}

// The cuSOLVER stand-in, a shared library of its own (cusolver.cc), enters (true) and leaves a library call through
// this, as LibraryCallScope does; with the two counts above, one of the three symbols that the emulated backend
// exports.
__attribute__((visibility("default"))) void chainerx_cuda_emulation_device_code(bool enter) {
    if (enter) {
        chainerx::cuda::emulation::CountDeviceWork("library", "cusolver");
        FinishQueuedWork();
        Memory().EnterDeviceCode();
    } else {
        Memory().LeaveDeviceCode();
    }
}

cudaError_t cudaGetDeviceCount(int* count) {
    *count = kDeviceCount;
    return cudaSuccess;
}

cudaError_t cudaSetDevice(int device) {
    if (device < 0 || device >= kDeviceCount) {
        return Fail(cudaErrorInvalidDevice);
    }
    t_current_device = device;
    return cudaSuccess;
}

cudaError_t cudaGetDevice(int* device) {
    *device = t_current_device;
    return cudaSuccess;
}

cudaError_t cudaMalloc(void** ptr, size_t size) {
    *ptr = Memory().Allocate(t_current_device, size);
    return *ptr == nullptr ? Fail(cudaErrorMemoryAllocation) : cudaSuccess;
}

cudaError_t cudaFree(void* ptr) {
    if (ptr == nullptr) {
        return cudaSuccess;
    }
    WaitForDevice();  // cudaFree synchronises the device
    return Memory().Free(ptr) ? cudaSuccess : Fail(cudaErrorInvalidValue);
}

cudaError_t cudaMemGetInfo(size_t* free, size_t* total) {
    *total = kDeviceMemoryBytes;
    *free = kDeviceMemoryBytes - Memory().Used(t_current_device);
    return cudaSuccess;
}

cudaError_t cudaHostAlloc(void** ptr, size_t size, unsigned int /*flags*/) {
    size_t bytes = (std::max<size_t>(size, 1) + kPageBytes - 1) / kPageBytes * kPageBytes;
    *ptr = std::aligned_alloc(kPageBytes, bytes);
    if (*ptr == nullptr) {
        return Fail(cudaErrorMemoryAllocation);
    }
    Pinned().Add(*ptr, bytes);
    return cudaSuccess;
}

cudaError_t cudaFreeHost(void* ptr) {
    WaitForDevice();  // as cudaFreeHost synchronises the device
    Pinned().Remove(ptr);
    std::free(ptr);
    return cudaSuccess;
}

cudaError_t cudaMemcpy(void* dst, const void* src, size_t count, enum cudaMemcpyKind /*kind*/) {
    WaitForDevice();
    if (count > 0) {
        CopyInDeviceCode(dst, src, count);
    }
    return cudaSuccess;
}

// Queued between device memory and pinned host memory; with pageable host memory, staged as the CUDA runtime does
// (see Note [Deferred device work]).
cudaError_t cudaMemcpyAsync(void* dst, const void* src, size_t count, enum cudaMemcpyKind kind, cudaStream_t /*s*/) {
    if (count == 0) {
        return cudaSuccess;
    }
    const bool dst_queued = Memory().Contains(dst) || Pinned().Contains(dst);
    const bool src_queued = Memory().Contains(src) || Pinned().Contains(src);
    if (dst_queued && src_queued) {
        Enqueue([dst, src, count]() { CopyInDeviceCode(dst, src, count); });
    } else if (dst_queued) {  // from pageable memory: its bytes are taken now
        const auto* bytes = static_cast<const char*>(src);
        auto staged = std::make_shared<std::vector<char>>(bytes, bytes + count);
        Enqueue([dst, staged]() { CopyInDeviceCode(dst, staged->data(), staged->size()); });
    } else {  // to pageable memory: the copy waits for the queue
        return cudaMemcpy(dst, src, count, kind);
    }
    return cudaSuccess;
}

cudaError_t cudaMemcpyPeer(void* dst, int dst_device, const void* src, int src_device, size_t count) {
    if (dst_device < 0 || dst_device >= kDeviceCount || src_device < 0 || src_device >= kDeviceCount) {
        return Fail(cudaErrorInvalidDevice);
    }
    return cudaMemcpy(dst, src, count, cudaMemcpyDeviceToDevice);
}

cudaError_t cudaDeviceSynchronize(void) {
    WaitForDevice();
    return cudaSuccess;
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int /*flags*/) {
    *event = reinterpret_cast<cudaEvent_t>(new EmulatedEvent{});
    return cudaSuccess;
}

cudaError_t cudaEventDestroy(cudaEvent_t event) {
    delete reinterpret_cast<EmulatedEvent*>(event);
    return cudaSuccess;
}

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t /*stream*/) {
    reinterpret_cast<EmulatedEvent*>(event)->recorded_at = chainerx::cuda::emulation::QueuedCount();
    return cudaSuccess;
}

// Not ready while work queued before the record is pending; then one more item runs, so that polling ends. (Not an
// error: cudaGetLastError does not report it.)
cudaError_t cudaEventQuery(cudaEvent_t event) {
    uint64_t completed = chainerx::cuda::emulation::CompletedCount();
    if (completed >= reinterpret_cast<EmulatedEvent*>(event)->recorded_at) {
        return cudaSuccess;
    }
    FinishQueuedWork(completed + 1);
    return cudaErrorNotReady;
}

cudaError_t cudaEventSynchronize(cudaEvent_t event) {
    WaitForDevice(reinterpret_cast<EmulatedEvent*>(event)->recorded_at);
    return cudaSuccess;
}

cudaError_t cudaGetLastError(void) {
    cudaError_t error = t_last_error;
    t_last_error = cudaSuccess;
    return error;
}

cudaError_t cudaPeekAtLastError(void) { return t_last_error; }

const char* cudaGetErrorName(cudaError_t error) {
    switch (error) {
        case cudaSuccess:
            return "cudaSuccess";
        case cudaErrorInvalidValue:
            return "cudaErrorInvalidValue";
        case cudaErrorMemoryAllocation:
            return "cudaErrorMemoryAllocation";
        case cudaErrorInvalidConfiguration:
            return "cudaErrorInvalidConfiguration";
        case cudaErrorInvalidDevice:
            return "cudaErrorInvalidDevice";
        case cudaErrorNotReady:
            return "cudaErrorNotReady";
        default:
            return "cudaErrorUnknown";
    }
}

const char* cudaGetErrorString(cudaError_t error) {
    switch (error) {
        case cudaSuccess:
            return "no error";
        case cudaErrorMemoryAllocation:
            return "out of memory (emulated)";
        case cudaErrorInvalidConfiguration:
            return "invalid configuration argument (emulated)";
        default:
            return "error (emulated)";
    }
}

}  // extern "C"
