// Creation routines: new arrays from shapes, values, ranges and host data; copies and dtype conversion.
//
// Unless stated, the result is C-contiguous, on `device` (default: the thread's default device), and not
// part of any graph.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

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

// `num` evenly spaced values from start to stop (stop included when `endpoint`), computed in double and
// converted to `dtype` (default float32) as astype does. Throws ChainerxError for a negative num.
Array Linspace(Scalar start, Scalar stop, int64_t num = 50, bool endpoint = true,
               std::optional<Dtype> dtype = std::nullopt, Device& device = GetDefaultDevice());

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

// `a` itself when it is C-contiguous and already of `dtype` (default: a's dtype), else a C-contiguous copy
// converted to it. As in NumPy, a 0-d array becomes shape (1,). Differentiable like Copy and AsType.
Array AsContiguousArray(const Array& a, std::optional<Dtype> dtype = std::nullopt);

// Coordinate matrices from 1-d coordinate vectors (inputs of other ranks are flattened). With kCartesian
// ('xy') the first two output axes are swapped, with kMatrix ('ij') output i varies along axis i. The outputs
// are broadcast views of the inputs (differentiable).
enum class MeshgridIndexingMode { kCartesian, kMatrix };
std::vector<Array> Meshgrid(const std::vector<Array>& arrays, MeshgridIndexingMode indexing);

// --- Matrices (creation_matrix.cc) ---

// An n x m (m defaults to n) array with ones on the k-th diagonal (k > 0 above the main one) and zeros
// elsewhere. Throws DimensionError for negative sizes.
Array Eye(int64_t n, std::optional<int64_t> m, int64_t k, Dtype dtype, Device& device = GetDefaultDevice());
// The n x n identity matrix.
Array Identity(int64_t n, Dtype dtype, Device& device = GetDefaultDevice());
// An n x m array with ones at and below the k-th diagonal, zeros above.
Array Tri(int64_t n, std::optional<int64_t> m, int64_t k, Dtype dtype, Device& device = GetDefaultDevice());
// Copies of `m` with the elements above (Tril) or below (Triu) the k-th diagonal of the last two axes set to
// zero; a 1-d input acts as the rows of a square matrix. Throws DimensionError for 0-d input. Differentiable.
Array Tril(const Array& m, int64_t k = 0);
Array Triu(const Array& m, int64_t k = 0);
// For 1-d `v`, a square matrix with v on the k-th diagonal (a copy); for 2-d `v`, a view of its k-th
// diagonal. Throws DimensionError for other ranks. Differentiable.
Array Diag(const Array& v, int64_t k = 0);
// Diag of the flattened `v`: always a new 2-d array.
Array Diagflat(const Array& v, int64_t k = 0);

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
