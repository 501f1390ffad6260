// Array-scalar forms of the binary arithmetic routines that have no scalar kernels of their own: the scalar
// becomes a 0-d array of the array-scalar result dtype (elementwise.h: ScalarArray), which the array-array
// routine broadcasts and never differentiates.
#pragma once

#include "chainerx/core/array.h"
#include "chainerx/core/routines/elementwise.h"
#include "chainerx/core/routines/type_util.h"
#include "chainerx/core/scalar.h"

namespace chainerx {
namespace internal {

using BinaryRoutine = Array (*)(const Array&, const Array&);

// kFunc(x1, x2) with the scalar x2 as a 0-d array.
template <BinaryRoutine kFunc>
Array WithScalarSecond(const Array& x1, Scalar x2) {
    return kFunc(x1, ScalarArray(x2, ResultType(x1, x2), x1.device()));
}

// kFunc(x1, x2) with the scalar x1 as a 0-d array.
template <BinaryRoutine kFunc>
Array WithScalarFirst(Scalar x1, const Array& x2) {
    return kFunc(ScalarArray(x1, ResultType(x2, x1), x2.device()), x2);
}

}  // namespace internal
}  // namespace chainerx
