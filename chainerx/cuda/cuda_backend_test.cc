#include "chainerx/cuda/cuda_backend.h"

#include <vector>

#include <gtest/gtest.h>

#include "chainerx/core/array.h"
#include "chainerx/core/context.h"
#include "chainerx/core/device.h"
#include "chainerx/core/error.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/cuda/cuda_device.h"
#include "chainerx/cuda/cuda_runtime.h"

namespace chainerx {
namespace cuda {
namespace {

// Skips the test when no GPU (or no driver) is present; this is the normal case on CI machines.
#define CHAINERX_REQUIRE_GPU()                          \
    do {                                                \
        if (GetDeviceCountNoExcept() == 0) {            \
            GTEST_SKIP() << "no CUDA device available"; \
        }                                               \
    } while (false)

TEST(CudaBackendTest, IsRegisteredAsBuiltin) {
    Context ctx;
    EXPECT_EQ(ctx.GetBackend("cuda").GetName(), "cuda");
}

TEST(CudaBackendTest, OutOfRangeDeviceIsDeviceError) {
    Context ctx;
    int count = ctx.GetBackend("cuda").GetDeviceCount();
    EXPECT_THROW(ctx.GetDevice("cuda", count), DeviceError);
}

TEST(CudaBackendTest, AddMultiplySumRoundTrip) {
    CHAINERX_REQUIRE_GPU();
    Context ctx;
    ContextScope scope{ctx};
    Device& device = ctx.GetDevice("cuda:0");
    Array a = Arange(0, 6, 1, Dtype::kFloat32, device).Reshape({2, 3});
    Array b = Full({3}, 2.0, Dtype::kFloat32, device);
    Array y = ((a + b) * a).Sum(Axes{1});
    Array host = y.ToDevice(ctx.GetDevice("native:0"));
    const float* values = static_cast<const float*>(host.raw_data());
    EXPECT_FLOAT_EQ(values[0], 0 * 2 + 1 * 3 + 2 * 4);
    EXPECT_FLOAT_EQ(values[1], 3 * 5 + 4 * 6 + 5 * 7);
}

TEST(CudaBackendTest, BackwardOnDevice) {
    CHAINERX_REQUIRE_GPU();
    Context ctx;
    ContextScope scope{ctx};
    Device& device = ctx.GetDevice("cuda:0");
    Array x = Full({2, 3}, 3.0, Dtype::kFloat32, device).RequireGrad();
    (x * x).Sum().Backward();
    Array gx = x.GetGrad()->ToDevice(ctx.GetDevice("native:0"));
    EXPECT_FLOAT_EQ(static_cast<const float*>(gx.raw_data())[5], 6.0f);
}

TEST(CudaBackendTest, HandlesAreCreatedLazily) {
    CHAINERX_REQUIRE_GPU();
    Context ctx;
    auto& device = dynamic_cast<CudaDevice&>(ctx.GetDevice("cuda:0"));
    EXPECT_NE(device.cublas_handle(), nullptr);
    EXPECT_NE(device.cudnn_handle(), nullptr);
}

}  // namespace
}  // namespace cuda
}  // namespace chainerx
