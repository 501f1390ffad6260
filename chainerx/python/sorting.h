// ndarray methods of the sorting family (argmax, argmin), bound by InitArray.
#pragma once

#include "chainerx/python/array_operators.h"

namespace chainerx {
namespace python {
namespace internal {

// Adds ndarray.argmax(axis=None) and ndarray.argmin(axis=None).
void DefineSortingMethods(ArrayClass& c);

}  // namespace internal
}  // namespace python
}  // namespace chainerx
