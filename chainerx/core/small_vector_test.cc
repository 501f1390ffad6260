#include "chainerx/core/small_vector.h"

#include <memory>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace chainerx {
namespace {

TEST(SmallVectorTest, StaysInlineUpToCapacity) {
    SmallVector<int, 3> v{1, 2, 3};
    EXPECT_TRUE(v.is_inline());
    EXPECT_EQ(v.size(), 3U);
    v.push_back(4);  // spills to the heap, keeping the elements
    EXPECT_FALSE(v.is_inline());
    EXPECT_EQ(v, (SmallVector<int, 3>{1, 2, 3, 4}));
    EXPECT_GE(v.capacity(), 4U);
}

TEST(SmallVectorTest, NonTrivialElementsAreConstructedAndDestroyedOnce) {
    auto tracked = std::make_shared<int>(7);
    {
        SmallVector<std::shared_ptr<int>, 2> v;
        for (int i = 0; i < 5; ++i) {
            v.push_back(tracked);
        }
        EXPECT_EQ(tracked.use_count(), 6);
        v.pop_back();
        v.erase(v.begin());
        EXPECT_EQ(tracked.use_count(), 4);
        SmallVector<std::shared_ptr<int>, 2> copy = v;
        EXPECT_EQ(tracked.use_count(), 7);
    }
    EXPECT_EQ(tracked.use_count(), 1);
}

TEST(SmallVectorTest, MoveStealsHeapStorageAndMovesInlineElements) {
    SmallVector<std::string, 2> heap{"a", "b", "c"};
    const std::string* storage = heap.data();
    SmallVector<std::string, 2> moved = std::move(heap);
    EXPECT_EQ(moved.data(), storage);
    EXPECT_TRUE(heap.empty());  // NOLINT(bugprone-use-after-move): moved-from state is specified
    EXPECT_TRUE(heap.is_inline());

    SmallVector<std::string, 2> small{"x"};
    SmallVector<std::string, 2> target{"p", "q", "r"};
    target = std::move(small);
    EXPECT_EQ(target, (SmallVector<std::string, 2>{"x"}));
    EXPECT_TRUE(target.is_inline());
}

TEST(SmallVectorTest, InsertEraseResize) {
    SmallVector<int, 2> v{1, 3};
    v.insert(v.begin() + 1, 2);
    v.insert(v.end(), 4);
    v.insert(v.begin(), 0);
    EXPECT_EQ(v, (SmallVector<int, 2>{0, 1, 2, 3, 4}));
    v.erase(v.begin() + 1, v.begin() + 3);
    EXPECT_EQ(v, (SmallVector<int, 2>{0, 3, 4}));
    v.resize(5, 9);
    EXPECT_EQ(v, (SmallVector<int, 2>{0, 3, 4, 9, 9}));
    v.resize(1);
    EXPECT_EQ(v, (SmallVector<int, 2>{0}));
    SmallVector<bool, 2> flags(3, false);
    flags.at(2) = true;
    EXPECT_TRUE(flags[2]);
}

TEST(SmallVectorTest, ConvertsFromStdVectorAndChecksAt) {
    std::vector<int> source(10);
    std::iota(source.begin(), source.end(), 0);
    SmallVector<int, 4> v = source;
    EXPECT_EQ(v.size(), 10U);
    EXPECT_EQ(v.back(), 9);
    EXPECT_THROW(v.at(10), std::out_of_range);
}

}  // namespace
}  // namespace chainerx
