// Test aids exposed to Python: chainerx._core._ArrayBodyLeakTracker and the submodule chainerx._testing
// (_fromnumpy, _DeviceBuffer), which chainerx.testing re-exports.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "chainerx/core/array_body_leak_detection.h"
#include "chainerx/core/error.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/python/array_interop.h"
#include "chainerx/python/common.h"
#include "chainerx/python/init.h"

namespace chainerx {
namespace python {
namespace internal {
namespace {

namespace py = pybind11;
using chainerx::internal::ArrayBodyLeakTracker;

// `with _ArrayBodyLeakTracker() as t: ...` then `t.get_alive_arrays()` lists the arrays created inside the
// block that are still alive (call gc.collect() first when Python cycles may hold them).
class PyArrayBodyLeakTracker {
public:
    void Enter() { tracker_ = std::make_unique<ArrayBodyLeakTracker>(); }
    void Exit() {
        for (const ArrayBodyPtr& body : tracker_->GetAliveBodies()) {
            candidates_.emplace_back(body);
        }
        tracker_.reset();
    }
    py::list GetAliveArrays() const {
        py::list alive;
        for (const auto& weak : candidates_) {
            if (ArrayBodyPtr body = weak.lock()) {
                alive.append(py::cast(body));
            }
        }
        return alive;
    }

private:
    std::unique_ptr<ArrayBodyLeakTracker> tracker_;
    std::vector<std::weak_ptr<chainerx::internal::ArrayBody>> candidates_;
};

// A copy of `np_array` on `device` with exactly its strides: the bytes between its lowest and highest element
// are copied, so padding between elements and negative strides survive (unlike chainerx.array, which lets
// NumPy choose the layout of a copy).
Array CopyKeepingStrides(const py::array& np_array, Device& device) {
    Dtype dtype = GetDtype(np_array.dtype());
    Shape shape{np_array.shape(), np_array.shape() + np_array.ndim()};
    Strides strides{np_array.strides(), np_array.strides() + np_array.ndim()};
    // [first, last): the byte range of the elements relative to the first element.
    int64_t first = 0;
    int64_t last = 0;
    if (shape.GetTotalSize() > 0) {
        last = GetItemSize(dtype);
        for (size_t i = 0; i < shape.size(); ++i) {
            (strides[i] < 0 ? first : last) += strides[i] * (shape[i] - 1);
        }
    }
    std::shared_ptr<void> data = device.Allocate(static_cast<size_t>(last - first));
    if (last > first) {
        const char* src = static_cast<const char*>(np_array.data()) + first;
        device.MemoryCopyFromHost(data.get(), src, static_cast<size_t>(last - first));
    }
    return FromData(shape, dtype, std::move(data), strides, -first, device);
}

py::array AsNumpyArray(py::handle object, const char* func) {
    if (!py::isinstance<py::array>(object)) {
        throw py::type_error{std::string{func} + ": expected a numpy.ndarray, got " + Py_TYPE(object.ptr())->tp_name};
    }
    return py::reinterpret_borrow<py::array>(object);
}

// _DeviceBuffer(data_list, shape, dtype, device=None): device memory holding the values, exposed through the
// buffer protocol (host-accessible devices only: elsewhere the pointer could not be read by the consumer).
class PyDeviceBuffer {
public:
    PyDeviceBuffer(py::handle data_list, py::handle shape_arg, py::handle dtype_arg, py::handle device_arg) {
        Shape shape = ToShape(shape_arg);
        Dtype dtype = GetDtype(dtype_arg);
        py::array values = py::module::import("numpy").attr("array")(data_list, GetNumpyDtype(dtype));
        if (values.size() != shape.GetTotalSize()) {
            throw DimensionError{"_DeviceBuffer: ", values.size(), " values do not fill shape ", shape};
        }
        values = values.attr("reshape")(ToTuple(shape));
        array_ = CopyKeepingStrides(values, GetDevice(device_arg));
    }

    py::buffer_info Buffer() const { return HostBufferInfo(*array_.body(), "_DeviceBuffer"); }

private:
    static py::tuple ToTuple(const Shape& shape) {
        py::tuple t{shape.size()};
        for (size_t i = 0; i < shape.size(); ++i) {
            t[i] = py::int_{shape[i]};
        }
        return t;
    }

    Array array_;
};

void InitTestingSubmodule(py::module testing) {
    testing.doc() = "C++ helpers of chainerx.testing.";
    testing.def(
            "_fromnumpy",
            [](py::handle array, bool keepstrides, py::handle device) {
                py::array np_array = AsNumpyArray(array, "_fromnumpy");
                if (keepstrides) {
                    return CopyKeepingStrides(np_array, GetDevice(device)).TakeBody();
                }
                // Not via NumPy's strides: those of a C-ordered NumPy copy are not C strides when it is empty.
                py::array contiguous = py::module::import("numpy").attr("ascontiguousarray")(np_array);
                Shape shape{np_array.shape(), np_array.shape() + np_array.ndim()};
                Device& dst = GetDevice(device);
                Array out = Empty(shape, GetDtype(np_array.dtype()), dst);
                dst.MemoryCopyFromHost(out.raw_data(), contiguous.data(), static_cast<size_t>(out.GetNBytes()));
                return out.body();
            },
            py::arg("array"),
            py::arg("keepstrides") = false,
            py::arg("device") = py::none());
    py::class_<PyDeviceBuffer>(testing, "_DeviceBuffer", py::buffer_protocol())
            .def(py::init<py::handle, py::handle, py::handle, py::handle>(),
                 py::arg("data_list"),
                 py::arg("shape"),
                 py::arg("dtype"),
                 py::arg("device") = py::none())
            .def_buffer(&PyDeviceBuffer::Buffer);
}

}  // namespace

void InitTesting(py::module& m) {
    // Named chainerx._testing: module.cc has set the extension's __name__ to "chainerx" at this point.
    InitTestingSubmodule(m.def_submodule("_testing"));
    py::class_<PyArrayBodyLeakTracker>(m, "_ArrayBodyLeakTracker")
            .def(py::init<>())
            .def("__enter__", [](PyArrayBodyLeakTracker& self) -> PyArrayBodyLeakTracker& {
                self.Enter();
                return self;
            }, py::return_value_policy::reference)
            .def("__exit__", [](PyArrayBodyLeakTracker& self, py::args) { self.Exit(); })
            .def("get_alive_arrays", &PyArrayBodyLeakTracker::GetAliveArrays);
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
