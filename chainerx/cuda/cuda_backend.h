// The CUDA backend: one device per visible GPU, kernels in the .cu files of this directory.
#pragma once

#include <memory>
#include <string>

#include "chainerx/core/backend.h"
#include "chainerx/core/kernel_registry.h"

namespace chainerx {
namespace cuda {

class CudaBackend : public Backend {
public:
    static constexpr const char* kDefaultName = "cuda";

    explicit CudaBackend(Context& context);

    std::string GetName() const override { return kDefaultName; }
    // 0 when no GPU or driver is present: then every "cuda:N" is a BackendError (see ThrowDeviceOutOfRange).
    int GetDeviceCount() const override;
    bool SupportsTransfer(const Backend& dst_backend) const override;

    static KernelRegistry& GetGlobalKernelRegistry();

protected:
    std::unique_ptr<Device> CreateDevice(int index) override;
    // With no device at all: BackendError naming the CUDA runtime's reason (no driver, no GPU, ...).
    [[noreturn]] void ThrowDeviceOutOfRange(int index, int count) const override;
};

}  // namespace cuda
}  // namespace chainerx

#define CHAINERX_CUDA_REGISTER_KERNEL(key_kernel, kernel_impl)                                        \
    static ::chainerx::internal::KernelRegistration<key_kernel, kernel_impl> s_cuda_##kernel_impl{ \
            ::chainerx::cuda::CudaBackend::GetGlobalKernelRegistry()}
