#include "chainerx/python/common.h"

#include <string>

#include "chainerx/core/context.h"
#include "chainerx/core/error.h"

namespace chainerx {
namespace python {
namespace internal {
Dtype GetDtype(py::handle handle) {
    if (py::isinstance<py::str>(handle)) {
        return chainerx::GetDtype(handle.cast<std::string>());
    }
    PyObject* ptr = handle.ptr();
    if (ptr == reinterpret_cast<PyObject*>(&PyBool_Type)) {
        return Dtype::kBool;
    }
    if (ptr == reinterpret_cast<PyObject*>(&PyLong_Type)) {
        return Dtype::kInt64;
    }
    if (ptr == reinterpret_cast<PyObject*>(&PyFloat_Type)) {
        return Dtype::kFloat64;
    }
    // NumPy's dtype objects of the native byte order and its scalar types (numpy.float32) are singletons:
    // comparing identities first skips `numpy.dtype(x).name`, which costs microseconds (on every NumPy ->
    // chainerx conversion of the chainer fallback, and on every `astype(numpy.int32)`).
    for (Dtype dtype : kAllDtypes) {
        if (ptr == GetNumpyDtype(dtype).ptr() || ptr == GetNumpyScalarType(dtype).ptr()) {
            return dtype;
        }
    }
    py::object numpy_dtype;
    try {
        numpy_dtype = py::module::import("numpy").attr("dtype")(handle);
    } catch (const py::error_already_set&) {
        throw py::type_error{"dtype must be a dtype, a dtype name or a scalar type, not " +
                             TypeName(handle)};
    }
    std::string name = py::str(numpy_dtype.attr("name"));
    for (Dtype dtype : kAllDtypes) {
        if (name == GetDtypeName(dtype)) {
            return dtype;
        }
    }
    throw DtypeError{"unsupported dtype: ", name};
}

std::optional<Dtype> GetOptionalDtype(py::handle handle) {
    if (handle.is_none()) {
        return std::nullopt;
    }
    return GetDtype(handle);
}

py::object GetNumpyScalarType(Dtype dtype) {
    // Leaked on purpose, as GetNumpyDtype's cache below.
    static auto* cache = new py::object[kNumDtypes + 1];
    py::object& entry = cache[static_cast<int>(dtype)];
    if (!entry) {
        entry = GetNumpyDtype(dtype).attr("type");
    }
    return entry;
}

py::object GetNumpyDtype(Dtype dtype) {
    // Leaked on purpose: the objects must outlive every array, and destruction order at exit is unspecified.
    static auto* cache = new py::object[kNumDtypes + 1];
    py::object& entry = cache[static_cast<int>(dtype)];
    if (!entry) {
        entry = py::module::import("numpy").attr("dtype")(GetDtypeName(dtype));
    }
    return entry;
}

Device& GetDevice(py::handle handle) {
    if (handle.is_none()) {
        return GetDefaultDevice();
    }
    if (py::isinstance<Device>(handle)) {
        return handle.cast<Device&>();
    }
    if (py::isinstance<py::str>(handle)) {
        return GetDefaultContext().GetDevice(handle.cast<std::string>());
    }
    throw py::type_error{"device must be None, a chainerx.Device or a device name, not " +
                         TypeName(handle)};
}

bool IsScalar(py::handle handle) {
    PyObject* ptr = handle.ptr();
    if (PyBool_Check(ptr) || PyLong_Check(ptr) || PyFloat_Check(ptr)) {
        return true;
    }
    static py::object* numpy_generic = new py::object{py::module::import("numpy").attr("generic")};
    return py::isinstance(handle, *numpy_generic) && !py::hasattr(handle, "__len__");
}

Scalar ToScalar(py::handle handle) {
    PyObject* ptr = handle.ptr();
    if (PyBool_Check(ptr)) {
        return Scalar{ptr == Py_True};
    }
    if (PyLong_Check(ptr)) {
        return Scalar{ToInt64(handle, "a Python integer scalar")};  // OverflowError beyond int64
    }
    if (PyFloat_Check(ptr)) {
        return Scalar{PyFloat_AS_DOUBLE(ptr)};
    }
    if (IsScalar(handle)) {
        // NumPy scalars act like the Python scalar of their kind (their width is ignored).
        return ToScalar(handle.attr("tolist")());
    }
    throw py::type_error{"expected a scalar, got " + TypeName(handle)};
}

py::object ScalarToPython(Scalar scalar) {
    switch (scalar.kind()) {
        case DtypeKind::kBool:
            return py::bool_{scalar.As<bool>()};
        case DtypeKind::kFloat:
            return py::float_{scalar.As<double>()};
        default:
            return py::int_{scalar.As<int64_t>()};
    }
}

std::optional<BackpropId> ToBackpropId(py::handle handle) {
    if (handle.is_none()) {
        return std::nullopt;
    }
    return ToBackpropIdNotNone(handle);
}

BackpropId ToBackpropIdNotNone(py::handle handle) {
    if (!py::isinstance<BackpropId>(handle)) {
        throw py::type_error{"expected a chainerx.BackpropId, not " + TypeName(handle)};
    }
    return handle.cast<BackpropId>();
}

Context& ToContext(py::handle handle) {
    if (handle.is_none()) {
        return GetDefaultContext();
    }
    if (!py::isinstance<Context>(handle)) {
        throw py::type_error{"context must be None or a chainerx.Context, not " + TypeName(handle)};
    }
    return handle.cast<Context&>();
}

std::shared_ptr<py::object> SharePyObject(py::object object) {
    return std::shared_ptr<py::object>{new py::object{std::move(object)}, [](py::object* p) {
                                           if (Py_IsInitialized() == 0) {
                                               return;  // the interpreter is gone; nothing left to release
                                           }
                                           py::gil_scoped_acquire gil;
                                           delete p;
                                       }};
}

Array ToArray(py::handle handle) {
    if (const ArrayBodyPtr* body = FindArrayBody(handle)) {
        return Array{*body};
    }
    throw py::type_error{"expected a chainerx.ndarray, got " + TypeName(handle)};
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
