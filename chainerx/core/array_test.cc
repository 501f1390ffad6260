#include "chainerx/core/array.h"

#include <gtest/gtest.h>

#include "chainerx/core/backprop_mode.h"
#include "chainerx/core/error.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/testing/testing.h"

namespace chainerx {
namespace {

using testing::ExpectArrayEq;
using testing::MakeArray;

class ArrayTest : public testing::ContextTest {};

TEST_F(ArrayTest, CreationRoutines) {
    ExpectArrayEq<float>(Ones({2, 2}, Dtype::kFloat32), {2, 2}, {1, 1, 1, 1});
    ExpectArrayEq<int32_t>(Full({3}, 7), {3}, {7, 7, 7});  // an int fill value gives int32
    ExpectArrayEq<bool>(Full({2}, true), {2}, {true, true});
    ExpectArrayEq<int32_t>(Arange(0, 5, 2), {3}, {0, 2, 4});
    ExpectArrayEq<float>(Arange(1.0, 0.0, -0.25), {4}, {1.0f, 0.75f, 0.5f, 0.25f});
    ExpectArrayEq<double>(Zeros({0, 3}, Dtype::kFloat64), {0, 3}, {});
    EXPECT_THROW(Arange(0, 5, 0), ChainerxError);
    EXPECT_THROW(Arange(0, 3, 1, Dtype::kBool), DtypeError);
    EXPECT_THROW(Empty({2, -1}, Dtype::kFloat32), DimensionError);
}

TEST_F(ArrayTest, MetadataAndViews) {
    Array a = Arange(0, 6, 1, Dtype::kInt64).Reshape({2, 3});
    EXPECT_EQ(a.shape(), (Shape{2, 3}));
    EXPECT_EQ(a.strides(), (Strides{24, 8}));
    EXPECT_TRUE(a.IsContiguous());
    Array t = a.Transpose();
    EXPECT_EQ(t.shape(), (Shape{3, 2}));
    EXPECT_FALSE(t.IsContiguous());
    EXPECT_EQ(t.data(), a.data());
    ExpectArrayEq<int64_t>(t, {3, 2}, {0, 3, 1, 4, 2, 5});
    ExpectArrayEq<int64_t>(t.Copy(), {3, 2}, {0, 3, 1, 4, 2, 5});
    // A non-contiguous reshape copies; a contiguous one is a view.
    ExpectArrayEq<int64_t>(t.Reshape({6}), {6}, {0, 3, 1, 4, 2, 5});
    EXPECT_EQ(a.Reshape({3, -1}).data(), a.data());
    EXPECT_THROW(a.Reshape({4}), DimensionError);
    ExpectArrayEq<int64_t>(MakeArray<int64_t>({3}, {1, 2, 3}).BroadcastTo({2, 3}), {2, 3}, {1, 2, 3, 1, 2, 3});
    EXPECT_THROW(a.BroadcastTo({3, 3}), DimensionError);
}

TEST_F(ArrayTest, AsTypeAndScalars) {
    Array a = MakeArray<float>({3}, {1.5f, -2.0f, 0.0f});
    ExpectArrayEq<int32_t>(a.AsType(Dtype::kInt32), {3}, {1, -2, 0});
    ExpectArrayEq<bool>(a.AsType(Dtype::kBool), {3}, {true, true, false});
    ExpectArrayEq<float>(a.AsType(Dtype::kFloat16).AsType(Dtype::kFloat32), {3}, {1.5f, -2.0f, 0.0f});
    EXPECT_EQ(MakeArray<int8_t>({1}, {-3}).AsScalar().As<int64_t>(), -3);
    EXPECT_THROW(a.AsScalar(), DimensionError);
}

TEST_F(ArrayTest, ArithmeticWithBroadcastingAndPromotion) {
    Array a = MakeArray<int32_t>({2, 1}, {1, 2});
    Array b = MakeArray<int32_t>({3}, {10, 20, 30});
    ExpectArrayEq<int32_t>(a + b, {2, 3}, {11, 21, 31, 12, 22, 32});
    ExpectArrayEq<int32_t>(a * 3, {2, 1}, {3, 6});
    ExpectArrayEq<float>(a * 0.5, {2, 1}, {0.5f, 1.0f});  // float scalar and int array give float32
    ExpectArrayEq<int16_t>(MakeArray<int8_t>({1}, {-1}) + MakeArray<uint8_t>({1}, {200}), {1}, {199});
    ExpectArrayEq<int32_t>(5 - a, {2, 1}, {4, 3});
    ExpectArrayEq<int32_t>(-a, {2, 1}, {-1, -2});
    ExpectArrayEq<bool>(Full({2}, true) * Full({2}, false), {2}, {false, false});
    EXPECT_THROW(Full({2}, true) + Full({2}, true), DtypeError);
    EXPECT_THROW(a + MakeArray<int32_t>({3, 1}, {1, 2, 3}), DimensionError);
    EXPECT_THROW(a + Ones({2, 1}, Dtype::kInt32, native(1)), DeviceError);
}

TEST_F(ArrayTest, InplaceOperators) {
    Array a = MakeArray<float>({2, 2}, {1, 2, 3, 4});
    a += MakeArray<float>({2}, {10, 20});
    a *= 2;
    ExpectArrayEq<float>(a, {2, 2}, {22, 44, 26, 48});
    Array i = MakeArray<int32_t>({1}, {1});
    EXPECT_THROW(i += Ones({1}, Dtype::kFloat32), DtypeError);
    EXPECT_THROW(i *= 1.5, DtypeError);
    Array x = Ones({2}, Dtype::kFloat32).RequireGrad();
    EXPECT_THROW(x += 1, ChainerxError);
}

TEST_F(ArrayTest, SumOverAxes) {
    Array a = Arange(0, 6, 1, Dtype::kFloat32).Reshape({2, 3});
    ExpectArrayEq<float>(a.Sum(), {}, {15});
    ExpectArrayEq<float>(a.Sum(Axes{0}), {3}, {3, 5, 7});
    ExpectArrayEq<float>(a.Sum(Axes{-1}, true), {2, 1}, {3, 12});
    ExpectArrayEq<float>(a.Transpose().Sum(Axes{1}), {3}, {3, 5, 7});
    ExpectArrayEq<int64_t>(Full({4}, true).Sum(), {}, {4});  // bool sums to int64
    ExpectArrayEq<int64_t>(Full({2, 2}, int8_t{100}, Dtype::kInt8).Sum(), {}, {400});
    ExpectArrayEq<float>(Zeros({0, 3}, Dtype::kFloat32).Sum(Axes{0}), {3}, {0, 0, 0});
    EXPECT_THROW(a.Sum(Axes{2}), DimensionError);
    EXPECT_THROW(a.Sum(Axes{0, -2}), DimensionError);
}

TEST_F(ArrayTest, Float16SumAccumulatesInFloat) {
    // 4096 ones: half precision cannot count past 2048 by ones, float accumulation can.
    Array a = Ones({4096}, Dtype::kFloat16);
    EXPECT_EQ(a.Sum().AsScalar().As<double>(), 4096.0);
}

TEST_F(ArrayTest, ToDeviceCopiesAcrossNativeDevices) {
    Array a = MakeArray<float>({2}, {1, 2});
    Array b = a.ToDevice(native(2));
    EXPECT_EQ(&b.device(), &native(2));
    EXPECT_NE(b.data(), a.data());
    ExpectArrayEq<float>(b, {2}, {1, 2});
    EXPECT_EQ(a.ToDevice(native(0)).body(), a.body());
}

TEST_F(ArrayTest, ToStringLooksLikeNumpy) {
    EXPECT_EQ(MakeArray<float>({2}, {1, 2.5f}).ToString(), "array([1., 2.5], shape=(2,), dtype=float32, device='native:0')");
    EXPECT_EQ(Zeros({0}, Dtype::kInt32).ToString(), "array([], shape=(0,), dtype=int32, device='native:0')");
}

}  // namespace
}  // namespace chainerx
