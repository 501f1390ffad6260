#include "chainerx/core/context.h"

#include <thread>

#include <gtest/gtest.h>

#include "chainerx/core/backend.h"
#include "chainerx/core/device.h"
#include "chainerx/core/error.h"

namespace chainerx {
namespace {

TEST(ContextTest, NativeBackendHasFourDevices) {
    Context ctx;
    Backend& native = ctx.GetBackend("native");
    EXPECT_EQ(native.GetName(), "native");
    EXPECT_EQ(native.GetDeviceCount(), 4);
    EXPECT_EQ(ctx.GetDevice("native:3").name(), "native:3");
    EXPECT_EQ(&ctx.GetDevice("native"), &ctx.GetDevice("native:0"));  // a bare backend name means index 0
    EXPECT_EQ(&ctx.GetDevice("native:1"), &native.GetDevice(1));       // devices are singletons
}

TEST(ContextTest, BadDeviceNames) {
    Context ctx;
    EXPECT_THROW(ctx.GetDevice("native:4"), DeviceError);
    EXPECT_THROW(ctx.GetDevice("native:-1"), DeviceError);
    EXPECT_THROW(ctx.GetDevice("native:x"), DeviceError);
    EXPECT_THROW(ctx.GetDevice(":0"), DeviceError);
    EXPECT_THROW(ctx.GetDevice("nonexistent_backend:0"), BackendError);
}

TEST(ContextTest, PluginIsLoadedFromChainerxPath) {
    ::setenv("CHAINERX_PATH", "/nonexistent", 1);
    Context ctx;
    try {
        ctx.GetBackend("plugin0");
        FAIL() << "expected BackendError";
    } catch (const BackendError& e) {
        EXPECT_NE(std::string{e.what()}.find("/nonexistent/backends/plugin0.so"), std::string::npos);
    }
    ::unsetenv("CHAINERX_PATH");
}

TEST(ContextTest, DefaultContextAndDevicePerThread) {
    Context ctx1;
    Context ctx2;
    SetGlobalDefaultContext(&ctx1);
    EXPECT_EQ(&GetDefaultContext(), &ctx1);
    {
        ContextScope scope{ctx2};
        EXPECT_EQ(&GetDefaultContext(), &ctx2);
        EXPECT_EQ(&GetDefaultDevice(), &ctx2.GetDevice("native:0"));
        DeviceScope device_scope{ctx2.GetDevice("native:2")};
        EXPECT_EQ(&GetDefaultDevice(), &ctx2.GetDevice("native:2"));
        std::thread other{[&ctx1] {
            // Another thread sees the global default, not this thread's scope.
            EXPECT_EQ(&GetDefaultContext(), &ctx1);
            EXPECT_EQ(&GetDefaultDevice(), &ctx1.GetDevice("native:0"));
        }};
        other.join();
    }
    EXPECT_EQ(&GetDefaultContext(), &ctx1);
    EXPECT_THROW(SetDefaultDevice(&ctx2.GetDevice("native:0")), ContextError);
    SetGlobalDefaultContext(nullptr);
    EXPECT_THROW(GetDefaultContext(), ContextError);
}

TEST(ContextTest, BackpropIds) {
    Context ctx;
    BackpropId default_id = ctx.default_backprop_id();
    EXPECT_EQ(default_id.GetName(), "<default>");
    BackpropId bp = ctx.MakeBackpropId("bp1");
    EXPECT_EQ(bp.GetName(), "bp1");
    EXPECT_GT(bp.ordinal(), default_id.ordinal());
    ctx.ReleaseBackpropId(bp);
    EXPECT_EQ(bp.GetName(), "<expired>");
    EXPECT_THROW(ctx.CheckValidBackpropId(bp), ChainerxError);
    EXPECT_THROW(ctx.ReleaseBackpropId(default_id), ChainerxError);
    Context other;
    EXPECT_THROW(other.CheckValidBackpropId(default_id), ContextError);
}

}  // namespace
}  // namespace chainerx
