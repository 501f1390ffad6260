// The native (CPU) backend: four devices sharing host memory, with kernels registered by the files of this
// directory (one per routine family).
#pragma once

#include <memory>
#include <string>

#include "chainerx/core/backend.h"
#include "chainerx/core/kernel_registry.h"

namespace chainerx {
namespace native {

class NativeBackend : public Backend {
public:
    static constexpr const char* kDefaultName = "native";
    static constexpr int kDeviceCount = 4;

    explicit NativeBackend(Context& context);

    std::string GetName() const override { return kDefaultName; }
    int GetDeviceCount() const override { return kDeviceCount; }
    bool SupportsTransfer(const Backend& dst_backend) const override;

    // Kernels common to all native backends; the registration macros below add to it.
    static KernelRegistry& GetGlobalKernelRegistry();

protected:
    std::unique_ptr<Device> CreateDevice(int index) override;
};

}  // namespace native
}  // namespace chainerx

// Registers `kernel_impl` as the native implementation of `key_kernel` (at static initialisation).
#define CHAINERX_NATIVE_REGISTER_KERNEL(key_kernel, kernel_impl)                                        \
    static ::chainerx::internal::KernelRegistration<key_kernel, kernel_impl> s_native_##kernel_impl{ \
            ::chainerx::native::NativeBackend::GetGlobalKernelRegistry()}
