#include "chainerx/core/shape.h"

#include <algorithm>
#include <sstream>

#include "chainerx/core/error.h"

namespace chainerx {
namespace {

template <typename Vector>
std::ostream& PrintTuple(std::ostream& os, const Vector& v) {
    os << '(';
    for (size_t i = 0; i < v.size(); ++i) {
        os << (i == 0 ? "" : ", ") << static_cast<int64_t>(v[i]);
    }
    return os << (v.size() == 1 ? ",)" : ")");
}

template <typename Vector>
std::string TupleString(const Vector& v) {
    std::ostringstream os;
    PrintTuple(os, v);
    return os.str();
}

}  // namespace

int64_t Shape::GetTotalSize() const {
    // One pass (this runs several times per op): a zero dim gives 0 even when the other dims multiply beyond
    // int64, so an overflow is reported only after every dim was seen.
    int64_t total = 1;
    bool overflow = false;
    for (int64_t dim : *this) {
        if (dim == 0) {
            return 0;
        }
        overflow |= __builtin_mul_overflow(total, dim, &total);
    }
    if (overflow) {
        // An overflowed count would make an array whose indexing reads outside its memory.
        throw DimensionError{"the number of elements of shape ", *this, " does not fit in int64"};
    }
    return total;
}

std::string Shape::ToString() const { return TupleString(*this); }

Strides::Strides(const Shape& shape, int64_t item_size) {
    resize(shape.size());
    int64_t stride = item_size;
    for (int8_t i = shape.ndim() - 1; i >= 0; --i) {
        (*this)[i] = stride;
        if (__builtin_mul_overflow(stride, std::max(int64_t{1}, shape[i]), &stride)) {
            throw DimensionError{"the strides of shape ", shape, " do not fit in int64"};
        }
    }
}

std::string Strides::ToString() const { return TupleString(*this); }
std::string Axes::ToString() const { return TupleString(*this); }

std::ostream& operator<<(std::ostream& os, const Shape& shape) { return PrintTuple(os, shape); }
std::ostream& operator<<(std::ostream& os, const Strides& strides) { return PrintTuple(os, strides); }
std::ostream& operator<<(std::ostream& os, const Axes& axes) { return PrintTuple(os, axes); }

namespace internal {

bool IsContiguous(const Shape& shape, const Strides& strides, int64_t item_size) {
    if (shape.GetTotalSize() == 0) {
        return true;
    }
    int64_t expected = item_size;
    for (int8_t i = shape.ndim() - 1; i >= 0; --i) {
        if (shape[i] != 1 && strides[i] != expected) {
            return false;
        }
        expected *= shape[i];
    }
    return true;
}

Shape BroadcastShapes(const Shape& shape1, const Shape& shape2) {
    const Shape& longer = shape1.size() >= shape2.size() ? shape1 : shape2;
    const Shape& shorter = shape1.size() >= shape2.size() ? shape2 : shape1;
    Shape result = longer;
    size_t offset = longer.size() - shorter.size();
    for (size_t i = 0; i < shorter.size(); ++i) {
        int64_t a = longer[offset + i];
        int64_t b = shorter[i];
        if (a == b || b == 1) {
            continue;
        }
        if (a == 1) {
            result[offset + i] = b;
            continue;
        }
        throw DimensionError{"operands could not be broadcast together with shapes ", shape1, " and ", shape2};
    }
    return result;
}

int8_t NormalizeAxis(int64_t axis, int8_t ndim) {
    if (axis < -ndim || axis >= ndim) {
        throw DimensionError{"axis ", axis, " is out of bounds for array of dimension ", static_cast<int>(ndim)};
    }
    return static_cast<int8_t>(axis < 0 ? axis + ndim : axis);
}

Axes GetSortedAxesOrAll(const OptionalAxes& axis, int8_t ndim) {
    Axes sorted;
    if (!axis.has_value()) {
        for (int8_t i = 0; i < ndim; ++i) {
            sorted.push_back(i);
        }
        return sorted;
    }
    for (int8_t a : *axis) {
        sorted.push_back(NormalizeAxis(a, ndim));
    }
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
        throw DimensionError{"duplicate axis in ", *axis};
    }
    return sorted;
}

Shape ReducedShape(const Shape& shape, const Axes& sorted_axes, bool keepdims) {
    Shape out;
    size_t next = 0;
    for (int8_t i = 0; i < shape.ndim(); ++i) {
        if (next < sorted_axes.size() && sorted_axes[next] == i) {
            ++next;
            if (keepdims) {
                out.push_back(1);
            }
        } else {
            out.push_back(shape[i]);
        }
    }
    return out;
}

}  // namespace internal
}  // namespace chainerx
