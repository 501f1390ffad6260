// Loads the testplugin backend (testplugin.so) through Context::GetBackend from a C++ program.
#include <dlfcn.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "chainerx/core/array.h"
#include "chainerx/core/backend.h"
#include "chainerx/core/context.h"
#include "chainerx/core/device.h"
#include "chainerx/core/error.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/testing/testing.h"

namespace chainerx {
namespace {

namespace fs = std::filesystem;

constexpr const char* kPluginRunfile = "chainerx/testing/plugin_backend/testplugin.so";
using testing::ExpectArrayEq;

// A CHAINERX_PATH directory holding backends/testplugin.so (a link to the built plug-in) and a broken plug-in.
class PluginBackendTest : public testing::ContextTest {
protected:
    void SetUp() override {
        root_ = fs::path{std::getenv("TEST_TMPDIR")} / "chainerx_path";
        fs::create_directories(root_ / "backends");
        plugin_path_ = root_ / "backends" / "testplugin.so";
        fs::path built = fs::path{std::getenv("TEST_SRCDIR")} / "chainerx" / kPluginRunfile;
        if (!fs::exists(plugin_path_)) {
            fs::create_symlink(fs::absolute(built), plugin_path_);
        }
        std::ofstream{root_ / "backends" / "broken.so"} << "not a shared library";
        setenv("CHAINERX_PATH", root_.c_str(), 1);
    }

    // The plug-in's own counter of FillKernel calls (the plug-in is already loaded by then).
    int64_t FillCalls() const {
        void* library = dlopen(plugin_path_.c_str(), RTLD_NOW | RTLD_NOLOAD);
        EXPECT_NE(library, nullptr);
        auto fill_calls = reinterpret_cast<int64_t (*)()>(dlsym(library, "ChainerxTestpluginFillCalls"));
        int64_t calls = fill_calls();
        dlclose(library);
        return calls;
    }

    fs::path root_;
    fs::path plugin_path_;
};

TEST_F(PluginBackendTest, LoadsOnceAndProvidesDevices) {
    Backend& backend = context().GetBackend("testplugin");
    EXPECT_EQ(&context().GetBackend("testplugin"), &backend);
    EXPECT_EQ(backend.GetName(), "testplugin");
    EXPECT_EQ(backend.GetDeviceCount(), 2);
    Device& device = context().GetDevice("testplugin:1");
    EXPECT_EQ(device.name(), "testplugin:1");
    EXPECT_EQ(&device.backend(), &backend);
    EXPECT_EQ(&context().GetDevice("testplugin", 1), &device);
    EXPECT_THROW(backend.GetDevice(2), DeviceError);
}

TEST_F(PluginBackendTest, RunsRoutinesThroughItsOwnAndInheritedKernels) {
    Device& device = context().GetDevice("testplugin:0");
    int64_t calls_before = FillCalls();
    Array x = Full({3}, 2.0F, device);  // the overridden FillKernel
    EXPECT_EQ(FillCalls(), calls_before + 1);
    Array y = x * x + x;  // native kernels, found through the parent registry
    EXPECT_EQ(&y.device(), &device);
    ExpectArrayEq<float>(y.ToDevice(native()), {3}, {6, 6, 6});
}

TEST_F(PluginBackendTest, TransfersKeepTheGraphConnected) {
    Array x = Full({2}, 3.0, Dtype::kFloat64, native()).RequireGrad();
    Array y = x.ToDevice(context().GetDevice("testplugin:0"));
    (y * y).Sum().Backward();
    ASSERT_TRUE(x.GetGrad().has_value());
    EXPECT_EQ(&x.GetGrad()->device(), &native());
    ExpectArrayEq<double>(*x.GetGrad(), {2}, {6, 6});
}

TEST_F(PluginBackendTest, MissingOrBrokenPluginRaisesBackendError) {
    EXPECT_THROW(context().GetBackend("no_such_backend"), BackendError);
    EXPECT_THROW(context().GetBackend("broken"), BackendError);
    EXPECT_THROW(context().GetDevice("no_such_backend:0"), BackendError);
}

}  // namespace
}  // namespace chainerx
