// The CUDA runtime calls of the backend, on the host: see Note [CUDA emulation on the host] in device.h. Device
// memory is host memory; copies, kernels and events complete before the call returns.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

#include "chainerx/cuda/emulation/grid.h"

namespace chainerx {
namespace cuda {
namespace emulation {
namespace {

// Two devices, so that transfers between GPUs are exercised; each reports this much memory, and an allocation past
// it fails as cudaMalloc does, which drives the memory pool's free-all-and-retry path.
constexpr int kDeviceCount = 2;
constexpr size_t kDeviceMemoryBytes = size_t{4} << 30;
constexpr size_t kAlignment = 256;  // what cudaMalloc guarantees

thread_local int t_current_device = 0;
thread_local cudaError_t t_last_error = cudaSuccess;

struct DeviceMemory {
    std::mutex mutex;
    std::map<void*, std::pair<int, size_t>> allocations;  // pointer -> (device, bytes)
    size_t used[kDeviceCount]{};
};

DeviceMemory& Memory() {
    static auto* memory = new DeviceMemory{};  // never destroyed: frees may come from static destructors
    return *memory;
}

cudaError_t Fail(cudaError_t error) {
    t_last_error = error;
    return error;
}

}  // namespace

void RecordLaunchError(cudaError_t error) { t_last_error = error; }

}  // namespace emulation
}  // namespace cuda
}  // namespace chainerx

using chainerx::cuda::emulation::DeviceMemory;
using chainerx::cuda::emulation::Fail;
using chainerx::cuda::emulation::kAlignment;
using chainerx::cuda::emulation::kDeviceCount;
using chainerx::cuda::emulation::kDeviceMemoryBytes;
using chainerx::cuda::emulation::Memory;
using chainerx::cuda::emulation::t_current_device;
using chainerx::cuda::emulation::t_last_error;

extern "C" {

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
    DeviceMemory& memory = Memory();
    std::lock_guard<std::mutex> lock{memory.mutex};
    size_t& used = memory.used[t_current_device];
    if (size > kDeviceMemoryBytes - used) {
        *ptr = nullptr;
        return Fail(cudaErrorMemoryAllocation);
    }
    void* p = std::aligned_alloc(kAlignment, (std::max<size_t>(size, 1) + kAlignment - 1) / kAlignment * kAlignment);
    if (p == nullptr) {
        *ptr = nullptr;
        return Fail(cudaErrorMemoryAllocation);
    }
    memory.allocations[p] = {t_current_device, size};
    used += size;
    *ptr = p;
    return cudaSuccess;
}

cudaError_t cudaFree(void* ptr) {
    if (ptr == nullptr) {
        return cudaSuccess;
    }
    DeviceMemory& memory = Memory();
    std::lock_guard<std::mutex> lock{memory.mutex};
    auto it = memory.allocations.find(ptr);
    if (it == memory.allocations.end()) {
        return Fail(cudaErrorInvalidValue);
    }
    memory.used[it->second.first] -= it->second.second;
    memory.allocations.erase(it);
    std::free(ptr);
    return cudaSuccess;
}

cudaError_t cudaMemGetInfo(size_t* free, size_t* total) {
    DeviceMemory& memory = Memory();
    std::lock_guard<std::mutex> lock{memory.mutex};
    *total = kDeviceMemoryBytes;
    *free = kDeviceMemoryBytes - memory.used[t_current_device];
    return cudaSuccess;
}

cudaError_t cudaHostAlloc(void** ptr, size_t size, unsigned int /*flags*/) {
    *ptr = std::aligned_alloc(kAlignment, (std::max<size_t>(size, 1) + kAlignment - 1) / kAlignment * kAlignment);
    return *ptr == nullptr ? Fail(cudaErrorMemoryAllocation) : cudaSuccess;
}

cudaError_t cudaFreeHost(void* ptr) {
    std::free(ptr);
    return cudaSuccess;
}

cudaError_t cudaMemcpy(void* dst, const void* src, size_t count, enum cudaMemcpyKind /*kind*/) {
    if (count > 0) {
        std::memmove(dst, src, count);
    }
    return cudaSuccess;
}

cudaError_t cudaMemcpyAsync(void* dst, const void* src, size_t count, enum cudaMemcpyKind kind, cudaStream_t /*s*/) {
    return cudaMemcpy(dst, src, count, kind);
}

cudaError_t cudaMemcpyPeer(void* dst, int dst_device, const void* src, int src_device, size_t count) {
    if (dst_device < 0 || dst_device >= kDeviceCount || src_device < 0 || src_device >= kDeviceCount) {
        return Fail(cudaErrorInvalidDevice);
    }
    return cudaMemcpy(dst, src, count, cudaMemcpyDeviceToDevice);
}

cudaError_t cudaDeviceSynchronize(void) { return cudaSuccess; }

// Events: everything before a record has completed when it is recorded.
cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int /*flags*/) {
    *event = reinterpret_cast<cudaEvent_t>(new char{});
    return cudaSuccess;
}

cudaError_t cudaEventDestroy(cudaEvent_t event) {
    delete reinterpret_cast<char*>(event);
    return cudaSuccess;
}

cudaError_t cudaEventRecord(cudaEvent_t /*event*/, cudaStream_t /*stream*/) { return cudaSuccess; }

cudaError_t cudaEventQuery(cudaEvent_t /*event*/) { return cudaSuccess; }

cudaError_t cudaEventSynchronize(cudaEvent_t /*event*/) { return cudaSuccess; }

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
