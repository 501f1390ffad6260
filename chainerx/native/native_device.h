// A native device: host memory from the shared caching pool (memory_pool.h) or the heap, host kernels.
#pragma once

#include <cstddef>
#include <memory>

#include "chainerx/core/device.h"

namespace chainerx {
namespace native {

class NativeDevice : public Device {
public:
    NativeDevice(Backend& backend, int index) : Device{backend, index} {}

    // A 64-byte aligned block from GetNativeMemoryPool(), which the handle gives back to the pool when released; a
    // block of at most 256 bytes is a 16-byte aligned heap block instead (Note [Small native blocks]).
    std::shared_ptr<void> Allocate(size_t bytesize) override;
    // Host memory is already native memory: shared, not copied.
    std::shared_ptr<void> FromHostMemory(const std::shared_ptr<void>& src, size_t bytesize) override { return src; }
    void MemoryCopyFromHost(void* dst, const void* src, size_t bytesize) override;
    void MemoryCopyToHost(void* dst, const void* src, size_t bytesize) override;
    bool IsHostAccessible() const override { return true; }
    void Synchronize() override {}
};

}  // namespace native
}  // namespace chainerx
