#include "chainerx/native/native_device.h"

#include <cstring>

#include "chainerx/native/memory_pool.h"

namespace chainerx {
namespace native {

std::shared_ptr<void> NativeDevice::Allocate(size_t bytesize) {
    MemoryPool& pool = GetNativeMemoryPool();
    // shared_ptr calls the deleter itself if allocating its control block throws, so the block cannot leak.
    return std::shared_ptr<void>{pool.Malloc(bytesize), [&pool, bytesize](void* ptr) { pool.Free(ptr, bytesize); }};
}

void NativeDevice::MemoryCopyFromHost(void* dst, const void* src, size_t bytesize) { std::memcpy(dst, src, bytesize); }

void NativeDevice::MemoryCopyToHost(void* dst, const void* src, size_t bytesize) { std::memcpy(dst, src, bytesize); }

}  // namespace native
}  // namespace chainerx
