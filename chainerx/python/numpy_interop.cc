// Conversion between NumPy arrays (and Python sequences) and chainerx arrays: array, asarray, to_numpy, and
// _fromrawpointer, which views memory that another library (CuPy, for Chainer) allocated.
//
// On host-accessible devices data is shared without copying wherever the caller allows it: the chainerx array
// keeps the NumPy array alive and vice versa.
#include "chainerx/python/numpy_interop.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "chainerx/core/array.h"
#include "chainerx/core/backprop_mode.h"
#include "chainerx/core/context.h"
#include "chainerx/core/error.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/python/common.h"
#include "chainerx/python/init.h"

namespace chainerx {
namespace python {
namespace internal {
namespace {

namespace py = pybind11;

}  // namespace

Array FromNumpy(const py::array& np_array_arg, Device& device) {
    py::array np_array = np_array_arg;
    if (!np_array.dtype().attr("isnative").cast<bool>()) {
        // Non-native byte order (e.g. '>f4' on x86) is converted: viewed as is, every element would be garbage.
        np_array = np_array.attr("astype")(np_array.dtype().attr("newbyteorder")("="));
    }
    Dtype dtype = GetDtype(np_array.dtype());
    Shape shape{np_array.shape(), np_array.shape() + np_array.ndim()};
    Strides strides{np_array.strides(), np_array.strides() + np_array.ndim()};
    void* ptr = const_cast<void*>(np_array.data());  // NOLINT(cppcoreguidelines-pro-type-const-cast)
    if (device.IsHostAccessible()) {
        // Data starts at ptr; the offset is 0 relative to it even for negative strides.
        // The data handle shares ownership of the NumPy array (aliasing constructor).
        return FromData(shape, dtype, std::shared_ptr<void>{SharePyObject(np_array), ptr}, strides, 0, device);
    }
    // Note [NumPy layouts on other devices]
    // As on host-accessible devices (and as in the original ChainerX), the array keeps NumPy's strides, whatever their
    // order or sign: the memory from its first to its last element is copied as it is. Zero-size arrays copy nothing
    // and keep their strides too. The original copies that span whatever its size; here a view whose span is more
    // than twice its data (a[::3], a column of a wide matrix) is copied C-contiguous instead, so that a sparse view
    // does not carry its whole base to the device.
    int64_t low = 0;  // byte offsets of the lowest and highest elements from ptr
    int64_t high = 0;
    for (int8_t d = 0; d < shape.ndim(); ++d) {
        int64_t extent = (shape[d] - 1) * strides[d];
        (extent > 0 ? high : low) += extent;
    }
    const int64_t nbytes = shape.GetTotalSize() * GetItemSize(dtype);
    if (nbytes == 0) {
        return FromData(shape, dtype, device.Allocate(0), strides, 0, device);
    }
    const int64_t span = high - low + GetItemSize(dtype);
    if (span <= 2 * nbytes) {
        std::shared_ptr<void> data = device.Allocate(span);
        device.MemoryCopyFromHost(data.get(), static_cast<const char*>(ptr) + low, static_cast<size_t>(span));
        return FromData(shape, dtype, std::move(data), strides, -low, device);
    }
    py::array contiguous = py::module::import("numpy").attr("ascontiguousarray")(np_array);
    Array out = Empty(shape, dtype, device);
    device.MemoryCopyFromHost(out.raw_data(), contiguous.data(), static_cast<size_t>(out.GetNBytes()));
    return out;
}

namespace {

py::object ToNumpyDtypeOrNone(py::handle dtype) {
    return dtype.is_none() ? py::object{py::none()} : GetNumpyDtype(GetDtype(dtype));
}

Array ArrayFromObject(py::handle object, py::handle dtype, bool copy, py::handle device) {
    if (IsArray(object)) {
        Array a = ToArray(object);
        Device& dst = device.is_none() ? a.device() : GetDevice(device);
        Array out = a.ToDevice(dst);
        if (!dtype.is_none()) {
            out = out.AsType(GetDtype(dtype), false);
        }
        if (copy && out.body() == a.body()) {
            out = out.Copy();
        }
        return out;
    }
    py::module numpy = py::module::import("numpy");
    py::object np_dtype = ToNumpyDtypeOrNone(dtype);
    // numpy.array copies; numpy.asarray copies only when it has to (works with NumPy 1 and 2 alike).
    py::array np_array = copy ? numpy.attr("array")(object, np_dtype) : numpy.attr("asarray")(object, np_dtype);
    return FromNumpy(np_array, GetDevice(device));
}

// _fromrawpointer(ptr, shape, dtype, strides, device, offset, base): views the memory at the address `ptr` of
// `device` (the allocation's start; the first element is `offset` bytes further) without copying. The array
// holds a reference to `base`, the Python object owning the memory, so the memory lives as long as the array.
// Nothing can check that the address and range are valid: the caller vouches for them.
ArrayBodyPtr FromRawPointer(
        intptr_t ptr, py::handle shape, py::handle dtype, py::handle strides, py::handle device, int64_t offset,
        py::object base) {
    // NOLINTNEXTLINE(cppcoreguidelines-pro-type-reinterpret-cast,performance-no-int-to-ptr)
    void* address = reinterpret_cast<void*>(ptr);
    std::shared_ptr<py::object> owner = SharePyObject(std::move(base));
    Shape strides_as_shape = ToShape(strides);  // a sequence of ints, as shapes are (negative values allowed)
    return FromData(
            ToShape(shape),
            GetDtype(dtype),
            std::shared_ptr<void>{owner, address},
            Strides{strides_as_shape.begin(), strides_as_shape.end()},
            offset,
            GetDevice(device))
            .body();
}

}  // namespace

py::array ToNumpy(const Array& a, bool copy) {
    std::vector<py::ssize_t> shape{a.shape().begin(), a.shape().end()};
    std::vector<py::ssize_t> strides{a.strides().begin(), a.strides().end()};
    py::dtype np_dtype = GetNumpyDtype(a.dtype());
    if (a.device().IsHostAccessible()) {
        // The capsule keeps the chainerx body (and so its data) alive as the NumPy array's base.
        auto* keep = new ArrayBodyPtr{a.body()};
        py::capsule base{keep, [](void* p) { delete static_cast<ArrayBodyPtr*>(p); }};
        py::array view{np_dtype, shape, strides, a.raw_data(), base};
        return copy ? py::array{view.attr("copy")()} : view;
    }
    if (!copy) {
        throw ChainerxError{"to_numpy: an array on ", a.device().name(), " cannot be viewed without copying"};
    }
    Array contiguous = a.IsContiguous() ? a : a.AsGradStopped(CopyKind::kCopy);
    py::array out{np_dtype, shape};
    void* host = out.mutable_data();
    {
        py::gil_scoped_release no_gil;  // Note [Waiting for a device without the GIL] in array.cc
        a.device().MemoryCopyToHost(host, contiguous.raw_data(), static_cast<size_t>(a.GetNBytes()));
    }
    return out;
}

void InitNumpyInterop(py::module& m) {
    m.def("array",
          [](py::handle object, py::handle dtype, bool copy, py::handle device) {
              return ArrayFromObject(object, dtype, copy, device).TakeBody();
          },
          py::arg("object"), py::arg("dtype") = py::none(), py::arg("copy") = true, py::arg("device") = py::none());
    m.def("asarray",
          [](py::handle object, py::handle dtype, py::handle device) {
              return ArrayFromObject(object, dtype, false, device).TakeBody();
          },
          py::arg("object"), py::arg("dtype") = py::none(), py::arg("device") = py::none());
    m.def("_fromrawpointer",
          &FromRawPointer,
          py::arg("ptr"),
          py::arg("shape"),
          py::arg("dtype"),
          py::arg("strides"),
          py::arg("device"),
          py::arg("offset"),
          py::arg("base"));
    m.def("to_numpy", [](py::handle array, bool copy) { return ToNumpy(ToArray(array), copy); }, py::arg("array"),
          py::arg("copy") = true);
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
