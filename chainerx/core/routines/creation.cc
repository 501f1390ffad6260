#include "chainerx/core/routines/creation.h"

#include <cmath>

#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/backprop_mode.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/creation.h"
#include "chainerx/core/routines/manipulation.h"
#include "chainerx/core/routines/rounding.h"

namespace chainerx {
namespace internal {

Array MakeArray(const Shape& shape, const Strides& strides, Dtype dtype, Device& device, std::shared_ptr<void> data,
                int64_t offset) {
    return Array{ArrayBody::Create(shape, strides, dtype, device, std::move(data), offset)};
}

bool IsInRange(const Shape& shape, const Strides& strides, int64_t item_size, int64_t offset, int64_t data_size) {
    if (shape.GetTotalSize() == 0) {
        return offset >= 0 && offset <= data_size;
    }
    int64_t low = offset;
    int64_t high = offset + item_size;
    for (int8_t i = 0; i < shape.ndim(); ++i) {
        int64_t extent = (shape[i] - 1) * strides[i];
        (extent < 0 ? low : high) += extent;
    }
    return low >= 0 && high <= data_size;
}

}  // namespace internal

namespace {

void CheckShape(const Shape& shape) {
    for (int64_t dim : shape) {
        if (dim < 0) {
            throw DimensionError{"negative dimensions are not allowed: ", shape};
        }
    }
}

// The element count of a shape given to a creation routine: CheckShape and Shape::GetTotalSize in one pass (Empty
// runs for every result of every routine).
int64_t CheckedTotalSize(const Shape& shape) {
    int64_t total = 1;
    bool overflow = false;
    bool has_zero = false;
    for (int64_t dim : shape) {
        if (dim < 0) {
            throw DimensionError{"negative dimensions are not allowed: ", shape};
        }
        has_zero |= dim == 0;
        overflow |= __builtin_mul_overflow(total, dim, &total);
    }
    if (has_zero) {
        return 0;  // even when the other dims multiply beyond int64
    }
    if (overflow) {
        throw DimensionError{"the number of elements of shape ", shape, " does not fit in int64"};
    }
    return total;
}

}  // namespace

Array Empty(const Shape& shape, Dtype dtype, Device& device) {
    int64_t item_size = GetItemSize(dtype);
    int64_t size = CheckedTotalSize(shape);
    if (size > 0 && item_size > INT64_MAX / size) {
        throw DimensionError{"array of shape ", shape, " and dtype ", dtype, " is too large"};
    }
    return internal::MakeArray(shape, Strides{shape, item_size}, dtype, device, device.Allocate(size * item_size));
}

Array Full(const Shape& shape, Scalar fill_value, Dtype dtype, Device& device) {
    Array out = Empty(shape, dtype, device);
    out.Fill(fill_value);
    return out;
}

Array Full(const Shape& shape, Scalar fill_value, Device& device) {
    return Full(shape, fill_value, GetDefaultDtype(fill_value.kind()), device);
}

Array Zeros(const Shape& shape, Dtype dtype, Device& device) { return Full(shape, 0, dtype, device); }
Array Ones(const Shape& shape, Dtype dtype, Device& device) { return Full(shape, 1, dtype, device); }

Array Arange(Scalar start, Scalar stop, Scalar step, std::optional<Dtype> dtype, Device& device) {
    if (step.As<double>() == 0.0) {
        throw ChainerxError{"arange: step must not be zero"};
    }
    if (!dtype.has_value()) {
        DtypeKind kind = std::max({start.kind(), stop.kind(), step.kind()});
        dtype = GetDefaultDtype(kind);
    }
    double length = std::ceil((stop.As<double>() - start.As<double>()) / step.As<double>());
    int64_t size = length > 0 ? static_cast<int64_t>(length) : 0;
    if (*dtype == Dtype::kBool && size > 2) {
        throw DtypeError{"arange: a bool range cannot have more than 2 elements"};
    }
    Array out = Empty({size}, *dtype, device);
    if (size > 0) {
        device.CallKernel<ArangeKernel>(start, step, out);
    }
    return out;
}

Array Linspace(Scalar start, Scalar stop, int64_t num, bool endpoint, std::optional<Dtype> dtype, Device& device) {
    if (num < 0) {
        throw ChainerxError{"linspace: the number of samples must not be negative, got ", num};
    }
    const Dtype out_dtype = dtype.value_or(Dtype::kFloat32);
    if (!IsFloatingPoint(out_dtype) && num > 0) {
        // The samples are computed in float64 and converted as NumPy 2 does: integers round toward -inf, so
        // linspace(0, 10, 5, dtype=int32) is [0, 2, 5, 7, 10]. (Casting the step first gave [0, 2, 4, 6, 10].)
        Array samples = Linspace(start, stop, num, endpoint, Dtype::kFloat64, device);
        return (GetKind(out_dtype) == DtypeKind::kBool ? samples : Floor(samples)).AsType(out_dtype, false);
    }
    Array out = Empty({num}, out_dtype, device);
    if (num == 0) {
        return out;
    }
    double first = start.As<double>();
    double last = stop.As<double>();
    int64_t intervals = endpoint ? num - 1 : num;
    double step = intervals > 0 ? (last - first) / static_cast<double>(intervals) : 0.0;
    device.CallKernel<ArangeKernel>(Scalar{first}, Scalar{step}, out);
    if (endpoint && num > 1) {
        // The end point exactly, free of the rounding of start + i * step.
        internal::StridedView(out, {}, {}, (num - 1) * out.GetItemSize()).Fill(Scalar{last});
    }
    return out;
}

Array EmptyLike(const Array& a, Device& device) { return Empty(a.shape(), a.dtype(), device); }
Array EmptyLike(const Array& a) { return EmptyLike(a, a.device()); }
Array ZerosLike(const Array& a) { return Zeros(a.shape(), a.dtype(), a.device()); }
Array OnesLike(const Array& a) { return Ones(a.shape(), a.dtype(), a.device()); }
Array FullLike(const Array& a, Scalar fill_value) { return Full(a.shape(), fill_value, a.dtype(), a.device()); }

Array Copy(const Array& a) {
    Array out = EmptyLike(a);
    a.device().CallKernel<CopyKernel>(a, out);
    BackwardBuilder bb{"copy", a, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([](BackwardContext& bctx) { bctx.input_grad() = *bctx.output_grad(); });
    }
    bb.Finalize();
    return out;
}

Array AsType(const Array& a, Dtype dtype, bool copy) {
    Dtype src_dtype = a.dtype();
    if (!copy && dtype == src_dtype) {
        return a;
    }
    Array out = Empty(a.shape(), dtype, a.device());
    a.device().CallKernel<AsTypeKernel>(a, out);
    if (IsFloatingPoint(src_dtype) && IsFloatingPoint(dtype)) {
        BackwardBuilder bb{"astype", a, out};
        if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
            bt.Define([src_dtype](BackwardContext& bctx) {
                bctx.input_grad() = bctx.output_grad()->AsType(src_dtype);
            });
        }
        bb.Finalize();
    }
    return out;
}

