// Comparison and logic routines. Results are bool arrays that record no graph: these functions have no
// gradient, and their outputs never require grad.
//
// Binary forms broadcast their operands (DimensionError when the shapes do not broadcast, DeviceError for
// arrays on different devices) and accept every dtype, bool included.
#pragma once

#include "chainerx/core/array.h"
#include "chainerx/core/scalar.h"

namespace chainerx {

// Elementwise comparisons, computed in the promoted dtype of the operands (ResultType): int8 vs uint8
// compares in int16, int64 vs float16 in float16.
//
// The array–scalar forms (behind ndarray's comparison operators) compare in the array's dtype unless the
// scalar is of a higher kind (bool < integer < float); then they compare in that kind's default dtype
// (int32 or float32). So an int8 array compares with 0.5 in float32, and a bool array with 2 in int32 (all
// false, as in NumPy), while an int8 array compares with 1000 in int8 (the scalar wraps, as a C++ cast does).
Array Equal(const Array& x1, const Array& x2);
Array Equal(const Array& x1, Scalar x2);
Array NotEqual(const Array& x1, const Array& x2);
Array NotEqual(const Array& x1, Scalar x2);
Array Greater(const Array& x1, const Array& x2);
Array Greater(const Array& x1, Scalar x2);
Array GreaterEqual(const Array& x1, const Array& x2);
Array GreaterEqual(const Array& x1, Scalar x2);
Array Less(const Array& x1, const Array& x2);
Array Less(const Array& x1, Scalar x2);
Array LessEqual(const Array& x1, const Array& x2);
Array LessEqual(const Array& x1, Scalar x2);

// Elementwise logical operations on truth values: nonzero (NaN included) is true.
Array LogicalAnd(const Array& x1, const Array& x2);
Array LogicalOr(const Array& x1, const Array& x2);
Array LogicalXor(const Array& x1, const Array& x2);
Array LogicalNot(const Array& x);

// Elementwise floating-point classification. Integer and bool elements are never NaN or infinite (IsFinite
// is all true for them).
Array IsNan(const Array& x);
Array IsInf(const Array& x);
Array IsFinite(const Array& x);

}  // namespace chainerx
