#include "chainerx/core/device.h"

#include "chainerx/core/context.h"
#include "chainerx/core/error.h"

namespace chainerx {

Device::Device(Backend& backend, int index)
    : backend_{backend}, index_{index}, name_{backend.GetName() + ":" + std::to_string(index)} {}

Device::~Device() = default;

Device& GetDefaultDevice() {
    Context& context = GetDefaultContext();
    Device* device = internal::GetDefaultDeviceNoExcept();
    // A device set under another default context (e.g. before SetGlobalDefaultContext) no longer applies.
    if (device != nullptr && &device->context() == &context) {
        return *device;
    }
    return context.GetNativeBackend().GetDevice(0);
}

void SetDefaultDevice(Device* device) {
    if (device != nullptr && &device->context() != &GetDefaultContext()) {
        throw ContextError{"the device ", device->name(), " belongs to a context other than the default one"};
    }
    internal::SetDefaultDeviceRaw(device);
}

DeviceScope::DeviceScope(Device& device) : orig_device_{internal::GetDefaultDeviceNoExcept()} {
    SetDefaultDevice(&device);
}

DeviceScope::~DeviceScope() { internal::SetDefaultDeviceRaw(orig_device_); }

}  // namespace chainerx
