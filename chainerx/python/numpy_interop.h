// Conversions between chainerx arrays and NumPy arrays, shared by the binding files.
#pragma once

#include <pybind11/numpy.h>

#include "chainerx/core/array.h"
#include "chainerx/core/device.h"

namespace chainerx {
namespace python {
namespace internal {

// Wraps a NumPy array as a chainerx array on `device`: zero-copy (keeping the NumPy array alive) on
// host-accessible devices, a contiguous copy elsewhere. DtypeError for dtypes chainerx does not support.
Array FromNumpy(const pybind11::array& np_array, Device& device);

// The array as a NumPy array with the same shape, strides (when viewed) and dtype. With copy=false the NumPy
// array shares memory and keeps the chainerx data alive; ChainerxError if the device is not host-accessible.
pybind11::array ToNumpy(const Array& a, bool copy);

}  // namespace internal
}  // namespace python
}  // namespace chainerx
