// A native device: host memory, host kernels.
#pragma once

#include <memory>

#include "chainerx/core/device.h"

namespace chainerx {
namespace native {

class NativeDevice : public Device {
public:
    NativeDevice(Backend& backend, int index) : Device{backend, index} {}

    std::shared_ptr<void> Allocate(size_t bytesize) override;
    std::shared_ptr<void> FromHostMemory(const std::shared_ptr<void>& src, size_t bytesize) override { return src; }
    void MemoryCopyFromHost(void* dst, const void* src, size_t bytesize) override;
    void MemoryCopyToHost(void* dst, const void* src, size_t bytesize) override;
    bool IsHostAccessible() const override { return true; }
    void Synchronize() override {}
};

}  // namespace native
}  // namespace chainerx
