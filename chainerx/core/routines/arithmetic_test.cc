#include "chainerx/core/routines/arithmetic.h"

#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "chainerx/core/error.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/testing/testing.h"

namespace chainerx {
namespace {

using testing::ExpectArrayEq;
using testing::MakeArray;
using testing::ToVector;

class ArithmeticTest : public testing::ContextTest {};

TEST_F(ArithmeticTest, FloorDivideAndRemainderFollowTheDivisorsSign) {
    Array a = MakeArray<int32_t>({5}, {-7, 7, -7, 7, 5});
    Array b = MakeArray<int32_t>({5}, {2, -2, -2, 2, 0});
    ExpectArrayEq<int32_t>(FloorDivide(a, b), {5}, {-4, -4, 3, 3, 0});  // division by zero gives 0
    ExpectArrayEq<int32_t>(Remainder(a, b), {5}, {1, -1, -1, 1, 0});
    ExpectArrayEq<int32_t>(a % 3, {5}, {2, 1, 2, 1, 2});
    ExpectArrayEq<double>(Remainder(MakeArray<double>({2}, {-5.5, 5.5}), 2.0), {2}, {0.5, 1.5});
    std::vector<float> fmod = ToVector<float>(Fmod(a, b.AsType(Dtype::kFloat32)));  // float32: the math dtype
    EXPECT_EQ(std::vector<float>(fmod.begin(), fmod.begin() + 4), (std::vector<float>{-1, 1, -1, 1}));
    EXPECT_TRUE(std::isnan(fmod[4]));
    EXPECT_THROW(FloorDivide(Full({2}, true), Full({2}, true)), DtypeError);
    EXPECT_THROW(Remainder(a, true), DtypeError);
}

TEST_F(ArithmeticTest, PowerKeepsIntegersAndDifferentiatesBothOperands) {
    ExpectArrayEq<int8_t>(Power(MakeArray<int8_t>({3}, {2, 3, -1}), 7), {3}, {-128, -117, -1});  // wraps
    ExpectArrayEq<float>(Power(MakeArray<int32_t>({1}, {4}), 0.5), {1}, {2});
    Array x1 = MakeArray<double>({1}, {2}).RequireGrad();
    Array x2 = MakeArray<double>({1}, {3}).RequireGrad();
    Power(x1, x2).Backward();
    ExpectArrayEq<double>(*x1.GetGrad(), {1}, {12});  // 3 * 2^2
    EXPECT_NEAR(x2.GetGrad()->AsScalar().As<double>(), 8 * std::log(2.0), 1e-12);
    EXPECT_THROW(Power(Full({1}, true), 2), DtypeError);
}

TEST_F(ArithmeticTest, MathFunctionsComputeInFloatAndSquareKeepsIntegers) {
    Array a = MakeArray<int16_t>({3}, {-4, 0, 9});
    ExpectArrayEq<float>(Sqrt(Absolute(a)), {3}, {2, 0, 3});
    ExpectArrayEq<int16_t>(Square(a), {3}, {16, 0, 81});  // square keeps integers, as in the original
    EXPECT_THROW(Square(Full({1}, true)), DtypeError);
    ExpectArrayEq<float>(Fabs(a), {3}, {4, 0, 9});
    ExpectArrayEq<int16_t>(Sign(a), {3}, {-1, 0, 1});
    ExpectArrayEq<float>(Reciprocal(MakeArray<int32_t>({2}, {2, -4})), {2}, {0.5f, -0.25f});
    EXPECT_THROW(Reciprocal(Full({1}, true)), DtypeError);
}

TEST_F(ArithmeticTest, ExtremaPropagateNanAndSendTiesToTheFirstOperand) {
    double nan = std::numeric_limits<double>::quiet_NaN();
    Array x1 = MakeArray<double>({3}, {1, nan, 2}).RequireGrad();
    Array x2 = MakeArray<double>({3}, {1, 0, 3}).RequireGrad();
    Array out = Maximum(x1, x2);
    std::vector<double> values = ToVector<double>(out);
    EXPECT_EQ(values[0], 1);
    EXPECT_TRUE(std::isnan(values[1]));
    EXPECT_EQ(values[2], 3);
    out.Sum().Backward();
    ExpectArrayEq<double>(*x1.GetGrad(), {3}, {1, 1, 0});
    ExpectArrayEq<double>(*x2.GetGrad(), {3}, {0, 0, 1});
    ExpectArrayEq<int8_t>(Minimum(MakeArray<int8_t>({2}, {-3, 5}), 0), {2}, {-3, 0});
}

TEST_F(ArithmeticTest, BitwiseOperationsRejectFloatsAndCastTheRhsInPlace) {
    Array a = MakeArray<int8_t>({3}, {6, -8, 1});
    ExpectArrayEq<int8_t>(a & 3, {3}, {2, 0, 1});
    ExpectArrayEq<int8_t>(a | MakeArray<int8_t>({3}, {1, 1, 1}), {3}, {7, -7, 1});
    ExpectArrayEq<int8_t>(a ^ 1, {3}, {7, -7, 0});
    ExpectArrayEq<int8_t>(a << 5, {3}, {-64, 0, 32});
    ExpectArrayEq<int8_t>(a >> MakeArray<int8_t>({3}, {1, 9, 1}), {3}, {3, -1, 0});  // 9 >= 8 bits: sign fill
    a &= 2;
    ExpectArrayEq<int8_t>(a, {3}, {2, 0, 0});
    EXPECT_THROW(a & 1.5, DtypeError);
    EXPECT_THROW(BitwiseOr(Ones({1}, Dtype::kFloat32), a), DtypeError);
    a <<= Ones({3}, Dtype::kInt16);  // a wider rhs is cast to the lhs dtype, as in the original
    ExpectArrayEq<int8_t>(a, {3}, {4, 0, 0});
    EXPECT_THROW(a <<= Ones({3}, Dtype::kFloat32), DtypeError);
    EXPECT_THROW(a <<= Full({3}, true), DtypeError);
}

}  // namespace
}  // namespace chainerx
