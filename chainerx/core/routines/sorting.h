// Sorting routines: the positions of the maxima and minima (argmax, argmin and their NaN-skipping variants).
//
//     Array a = ...;                  // shape (2, 3)
//     Array rows = ArgMax(a, 1);      // shape (2,), int64
//     Array flat = ArgMin(a);         // 0-d: the position in the C-order flattened array
#pragma once

#include <cstdint>
#include <optional>

#include "chainerx/core/array.h"

namespace chainerx {

// The position of the first maximum of `a` along `axis` (an int64 array of a's shape without that axis), or
// in the C-order flattening of `a` when axis is nullopt (a 0-d int64 array). Any of the nine dtypes; bool
// compares false < true; a NaN counts as the maximum, so the first NaN wins (as NumPy's argmax). Throws
// DimensionError if the reduced axis (or, for nullopt, the whole array) is empty or axis is out of range.
// Not differentiable (the result is an integer array).
Array ArgMax(const Array& a, const std::optional<int64_t>& axis = std::nullopt);
// As ArgMax, for the first minimum.
Array ArgMin(const Array& a, const std::optional<int64_t>& axis = std::nullopt);

// As ArgMax / ArgMin, ignoring NaNs. A slice holding only NaNs gives -1 (NumPy raises ValueError instead;
// the original ChainerX gives -1).
Array NanArgMax(const Array& a, const std::optional<int64_t>& axis = std::nullopt);
Array NanArgMin(const Array& a, const std::optional<int64_t>& axis = std::nullopt);

}  // namespace chainerx
