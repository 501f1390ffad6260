#include "chainerx/core/shape.h"

#include <gtest/gtest.h>

#include "chainerx/core/error.h"

namespace chainerx {
namespace {

TEST(ShapeTest, TotalSizeAndString) {
    EXPECT_EQ((Shape{2, 3, 4}).GetTotalSize(), 24);
    EXPECT_EQ(Shape{}.GetTotalSize(), 1);
    EXPECT_EQ((Shape{2, 0}).GetTotalSize(), 0);
    EXPECT_EQ((Shape{2, 3}).ToString(), "(2, 3)");
    EXPECT_EQ((Shape{5}).ToString(), "(5,)");
}

TEST(ShapeTest, MoreThanMaxNdimIsDimensionError) {
    Shape shape;
    for (int i = 0; i < kMaxNdim; ++i) {
        shape.push_back(1);
    }
    EXPECT_THROW(shape.push_back(1), DimensionError);
}

TEST(StridesTest, ContiguousStrides) {
    EXPECT_EQ(Strides(Shape{2, 3, 4}, 4), (Strides{48, 16, 4}));
    EXPECT_EQ(Strides(Shape{2, 0, 3}, 8), (Strides{24, 24, 8}));
}

TEST(ShapeTest, Contiguity) {
    EXPECT_TRUE(internal::IsContiguous({2, 3}, {12, 4}, 4));
    EXPECT_FALSE(internal::IsContiguous({2, 3}, {4, 8}, 4));
    EXPECT_TRUE(internal::IsContiguous({1, 3}, {999, 4}, 4));  // strides of size-1 axes do not matter
    EXPECT_TRUE(internal::IsContiguous({0, 3}, {4, 8}, 4));    // zero-size arrays are contiguous
}

TEST(ShapeTest, Broadcasting) {
    EXPECT_EQ(internal::BroadcastShapes({2, 1, 3}, {4, 1}), (Shape{2, 4, 3}));
    EXPECT_EQ(internal::BroadcastShapes({}, {2, 3}), (Shape{2, 3}));
    EXPECT_EQ(internal::BroadcastShapes({0, 3}, {1, 3}), (Shape{0, 3}));
    EXPECT_THROW(internal::BroadcastShapes({2, 3}, {3, 2}), DimensionError);
}

TEST(ShapeTest, AxesNormalization) {
    EXPECT_EQ(internal::NormalizeAxis(-1, 3), 2);
    EXPECT_THROW(internal::NormalizeAxis(3, 3), DimensionError);
    EXPECT_THROW(internal::NormalizeAxis(-4, 3), DimensionError);
    EXPECT_EQ(internal::GetSortedAxesOrAll(Axes{2, 0}, 3), (Axes{0, 2}));
    EXPECT_EQ(internal::GetSortedAxesOrAll(std::nullopt, 2), (Axes{0, 1}));
    EXPECT_THROW(internal::GetSortedAxesOrAll(Axes{1, -2}, 3), DimensionError);
    EXPECT_EQ(internal::ReducedShape({2, 3, 4}, {1}, false), (Shape{2, 4}));
    EXPECT_EQ(internal::ReducedShape({2, 3, 4}, {0, 2}, true), (Shape{1, 3, 1}));
}

}  // namespace
}  // namespace chainerx
