// Binding helpers of the manipulation family shared with other binding files, and its ndarray methods.
#pragma once

#include <cstdint>
#include <vector>

#include <pybind11/pybind11.h>

#include "chainerx/core/array.h"
#include "chainerx/python/array_operators.h"

namespace chainerx {
namespace python {
namespace internal {

// A sequence of chainerx arrays (list, tuple, ...). TypeError for anything else or for non-array items.
std::vector<Array> ToArrayList(pybind11::handle handle);

// A sequence of integers (Python ints or objects with __index__). TypeError for other items.
std::vector<int64_t> ToIntList(pybind11::handle handle);

// The ndarray methods ravel, flatten, squeeze, swapaxes and repeat (called from InitArray).
void DefineManipulationMethods(ArrayClass& c);

}  // namespace internal
}  // namespace python
}  // namespace chainerx
