#include "chainerx/core/kernel_registry.h"

#include <cstring>
#include <mutex>

namespace chainerx {
namespace internal {
namespace {

std::vector<const char*>& KernelNames() {
    static std::vector<const char*> names;
    return names;
}

std::mutex& KernelNamesMutex() {
    static std::mutex mutex;
    return mutex;
}

}  // namespace

int AllocateKernelIndex(const char* name) {
    std::lock_guard<std::mutex> lock{KernelNamesMutex()};
    // GetKernelIndex's cached index can exist in several copies in one process: code built with hidden
    // visibility (the Python binding) and plug-in backends get their own instantiation of the static. Keying
    // the index by name makes every copy agree (see Note [Plug-in symbol resolution] in context.cc).
    for (size_t i = 0; i < KernelNames().size(); ++i) {
        if (std::strcmp(KernelNames()[i], name) == 0) {
            return static_cast<int>(i);
        }
    }
    KernelNames().push_back(name);
    return static_cast<int>(KernelNames().size() - 1);
}

const char* GetKernelName(int index) {
    std::lock_guard<std::mutex> lock{KernelNamesMutex()};
    return KernelNames().at(index);
}

}  // namespace internal

void KernelRegistry::RegisterAt(int index, std::unique_ptr<Kernel> kernel) {
    if (slots_.size() <= static_cast<size_t>(index)) {
        slots_.resize(index + 1, nullptr);
    }
    slots_[index] = kernel.get();
    owned_.push_back(std::move(kernel));
}

Kernel& KernelRegistry::GetFromParent(int index) const {
    for (const KernelRegistry* registry = parent_; registry != nullptr; registry = registry->parent_) {
        if (static_cast<size_t>(index) < registry->slots_.size() && registry->slots_[index] != nullptr) {
            return *registry->slots_[index];
        }
    }
    throw BackendError{"kernel '", internal::GetKernelName(index), "' is not implemented by this backend"};
}

}  // namespace chainerx
