// Helpers for C++ tests: a fixture giving each test its own context, array builders and assertions.
#pragma once

#include <cstring>
#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "chainerx/core/array.h"
#include "chainerx/core/context.h"
#include "chainerx/core/device.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/routines/creation.h"

namespace chainerx {
namespace testing {

// Each test runs in a fresh Context, which is the thread's default context for the test's duration.
class ContextTest : public ::testing::Test {
protected:
    ContextTest() : context_{std::make_unique<Context>()}, scope_{std::make_unique<ContextScope>(*context_)} {}

    Context& context() { return *context_; }
    Device& native(int index = 0) { return context_->GetDevice("native", index); }

private:
    std::unique_ptr<Context> context_;
    std::unique_ptr<ContextScope> scope_;
};

// A C-contiguous array holding `values` (converted to T) on the default device.
template <typename T>
Array MakeArray(const Shape& shape, const std::vector<T>& values) {
    EXPECT_EQ(static_cast<int64_t>(values.size()), shape.GetTotalSize());
    auto data = std::shared_ptr<T>{new T[values.size()], std::default_delete<T[]>{}};
    std::copy(values.begin(), values.end(), data.get());
    return FromContiguousHostData(shape, TypeToDtype<T>, data);
}

// The elements of an array on a host-accessible device, in C order.
template <typename T>
std::vector<T> ToVector(const Array& a) {
    EXPECT_EQ(a.dtype(), TypeToDtype<T>);
    Array contiguous = a.IsContiguous() ? a : a.AsGradStopped().Copy();
    std::vector<T> values;
    const T* data = static_cast<const T*>(contiguous.raw_data());
    values.assign(data, data + a.GetTotalSize());  // element-wise: std::vector<bool> has no data()
    return values;
}

template <typename T>
void ExpectArrayEq(const Array& actual, const Shape& shape, const std::vector<T>& expected) {
    EXPECT_EQ(actual.shape(), shape);
    EXPECT_EQ(actual.dtype(), TypeToDtype<T>);
    std::vector<T> values = ToVector<T>(actual);
    ASSERT_EQ(values.size(), expected.size());
    for (size_t i = 0; i < values.size(); ++i) {
        EXPECT_EQ(static_cast<double>(values[i]), static_cast<double>(expected[i])) << "at flat index " << i;
    }
}

}  // namespace testing
}  // namespace chainerx
