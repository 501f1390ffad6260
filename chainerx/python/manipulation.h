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

// The ndarray methods ravel, flatten, squeeze, swapaxes and repeat (called from InitArray).
void DefineManipulationMethods(ArrayClass& c);

}  // namespace internal
}  // namespace python
}  // namespace chainerx
