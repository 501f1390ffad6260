// Result-dtype and argument checks shared by routines.
#pragma once

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/scalar.h"

namespace chainerx {

// Result dtype of an array-array operation (see PromoteTypes).
Dtype ResultType(const Array& a, const Array& b);
// Result dtype of an array-scalar operation: the array's dtype, unless the scalar is of a higher kind category
// (bool < integer < float) than the array, in which case the scalar kind's default dtype (bool array + 2 →
// int32, int8 array + 1.5 → float32). The scalar's magnitude never widens the result.
Dtype ResultType(const Array& a, Scalar b);
// The same for an array of dtype `a`.
Dtype ResultType(Dtype a, Scalar b);

namespace internal {

// Whether an integer scalar is within the range of an integer dtype (always true for other kinds and for
// bool and float dtypes). ResultType(Array, Scalar) raises OverflowError when it is not, as NumPy 2 does
// (`int8_array + 300`); comparisons widen instead (`int8_array < 300` is true everywhere).
bool ScalarFits(Scalar s, Dtype dtype);
void CheckScalarFits(Scalar s, Dtype dtype);

// Throws DeviceError naming `op` unless both arrays are on the same device.
void CheckSameDevice(const char* op, const Array& a, const Array& b);

// Throws DtypeError naming `op` if the array (or scalar) is bool: arithmetic other than multiply rejects
// bool operands, as the original ChainerX does.
void CheckNotBool(const char* op, const Array& a);
void CheckNotBool(const char* op, Scalar s);

// Throws DtypeError naming `op` if exactly one of the arrays is bool: comparisons, maximum and minimum do not
// mix bool with numbers, as in the original ChainerX (NumPy allows it).
void CheckNoBoolMix(const char* op, const Array& a, const Array& b);

// Throws ChainerxError if an in-place operation would write into an array that is part of a graph, or into a
// broadcast view (a stride-0 axis of length > 1), where one write would change several elements.
void CheckInplaceAllowed(const char* op, const Array& out);

// `a` cast to `dtype` when it differs (no copy otherwise).
Array CastIfNeeded(const Array& a, Dtype dtype);

}  // namespace internal
}  // namespace chainerx
