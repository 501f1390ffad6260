// Creation routines: new arrays from shapes, values, ranges and host data; copies and dtype conversion.
//
// Unless stated, the result is C-contiguous, on `device` (default: the thread's default device), and not
// part of any graph.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "chainerx/core/array.h"
#include "chainerx/core/device.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/scalar.h"
#include "chainerx/core/shape.h"

namespace chainerx {

// Uninitialised array. Throws DimensionError for negative dimensions.
Array Empty(const Shape& shape, Dtype dtype, Device& device = GetDefaultDevice());
// Array filled with `fill_value`; without a dtype, the default dtype of the scalar's kind (bool, int32,
// float32).
Array Full(const Shape& shape, Scalar fill_value, Dtype dtype, Device& device = GetDefaultDevice());
Array Full(const Shape& shape, Scalar fill_value, Device& device = GetDefaultDevice());
Array Zeros(const Shape& shape, Dtype dtype, Device& device = GetDefaultDevice());
Array Ones(const Shape& shape, Dtype dtype, Device& device = GetDefaultDevice());

// Values start, start + step, ... below stop (above, for negative steps). Without a dtype, the default dtype
// of the widest scalar kind among the arguments. Throws ChainerxError for a zero step and DtypeError for a bool
// range of more than two elements.
Array Arange(Scalar start, Scalar stop, Scalar step, std::optional<Dtype> dtype = std::nullopt,
             Device& device = GetDefaultDevice());

Array EmptyLike(const Array& a, Device& device);
Array EmptyLike(const Array& a);
Array ZerosLike(const Array& a);
Array OnesLike(const Array& a);
Array FullLike(const Array& a, Scalar fill_value);

// A C-contiguous copy; differentiable.
Array Copy(const Array& a);
// `a` converted to `dtype` (a copy unless copy is false and the dtype already matches); differentiable
// between floating-point dtypes.
Array AsType(const Array& a, Dtype dtype, bool copy = true);

// An array viewing existing data of `device` (for host-accessible devices, host memory) with any strides and
// byte offset. The shared_ptr keeps the data alive; no copy is made.
Array FromData(const Shape& shape, Dtype dtype, std::shared_ptr<void> data, const Strides& strides, int64_t offset,
               Device& device = GetDefaultDevice());
// An array holding a copy of (or, for host-accessible devices, a view of) contiguous host data.
Array FromContiguousHostData(const Shape& shape, Dtype dtype, std::shared_ptr<void> data,
                             Device& device = GetDefaultDevice());

namespace internal {

// Wraps an existing body description in an Array without checks.
Array MakeArray(const Shape& shape, const Strides& strides, Dtype dtype, Device& device, std::shared_ptr<void> data,
                int64_t offset = 0);

// Whether the range [offset, offset + span of shape/strides) lies within `data_size` bytes.
bool IsInRange(const Shape& shape, const Strides& strides, int64_t item_size, int64_t offset, int64_t data_size);

}  // namespace internal
}  // namespace chainerx