Array AsContiguousArray(const Array& a, std::optional<Dtype> dtype) {
    Dtype out_dtype = dtype.value_or(a.dtype());
    Array out = a;
    if (!a.IsContiguous() || out_dtype != a.dtype()) {
        out = out_dtype == a.dtype() ? Copy(a) : AsType(a, out_dtype);
    }
    return a.ndim() == 0 ? Reshape(out, {1}) : out;
}

std::vector<Array> Meshgrid(const std::vector<Array>& arrays, MeshgridIndexingMode indexing) {
    size_t n = arrays.size();
    // Axis of the output along which input i varies.
    auto varying_axis = [n, indexing](size_t i) -> size_t {
        if (indexing == MeshgridIndexingMode::kCartesian && n >= 2 && i < 2) {
            return 1 - i;
        }
        return i;
    };
    Shape out_shape;
    out_shape.resize(n, 1);
    for (size_t i = 0; i < n; ++i) {
        out_shape[varying_axis(i)] = arrays[i].GetTotalSize();
    }
    std::vector<Array> outs;
    for (size_t i = 0; i < n; ++i) {
        Shape shape;
        shape.resize(n, 1);
        shape[varying_axis(i)] = arrays[i].GetTotalSize();
        outs.push_back(BroadcastTo(Reshape(arrays[i], shape), out_shape));
    }
    return outs;
}

Array FromData(const Shape& shape, Dtype dtype, std::shared_ptr<void> data, const Strides& strides, int64_t offset,
               Device& device) {
    CheckShape(shape);
    if (shape.size() != strides.size()) {
        throw DimensionError{"shape ", shape, " and strides ", strides, " have different lengths"};
    }
    return internal::MakeArray(shape, strides, dtype, device, std::move(data), offset);
}

Array FromContiguousHostData(const Shape& shape, Dtype dtype, std::shared_ptr<void> data, Device& device) {
    int64_t bytesize = CheckedTotalSize(shape) * GetItemSize(dtype);
    return internal::MakeArray(
            shape, Strides{shape, GetItemSize(dtype)}, dtype, device, device.FromHostMemory(data, bytesize));
}

}  // namespace chainerx
