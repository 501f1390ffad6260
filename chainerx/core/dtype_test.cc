#include "chainerx/core/dtype.h"

#include <gtest/gtest.h>

#include "chainerx/core/error.h"

namespace chainerx {
namespace {

TEST(DtypeTest, NamesAndCharCodesRoundTrip) {
    for (Dtype dtype : kAllDtypes) {
        EXPECT_EQ(GetDtype(GetDtypeName(dtype)), dtype);
        EXPECT_EQ(GetDtype(std::string(1, GetCharCode(dtype))), dtype);
    }
}

TEST(DtypeTest, PythonTypeNamesAndAliases) {
    EXPECT_EQ(GetDtype("int"), Dtype::kInt64);
    EXPECT_EQ(GetDtype("float"), Dtype::kFloat64);
    EXPECT_EQ(GetDtype("bool_"), Dtype::kBool);
}

TEST(DtypeTest, UnknownNamesAreDtypeErrors) {
    EXPECT_THROW(GetDtype("complex64"), DtypeError);
    EXPECT_THROW(GetDtype("q"), DtypeError);  // int64's NumPy code 'q' is not accepted, as in the original
    EXPECT_THROW(GetDtype(""), DtypeError);
}

TEST(DtypeTest, ItemSizesAndKinds) {
    EXPECT_EQ(GetItemSize(Dtype::kBool), 1);
    EXPECT_EQ(GetItemSize(Dtype::kFloat16), 2);
    EXPECT_EQ(GetItemSize(Dtype::kInt64), 8);
    EXPECT_EQ(GetKind(Dtype::kUInt8), DtypeKind::kUInt);
    EXPECT_EQ(GetKind(Dtype::kFloat16), DtypeKind::kFloat);
}

TEST(DtypeTest, PromotionFollowsTheOriginalChainerx) {
    EXPECT_EQ(PromoteTypes(Dtype::kInt64, Dtype::kFloat16), Dtype::kFloat16);  // float beats int regardless of width
    EXPECT_EQ(PromoteTypes(Dtype::kInt8, Dtype::kUInt8), Dtype::kInt16);
    EXPECT_EQ(PromoteTypes(Dtype::kInt16, Dtype::kUInt8), Dtype::kInt16);
    EXPECT_EQ(PromoteTypes(Dtype::kBool, Dtype::kUInt8), Dtype::kUInt8);
    EXPECT_EQ(PromoteTypes(Dtype::kFloat32, Dtype::kFloat64), Dtype::kFloat64);
    EXPECT_EQ(PromoteTypes(Dtype::kBool, Dtype::kBool), Dtype::kBool);
    for (Dtype a : kAllDtypes) {
        for (Dtype b : kAllDtypes) {
            EXPECT_EQ(PromoteTypes(a, b), PromoteTypes(b, a)) << a << " " << b;
        }
    }
}

TEST(DtypeTest, VisitDtypeGivesTheCppType) {
    size_t size = VisitDtype(Dtype::kFloat16, [](auto pt) { return sizeof(typename decltype(pt)::type); });
    EXPECT_EQ(size, 2U);
}

TEST(DtypeTest, VisitDtypeInCallsOnlyForMaskedDtypes) {
    size_t size = 0;
    VisitDtypeIn<kFloatingDtypes>(Dtype::kFloat64, [&size](auto pt) { size = sizeof(typename decltype(pt)::type); });
    EXPECT_EQ(size, 8U);
    EXPECT_THROW(VisitDtypeIn<kFloatingDtypes>(Dtype::kInt32, [](auto) {}), DtypeError);
    EXPECT_THROW(VisitDtypeIn<kNumericDtypes>(Dtype::kBool, [](auto) {}), DtypeError);
}

}  // namespace
}  // namespace chainerx
