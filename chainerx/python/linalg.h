// Binding helpers of the linalg family used by other binding files.
#pragma once

#include "chainerx/python/array_operators.h"

namespace chainerx {
namespace python {
namespace internal {

// The ndarray method dot (called from InitArray).
void DefineLinalgMethods(ArrayClass& c);

}  // namespace internal
}  // namespace python
}  // namespace chainerx
