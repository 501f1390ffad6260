// Kernels and the registry that maps kernel interfaces to a backend's implementations.
//
// A kernel interface ("key kernel") is an abstract class with a static name() and a pure virtual Call:
//
//     class AddKernel : public Kernel {
//     public:
//         static const char* name() { return "Add"; }
//         virtual void Call(const Array& x1, const Array& x2, const Array& out) = 0;
//     };
//
// Each interface gets a small integer index on first use (one per name in the process), so a lookup is one vector
// access: no map, mutex or dynamic_cast on the call path. Registries chain to a parent (backend instance →
// backend class), which lets a plug-in override single kernels.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "chainerx/core/error.h"

namespace chainerx {

class Kernel {
public:
    Kernel() = default;
    virtual ~Kernel() = default;
    Kernel(const Kernel&) = delete;
    Kernel& operator=(const Kernel&) = delete;
};

namespace internal {

// The index of a key kernel name: the next free one on the first call for a name, the same one afterwards.
int AllocateKernelIndex(const char* name);
const char* GetKernelName(int index);

}  // namespace internal

template <typename KeyKernel>
int GetKernelIndex() {
    static const int index = internal::AllocateKernelIndex(KeyKernel::name());
    return index;
}

class KernelRegistry {
public:
    explicit KernelRegistry(const KernelRegistry* parent = nullptr) : parent_{parent} {}

    template <typename KeyKernel, typename KernelImpl>
    void Register() {
        static_assert(std::is_base_of<KeyKernel, KernelImpl>::value, "a kernel must implement its key kernel");
        RegisterAt(GetKernelIndex<KeyKernel>(), std::make_unique<KernelImpl>());
    }

    // Returns the implementation of KeyKernel; throws BackendError naming the kernel if none is registered
    // here or in a parent.
    template <typename KeyKernel>
    KeyKernel& Get() const {
        int index = GetKernelIndex<KeyKernel>();
        if (static_cast<size_t>(index) < slots_.size() && slots_[index] != nullptr) {
            return static_cast<KeyKernel&>(*slots_[index]);
        }
        return static_cast<KeyKernel&>(GetFromParent(index));
    }

private:
    void RegisterAt(int index, std::unique_ptr<Kernel> kernel);
    Kernel& GetFromParent(int index) const;

    const KernelRegistry* parent_;
    std::vector<Kernel*> slots_;
    std::vector<std::unique_ptr<Kernel>> owned_;
};

namespace internal {

// Registers KernelImpl for KeyKernel in a registry during static initialisation; see the backends' macros.
template <typename KeyKernel, typename KernelImpl>
class KernelRegistration {
public:
    explicit KernelRegistration(KernelRegistry& registry) { registry.Register<KeyKernel, KernelImpl>(); }
};

}  // namespace internal
}  // namespace chainerx
