#include "chainerx/core/routines/logic.h"

#include <cmath>

#include <gtest/gtest.h>

#include "chainerx/core/error.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/testing/testing.h"

namespace chainerx {
namespace {

using testing::ExpectArrayEq;
using testing::MakeArray;

class LogicTest : public testing::ContextTest {};

TEST_F(LogicTest, ComparisonsUseThePromotedDtype) {
    // int8 vs uint8 compares in int16, so -1 and 255 differ (in either 8-bit type they would be equal).
    Array x1 = MakeArray<int8_t>({2}, {-1, 3});
    Array x2 = MakeArray<uint8_t>({2}, {255, 3});
    ExpectArrayEq<bool>(Equal(x1, x2), {2}, {false, true});
    ExpectArrayEq<bool>(Less(x1, x2), {2}, {true, false});
    // int64 vs float16 compares in float16, where 2049 rounds to 2048.
    ExpectArrayEq<bool>(Equal(MakeArray<int64_t>({1}, {2049}), Full({1}, 2048, Dtype::kFloat16)), {1}, {true});
}

TEST_F(LogicTest, ComparisonsWithScalarsAndBroadcasting) {
    Array x = MakeArray<int32_t>({2, 1}, {0, 1});
    ExpectArrayEq<bool>(Greater(x, Scalar{0.5}), {2, 1}, {false, true});  // compared in float32
    ExpectArrayEq<bool>(Equal(MakeArray<bool>({2}, {true, false}), Scalar{2}), {2}, {false, false});
    Array y = MakeArray<int32_t>({3}, {0, 1, 2});
    ExpectArrayEq<bool>(GreaterEqual(x, y), {2, 3}, {true, false, false, true, true, false});
    EXPECT_THROW(NotEqual(Ones({2}, Dtype::kFloat32), Ones({3}, Dtype::kFloat32)), DimensionError);
}

TEST_F(LogicTest, LogicalOpsAndClassification) {
    Array x1 = MakeArray<float>({4}, {0, 2, NAN, 0});
    Array x2 = MakeArray<int8_t>({4}, {0, 0, 1, -1});
    ExpectArrayEq<bool>(LogicalAnd(x1, x2), {4}, {false, false, true, false});
    ExpectArrayEq<bool>(LogicalOr(x1, x2), {4}, {false, true, true, true});
    ExpectArrayEq<bool>(LogicalXor(x1, x2), {4}, {false, true, false, true});
    ExpectArrayEq<bool>(LogicalNot(x1), {4}, {true, false, false, true});
    ExpectArrayEq<bool>(IsNan(x1), {4}, {false, false, true, false});
    ExpectArrayEq<bool>(IsInf(MakeArray<double>({2}, {INFINITY, 1})), {2}, {true, false});
    ExpectArrayEq<bool>(IsFinite(x2), {4}, {true, true, true, true});
}

TEST_F(LogicTest, ResultsAreOutsideTheGraph) {
    Array x = Ones({2}, Dtype::kFloat32).RequireGrad();
    EXPECT_FALSE(Equal(x, x).IsBackpropRequired());
    EXPECT_FALSE(IsNan(x).IsBackpropRequired());
}

}  // namespace
}  // namespace chainerx
