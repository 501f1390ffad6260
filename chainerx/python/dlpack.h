// DLPack exchange between chainerx arrays and other array libraries (see dlpack_abi.h for the ABI):
// ndarray.__dlpack__ / __dlpack_device__ export an array without copying (dlpack_export.cc), and
// chainerx.from_dlpack imports any object with __dlpack__, or a capsule, without copying (dlpack.cc).
//
//     t = torch.from_dlpack(a)          # shares a's memory; a's data lives as long as t
//     b = chainerx.from_dlpack(np_arr)  # shares np_arr's memory and keeps it alive
#pragma once

#include <optional>

#include <pybind11/pybind11.h>

#include "chainerx/core/device.h"
#include "chainerx/core/dtype.h"
#include "chainerx/python/array_operators.h"
#include "chainerx/python/dlpack_abi.h"

namespace chainerx {
namespace python {
namespace internal {

// The `copy` argument of the array API's conversions: None (copy only if needed), True (always) or False (never).
inline std::optional<bool> ToCopyMode(pybind11::handle copy) {
    return copy.is_none() ? std::nullopt : std::optional<bool>{copy.cast<bool>()};
}

// Adds __dlpack__ and __dlpack_device__ to ndarray (called from DefineInteropMethods).
void DefineDlpackMethods(ArrayClass& c);

// The DLPack device of a chainerx device: every native device is (kDLCPU, 0), cuda:N is (kDLCUDA, N).
// BufferError (pybind11::buffer_error) for devices of other backends, which DLPack cannot describe.
dlpack::DLDevice ToDlDevice(const Device& device);

// The DLPack type of a chainerx dtype (bool is kDLBool of 8 bits, float16 kDLFloat of 16 bits).
dlpack::DLDataType ToDlDataType(Dtype dtype);

// The chainerx dtype of a DLPack type; DtypeError for types chainerx has no dtype for (complex, bfloat16,
// uint16, vector lanes, ...).
Dtype FromDlDataType(const dlpack::DLDataType& dl_dtype);

}  // namespace internal
}  // namespace python
}  // namespace chainerx
