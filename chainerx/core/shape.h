// Shape, strides and axes of arrays, and the broadcasting and contiguity rules over them.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <ostream>
#include <string>

#include "chainerx/core/stack_vector.h"

namespace chainerx {

constexpr int8_t kMaxNdim = 10;

class Shape : public StackVector<int64_t, kMaxNdim> {
public:
    using StackVector::StackVector;
    Shape(std::initializer_list<int64_t> list) : StackVector{list} {}

    int8_t ndim() const { return static_cast<int8_t>(size()); }
    // The number of elements; DimensionError if it does not fit in int64.
    int64_t GetTotalSize() const;
    std::string ToString() const;
};

// Byte strides; may be zero (broadcast) or negative (reversed views).
class Strides : public StackVector<int64_t, kMaxNdim> {
public:
    using StackVector::StackVector;
    Strides(std::initializer_list<int64_t> list) : StackVector{list} {}
    // C-contiguous strides for `shape` with elements of `item_size` bytes.
    Strides(const Shape& shape, int64_t item_size);

    int8_t ndim() const { return static_cast<int8_t>(size()); }
    std::string ToString() const;
};

// A list of axes, each normalized to [0, ndim).
class Axes : public StackVector<int8_t, kMaxNdim> {
public:
    using StackVector::StackVector;
    Axes(std::initializer_list<int8_t> list) : StackVector{list} {}
    int8_t ndim() const { return static_cast<int8_t>(size()); }
    std::string ToString() const;
};

using OptionalAxes = std::optional<Axes>;

std::ostream& operator<<(std::ostream& os, const Shape& shape);
std::ostream& operator<<(std::ostream& os, const Strides& strides);
std::ostream& operator<<(std::ostream& os, const Axes& axes);

namespace internal {

// Whether a view described by shape and strides is C-contiguous. Zero-size arrays are contiguous.
bool IsContiguous(const Shape& shape, const Strides& strides, int64_t item_size);

// The NumPy broadcast of two shapes. Throws DimensionError when they are incompatible.
Shape BroadcastShapes(const Shape& shape1, const Shape& shape2);

// Normalizes a possibly negative axis to [0, ndim); throws DimensionError when out of range.
int8_t NormalizeAxis(int64_t axis, int8_t ndim);

// Normalizes and sorts axes; nullopt means all axes. Throws DimensionError on duplicates or range errors.
Axes GetSortedAxesOrAll(const OptionalAxes& axis, int8_t ndim);

// The shape after reducing `axes` of `shape` (kept as 1 when keepdims).
Shape ReducedShape(const Shape& shape, const Axes& sorted_axes, bool keepdims);

}  // namespace internal
}  // namespace chainerx
