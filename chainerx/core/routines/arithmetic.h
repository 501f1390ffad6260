// Arithmetic routines. Array-array forms broadcast their operands and promote dtypes (type_util.h);
// array-scalar forms keep the array's dtype unless a float scalar meets a non-float array (float32).
// All throw DimensionError for shapes that do not broadcast and DeviceError for arrays on different devices.
#pragma once

#include "chainerx/core/array.h"
#include "chainerx/core/scalar.h"

namespace chainerx {

// DtypeError for bool operands.
Array Add(const Array& x1, const Array& x2);
Array Add(const Array& x1, Scalar x2);
Array Add(Scalar x1, const Array& x2);

// DtypeError for bool operands.
Array Subtract(const Array& x1, const Array& x2);
Array Subtract(const Array& x1, Scalar x2);
Array Subtract(Scalar x1, const Array& x2);

// The only arithmetic routine that accepts bool (logical and).
Array Multiply(const Array& x1, const Array& x2);
Array Multiply(const Array& x1, Scalar x2);
Array Multiply(Scalar x1, const Array& x2);

// DtypeError for bool.
Array Negative(const Array& x);

// True division. Non-float results are float32 (int32 / int32 → float32). DtypeError for bool operands.
// TrueDivide is the same routine.
Array Divide(const Array& x1, const Array& x2);
Array Divide(const Array& x1, Scalar x2);
Array Divide(Scalar x1, const Array& x2);
inline Array TrueDivide(const Array& x1, const Array& x2) { return Divide(x1, x2); }
inline Array TrueDivide(const Array& x1, Scalar x2) { return Divide(x1, x2); }
inline Array TrueDivide(Scalar x1, const Array& x2) { return Divide(x1, x2); }

namespace internal {

// In-place forms: out = out op x (x broadcast to out's shape). DtypeError if the result dtype is not out's;
// ChainerxError if out requires grad.
void IAdd(const Array& out, const Array& x);
void IAdd(const Array& out, Scalar x);
void ISubtract(const Array& out, const Array& x);
void ISubtract(const Array& out, Scalar x);
void IMultiply(const Array& out, const Array& x);
void IMultiply(const Array& out, Scalar x);
// DtypeError unless out is floating-point.
void IDivide(const Array& out, const Array& x);
void IDivide(const Array& out, Scalar x);

}  // namespace internal
}  // namespace chainerx
