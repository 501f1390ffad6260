// ndarray protocols for interoperating with other array libraries (NumPy's __array__, the buffer protocol,
// DLPack, matmul and iteration dunders), bound by InitArray.
#pragma once

#include "chainerx/python/array_operators.h"

namespace chainerx {
namespace python {
namespace internal {

// Adds the interop dunders and methods to ndarray.
void DefineInteropMethods(ArrayClass& c);

}  // namespace internal
}  // namespace python
}  // namespace chainerx
