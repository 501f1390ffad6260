// ndarray protocols for interoperating with other array libraries (NumPy's __array__, the buffer protocol,
// DLPack, matmul and iteration dunders), bound by InitArray.
#pragma once

#include <pybind11/pybind11.h>

#include "chainerx/core/array_body.h"
#include "chainerx/python/array_operators.h"

namespace chainerx {
namespace python {
namespace internal {

// Adds the interop dunders and methods to ndarray.
void DefineInteropMethods(ArrayClass& c);

// The buffer-protocol view of an array body's elements (struct format of the dtype, strides kept, writable), shared
// by ndarray and chainerx._testing._DeviceBuffer. Throws py::buffer_error (Python's BufferError) naming `owner`
// when the host cannot read the array's memory.
pybind11::buffer_info HostBufferInfo(const chainerx::internal::ArrayBody& body, const char* owner);

}  // namespace internal
}  // namespace python
}  // namespace chainerx
