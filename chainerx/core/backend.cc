#include "chainerx/core/backend.h"

#include <map>

#include "chainerx/core/device.h"
#include "chainerx/core/error.h"

namespace chainerx {

Backend::Backend(Context& context) : Backend{context, nullptr} {}

Backend::Backend(Context& context, const KernelRegistry* parent_registry)
    : context_{context}, kernel_registry_{parent_registry} {}

Backend::~Backend() = default;

void Backend::ThrowDeviceOutOfRange(int index, int count) const {
    throw DeviceError{
            "device index ", index, " is out of range for backend '", GetName(), "' with ", count, " device(s)"};
}

Device& Backend::GetDevice(int index) {
    int count = GetDeviceCount();
    if (index < 0 || index >= count) {
        ThrowDeviceOutOfRange(index, count);
    }
    std::lock_guard<std::mutex> lock{devices_mutex_};
    if (devices_.size() < static_cast<size_t>(count)) {
        devices_.resize(count);
    }
    if (devices_[index] == nullptr) {
        devices_[index] = CreateDevice(index);
    }
    return *devices_[index];
}

namespace internal {
namespace {

std::map<std::string, BackendFactory>& BuiltinBackends() {
    static std::map<std::string, BackendFactory> factories;
    return factories;
}

}  // namespace

bool RegisterBuiltinBackend(const char* name, BackendFactory factory) {
    BuiltinBackends()[name] = factory;
    return true;
}

BackendFactory FindBuiltinBackend(const std::string& name) {
    auto it = BuiltinBackends().find(name);
    return it == BuiltinBackends().end() ? nullptr : it->second;
}

}  // namespace internal
}  // namespace chainerx
