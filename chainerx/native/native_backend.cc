#include "chainerx/native/native_backend.h"

#include <cstdlib>
#include <cstring>
#include <new>

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

// 64-byte alignment lets vectorised kernels use aligned loads on whole cache lines.
constexpr size_t kAlignment = 64;

const bool s_registered = internal::RegisterBuiltinBackend(
        NativeBackend::kDefaultName, [](Context& context) -> std::unique_ptr<Backend> {
            return std::make_unique<NativeBackend>(context);
        });

}  // namespace

std::shared_ptr<void> NativeDevice::Allocate(size_t bytesize) {
    // Round up: aligned_alloc requires a multiple of the alignment, and a zero-size array still needs a
    // distinct pointer.
    size_t rounded = (bytesize + kAlignment - 1) / kAlignment * kAlignment;
    void* ptr = std::aligned_alloc(kAlignment, rounded == 0 ? kAlignment : rounded);
    if (ptr == nullptr) {
        throw std::bad_alloc{};
    }
    return std::shared_ptr<void>{ptr, [](void* p) { std::free(p); }};
}

void NativeDevice::MemoryCopyFromHost(void* dst, const void* src, size_t bytesize) { std::memcpy(dst, src, bytesize); }
void NativeDevice::MemoryCopyToHost(void* dst, const void* src, size_t bytesize) { std::memcpy(dst, src, bytesize); }

}  // namespace native
}  // namespace chainerx
