// "testplugin": a plug-in backend for tests, built as testplugin.so and loaded by Context::GetBackend.
//
// It has two host-memory devices and reuses every native kernel through its parent registry, except FillKernel,
// which it overrides with a counting wrapper: a test can then tell that kernel calls on its devices are
// dispatched through the plug-in's own registry first. The library holds no core code of its own (see
// Note [Plug-in symbol resolution] in chainerx/core/context.cc).
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "chainerx/core/backend.h"
#include "chainerx/core/context.h"
#include "chainerx/core/kernels/creation.h"
#include "chainerx/native/native_backend.h"
#include "chainerx/native/native_device.h"

namespace chainerx {
namespace testplugin {
namespace {

std::atomic<int64_t> g_fill_calls{0};

class CountingFillKernel : public FillKernel {
public:
    void Call(const Array& out, Scalar value) override {
        ++g_fill_calls;
        native::NativeBackend::GetGlobalKernelRegistry().Get<FillKernel>().Call(out, value);
    }
};

class PluginBackend : public Backend {
public:
    explicit PluginBackend(Context& context) : Backend{context, &native::NativeBackend::GetGlobalKernelRegistry()} {
        kernel_registry().Register<FillKernel, CountingFillKernel>();
    }

    std::string GetName() const override { return "testplugin"; }
    int GetDeviceCount() const override { return 2; }

protected:
    std::unique_ptr<Device> CreateDevice(int index) override {
        return std::make_unique<native::NativeDevice>(*this, index);
    }
};

}  // namespace
}  // namespace testplugin
}  // namespace chainerx

// The entry points Context::GetBackend looks up, plus a counter for tests.
extern "C" {

chainerx::Backend* CreateBackend(chainerx::Context& context) {
    return new chainerx::testplugin::PluginBackend{context};
}

void DestroyBackend(chainerx::Backend* backend) { delete backend; }

// The number of FillKernel calls made on testplugin devices in this process.
int64_t ChainerxTestpluginFillCalls() { return chainerx::testplugin::g_fill_calls.load(); }

}  // extern "C"
