#include "chainerx/core/routines/sorting.h"

#include <cstdint>
#include <optional>

#include "chainerx/core/backprop_mode.h"
#include "chainerx/core/device.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/sorting.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/manipulation.h"
#include "chainerx/core/shape.h"

namespace chainerx {
namespace {

// A graph-free view of `a` whose last axis is the one reduced: `axis` moved last, or, for nullopt, all the
// elements in C order (a contiguous copy first when `a` is not contiguous, as a strided array has no flat
// view in general).
Array LanesView(const char* op, const Array& a, const std::optional<int64_t>& axis) {
    if (!axis.has_value()) {
        if (a.GetTotalSize() == 0) {
            throw DimensionError{op, ": attempt to get ", op, " of an empty array"};
        }
        Array flat = a;
        if (!a.IsContiguous()) {
            NoBackpropModeScope no_backprop{a.device().context()};
            flat = AsContiguousArray(a);
        }
        return internal::StridedView(flat, Shape{a.GetTotalSize()}, Strides{a.GetItemSize()});
    }
    int8_t reduced = internal::NormalizeAxis(*axis, a.ndim());
    if (a.shape()[reduced] == 0) {
        throw DimensionError{op, ": attempt to get ", op, " of an empty sequence (axis ", int{reduced}, ")"};
    }
    Shape shape;
    Strides strides;
    for (int8_t i = 0; i < a.ndim(); ++i) {
        if (i != reduced) {
            shape.push_back(a.shape()[i]);
            strides.push_back(a.strides()[i]);
        }
    }
    shape.push_back(a.shape()[reduced]);
    strides.push_back(a.strides()[reduced]);
    return internal::StridedView(a, shape, strides);
}

template <typename KeyKernel>
Array ArgReduce(const char* op, const Array& a, const std::optional<int64_t>& axis) {
    Array lanes = LanesView(op, a, axis);
    Array out = Empty(Shape{lanes.shape().begin(), lanes.shape().end() - 1}, Dtype::kInt64, a.device());
    a.device().CallKernel<KeyKernel>(lanes, out);
    return out;
}

}  // namespace

Array ArgMax(const Array& a, const std::optional<int64_t>& axis) { return ArgReduce<ArgMaxKernel>("argmax", a, axis); }

Array ArgMin(const Array& a, const std::optional<int64_t>& axis) { return ArgReduce<ArgMinKernel>("argmin", a, axis); }

Array NanArgMax(const Array& a, const std::optional<int64_t>& axis) {
    return ArgReduce<NanArgMaxKernel>("nanargmax", a, axis);
}

Array NanArgMin(const Array& a, const std::optional<int64_t>& axis) {
    return ArgReduce<NanArgMinKernel>("nanargmin", a, axis);
}

}  // namespace chainerx
