// Reduction routines: sums, counts and truth tests over axes.
//
// `axis` is nullopt (all axes), or a list of axes, possibly negative, in any order; out-of-range or repeated
// axes throw DimensionError. With keepdims the reduced axes stay as size 1.
//
//     Array total = Sum(x);                      // 0-d
//     Array rows = Sum(x, Axes{1}, true);        // shape (n, 1)
#pragma once

#include <cstdint>
#include <optional>

#include "chainerx/core/array.h"
#include "chainerx/core/device.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/shape.h"

namespace chainerx {

// Sum. Bool and integer inputs give int64; floats keep their dtype (float16 accumulates in float).
// Backward: the output gradient broadcast back over the reduced axes.
Array Sum(const Array& a, const OptionalAxes& axis = std::nullopt, bool keepdims = false);

// Sum that treats NaN as zero; dtypes as Sum. Backward: the output gradient where a is not NaN, 0 at NaNs.
Array NanSum(const Array& a, const OptionalAxes& axis = std::nullopt, bool keepdims = false);

// The sum of the squares of a's elements (not in the original's API: the squared L2 norms that
// F.batch_l2_norm_squared, F.mean_squared_error and gradient clipping take on chainerx), one reduction kernel;
// floating point only (DtypeError), in a's dtype (float16 accumulates in float). Backward: 2 a gout, differentiable
// to any order.
Array SumSquares(const Array& a, const OptionalAxes& axis = std::nullopt, bool keepdims = false);

// Cumulative sum along `axis` (nullopt: over the flattened array, giving a 1-d result). Dtypes as Sum.
// DimensionError for an out-of-range axis. Backward: the reversed cumulative sum of the output gradient.
Array Cumsum(const Array& a, std::optional<int64_t> axis = std::nullopt);

// Product (not in the original's API: F.prod on chainerx, numpy.prod). Dtypes as Sum; 1 for an empty reduction.
// Backward: the product of the other elements of each element's reduction, written so that zeros are handled and
// gradients of any order exist (Note [Gradient of a product with zeros] in routines/reduction_product.cc).
Array Prod(const Array& a, const OptionalAxes& axis = std::nullopt, bool keepdims = false);

// Cumulative product along `axis` (F.cumprod, numpy.cumprod), as Cumsum. Backward: Note [Gradient of a cumulative
// product with zeros] in routines/reduction_product.cc; any order.
Array Cumprod(const Array& a, std::optional<int64_t> axis = std::nullopt);

// Number of nonzero elements (NaN counts as nonzero), int64. Not differentiable.
Array CountNonzero(const Array& a, const OptionalAxes& axis = std::nullopt);

// Whether all (any) elements are nonzero, as a bool array; true (false) for empty reductions.
// Not differentiable.
Array All(const Array& a, const OptionalAxes& axis = std::nullopt, bool keepdims = false);
Array Any(const Array& a, const OptionalAxes& axis = std::nullopt, bool keepdims = false);

namespace internal {

// The cumulative sum along a normalized axis, from the last element when `reverse`; differentiable (each
// direction's gradient is the other).
Array CumsumAlong(const Array& a, int8_t axis, bool reverse);

// Sums `grad` over the axes that broadcasting added to reach grad's shape from `shape`, giving `shape`.
// Used by the backward of broadcasting operations.
Array SumTo(const Array& grad, const Shape& shape);

// The number of elements of `shape` along `sorted_axes` (1 for no axes): the count behind each output.
int64_t CountReducedItems(const Shape& shape, const Axes& sorted_axes);

// Runs the reduction kernel KeyKernel over sorted_axes into a new array of out_dtype; records no graph.
template <typename KeyKernel>
Array ReduceForward(const Array& a, const Axes& sorted_axes, bool keepdims, Dtype out_dtype) {
    Array out = Empty(ReducedShape(a.shape(), sorted_axes, keepdims), out_dtype, a.device());
    a.device().CallKernel<KeyKernel>(a, sorted_axes, out);
    return out;
}

// Whether sorted axes are the leading ones (0, 1, ..., k-1; all axes of a full reduction).
bool AreLeadingAxes(const Axes& sorted_axes);

// The gradient (or any array) of a reduction's output shape broadcast back to the input shape `in_shape`.
Array BroadcastReduced(const Array& gout, const Shape& in_shape, const Axes& sorted_axes, bool keepdims);

// 1 where x1 == x2 (broadcast), else 0, in x1's dtype; records no graph. Masks that route gradients to the
// elements a reduction selected (amax: x == max; nansum: x == x, i.e. not NaN).
Array EqualMask(const Array& x1, const Array& x2);

}  // namespace internal
}  // namespace chainerx
