// The abstract device: where array data lives and where kernels run.
//
// Devices are created by their backend and live as long as the context; their identity is stable, so a
// Device& can be compared by address. Each thread has a default device (initially native:0 of the default
// context); DeviceScope switches it for a block.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <utility>

#include "chainerx/core/backend.h"

namespace chainerx {

class Context;

class Device {
public:
    virtual ~Device();
    Device(const Device&) = delete;
    Device& operator=(const Device&) = delete;

    Backend& backend() const { return backend_; }
    Context& context() const { return backend_.context(); }
    int index() const { return index_; }
    // "<backend>:<index>", e.g. "native:0".
    const std::string& name() const { return name_; }

    // Allocates `bytesize` bytes of device memory. Zero-size requests return a valid, distinct handle.
    virtual std::shared_ptr<void> Allocate(size_t bytesize) = 0;

    // Makes device data from host memory: zero-copy where the device can address host memory (native),
    // otherwise a copy.
    virtual std::shared_ptr<void> FromHostMemory(const std::shared_ptr<void>& src, size_t bytesize) = 0;

    // Copies bytes between host memory and memory of this device.
    virtual void MemoryCopyFromHost(void* dst, const void* src, size_t bytesize) = 0;
    virtual void MemoryCopyToHost(void* dst, const void* src, size_t bytesize) = 0;

    // Whether device pointers can be dereferenced on the host.
    virtual bool IsHostAccessible() const = 0;

    virtual void Synchronize() = 0;

    // (Declared last among the virtuals, so that plug-ins built before it keep their vtable layout.)
    // Copies bytes from memory of `src_device` (another device, neither host-accessible) into memory of this one
    // directly, and returns true; false when this device cannot, and the caller stages the bytes through the host.
    virtual bool MemoryCopyFromDevice(void* /*dst*/, Device& /*src_device*/, const void* /*src*/, size_t /*bytesize*/) {
        return false;
    }

    template <typename KeyKernel, typename... Args>
    decltype(auto) CallKernel(Args&&... args) {
        return backend_.CallKernel<KeyKernel>(std::forward<Args>(args)...);
    }

protected:
    Device(Backend& backend, int index);

private:
    Backend& backend_;
    int index_;
    std::string name_;
};

// The thread's default device; initially native:0 of the default context.
Device& GetDefaultDevice();
// Sets the thread's default device (nullptr: back to native:0 of the default context). Throws ContextError if
// the device belongs to a context other than the default one.
void SetDefaultDevice(Device* device);

// Makes `device` the thread's default device until destruction.
class DeviceScope {
public:
    explicit DeviceScope(Device& device);
    ~DeviceScope();
    DeviceScope(const DeviceScope&) = delete;
    DeviceScope& operator=(const DeviceScope&) = delete;

private:
    Device* orig_device_;
};

}  // namespace chainerx
