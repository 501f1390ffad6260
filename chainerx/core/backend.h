// The abstract backend: a family of devices (e.g. "native", "cuda") sharing one kernel registry.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "chainerx/core/kernel_registry.h"

namespace chainerx {

class Context;
class Device;

class Backend {
public:
    explicit Backend(Context& context);
    virtual ~Backend();
    Backend(const Backend&) = delete;
    Backend& operator=(const Backend&) = delete;

    virtual std::string GetName() const = 0;
    virtual int GetDeviceCount() const = 0;

    // Whether data can be moved between devices of this backend and `dst_backend` directly (without staging
    // through host memory).
    virtual bool SupportsTransfer(const Backend& dst_backend) const { return &dst_backend == this; }

    // The device of the given index, created on first use. Throws DeviceError if out of range (see
    // ThrowDeviceOutOfRange).
    Device& GetDevice(int index);

    Context& context() const { return context_; }
    KernelRegistry& kernel_registry() { return kernel_registry_; }

    template <typename KeyKernel, typename... Args>
    decltype(auto) CallKernel(Args&&... args) {
        return kernel_registry_.Get<KeyKernel>().Call(std::forward<Args>(args)...);
    }

protected:
    // `parent_registry` holds the kernels common to all instances of a backend class.
    Backend(Context& context, const KernelRegistry* parent_registry);

    virtual std::unique_ptr<Device> CreateDevice(int index) = 0;

    // Called by GetDevice for an index outside [0, count). Throws DeviceError; a backend whose devices can be missing
    // altogether (CUDA without a GPU or a driver) throws BackendError saying why. (Declared last among the
    // virtuals, so that plug-ins built before it keep their vtable layout.)
    [[noreturn]] virtual void ThrowDeviceOutOfRange(int index, int count) const;

private:
    Context& context_;
    KernelRegistry kernel_registry_;
    std::mutex devices_mutex_;
    std::vector<std::unique_ptr<Device>> devices_;
};

namespace internal {

using BackendFactory = std::unique_ptr<Backend> (*)(Context& context);

// Registers a built-in backend by name during static initialisation. Returns true (for static initialisers).
bool RegisterBuiltinBackend(const char* name, BackendFactory factory);
BackendFactory FindBuiltinBackend(const std::string& name);

}  // namespace internal
}  // namespace chainerx
