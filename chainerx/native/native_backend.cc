#include "chainerx/native/native_backend.h"

#include "chainerx/core/context.h"
#include "chainerx/native/native_device.h"

namespace chainerx {
namespace native {

NativeBackend::NativeBackend(Context& context) : Backend{context, &GetGlobalKernelRegistry()} {}

bool NativeBackend::SupportsTransfer(const Backend& dst_backend) const {
    return dynamic_cast<const NativeBackend*>(&dst_backend) != nullptr;
}

KernelRegistry& NativeBackend::GetGlobalKernelRegistry() {
    static KernelRegistry registry;
    return registry;
}

std::unique_ptr<Device> NativeBackend::CreateDevice(int index) { return std::make_unique<NativeDevice>(*this, index); }

namespace {

const bool s_registered = internal::RegisterBuiltinBackend(
        NativeBackend::kDefaultName, [](Context& context) -> std::unique_ptr<Backend> {
            return std::make_unique<NativeBackend>(context);
        });

}  // namespace

}  // namespace native
}  // namespace chainerx
