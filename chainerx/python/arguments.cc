#include "chainerx/python/arguments.h"

#include <string>

#include <pybind11/numpy.h>

#include "chainerx/core/error.h"
#include "chainerx/python/common.h"

namespace chainerx {
namespace python {
namespace internal {
namespace {

namespace py = pybind11;

// Note [Integer arguments]
// The original bound int parameters with pybind11's casters, which take anything with __index__; NumPy arrays
// have __index__ too, which raises for ndim ≥ 1, and calling it unchecked crashed several of our routines
// (repeat's axis, concatenate's axis). So an array is looked at before __index__ is called: a 0-d NumPy array
// of an integer dtype is an integer, a 1-d one a sequence of integers, anything else of its kind a TypeError.
// bool and float are rejected although Python lets them act as integers, as NumPy does for shapes and axes.

bool IsNumpyIntegerKind(const py::array& array) {
    char kind = array.dtype().kind();
    return kind == 'i' || kind == 'u';
}

[[noreturn]] void ThrowNotInteger(py::handle handle, const char* name) {
    throw py::type_error{std::string{name} + " must be an integer, not " + TypeName(handle)};
}

}  // namespace

std::string TypeName(py::handle handle) { return Py_TYPE(handle.ptr())->tp_name; }

bool IsInteger(py::handle handle) {
    PyObject* ptr = handle.ptr();
    if (PyLong_Check(ptr)) {
        return !PyBool_Check(ptr);
    }
    if (PyFloat_Check(ptr) || IsArray(handle)) {
        return false;
    }
    if (py::isinstance<py::array>(handle)) {
        auto array = py::reinterpret_borrow<py::array>(handle);
        return array.ndim() == 0 && IsNumpyIntegerKind(array);
    }
    if (PyIndex_Check(ptr) == 0) {
        return false;
    }
    // NumPy's bool scalar may have __index__ (deprecated); it is no integer here, like Python's bool.
    static py::object* numpy_bool = new py::object{py::module::import("numpy").attr("bool_")};
    return !py::isinstance(handle, *numpy_bool);
}

int64_t ToInt64(py::handle handle, const char* name) {
    if (!IsInteger(handle)) {
        ThrowNotInteger(handle, name);
    }
    auto index = py::reinterpret_steal<py::object>(PyNumber_Index(handle.ptr()));
    if (!index) {
        PyErr_Clear();
        ThrowNotInteger(handle, name);
    }
    int overflow = 0;
    long long value = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);  // NOLINT(google-runtime-int)
    if (overflow != 0) {
        std::string message = std::string{name} + " is out of the int64 range: " + std::string{py::str(index)};
        PyErr_SetString(PyExc_OverflowError, message.c_str());
        throw py::error_already_set{};
    }
    return static_cast<int64_t>(value);
}

bool IsIntegerSequence(py::handle handle) {
    PyObject* ptr = handle.ptr();
    if (PyUnicode_Check(ptr) || PyBytes_Check(ptr) || IsArray(handle) || IsInteger(handle)) {
        return false;
    }
    if (py::isinstance<py::array>(handle)) {
        return py::reinterpret_borrow<py::array>(handle).ndim() >= 1;
    }
    return PySequence_Check(ptr) != 0;
}

std::vector<int64_t> ToInt64List(py::handle handle, const char* name) {
    if (!IsIntegerSequence(handle)) {
        throw py::type_error{std::string{name} + " must be a sequence of integers, not " + TypeName(handle)};
    }
    std::vector<int64_t> values;
    if (py::isinstance<py::array>(handle)) {
        auto array = py::reinterpret_borrow<py::array>(handle);
        if (array.ndim() != 1 || (array.size() > 0 && !IsNumpyIntegerKind(array))) {
            throw py::type_error{std::string{name} + " must be a 1-d array of integers, not a " +
                                 std::to_string(array.ndim()) + "-d array of " + std::string{py::str(array.dtype())}};
        }
        py::object items = array.attr("tolist")();  // Python ints
        for (py::handle item : items) {
            values.push_back(ToInt64(item, name));
        }
        return values;
    }
    for (py::handle item : handle) {
        values.push_back(ToInt64(item, name));
    }
    return values;
}

std::vector<int64_t> ToInt64OrList(py::handle handle, const char* name) {
    if (IsInteger(handle)) {
        return {ToInt64(handle, name)};
    }
    if (IsIntegerSequence(handle)) {
        return ToInt64List(handle, name);
    }
    throw py::type_error{std::string{name} + " must be an integer or a sequence of integers, not " +
                         TypeName(handle)};
}

StackVector<int64_t, kMaxNdim> ToSpatialDims(py::handle handle, const char* name, int8_t ndim) {
    if (IsInteger(handle)) {
        int64_t value = ToInt64(handle, name);
        StackVector<int64_t, kMaxNdim> dims;
        for (int8_t i = 2; i < ndim; ++i) {
            dims.push_back(value);
        }
        return dims;
    }
    std::vector<int64_t> values = ToInt64List(handle, name);
    return StackVector<int64_t, kMaxNdim>{values.begin(), values.end()};
}

int8_t ToAxis(py::handle handle, const char* name) {
    int64_t axis = ToInt64(handle, name);
    if (axis < -128 || axis > 127) {
        throw DimensionError{name, " ", axis, " is out of range"};
    }
    return static_cast<int8_t>(axis);
}

std::optional<int8_t> ToOptionalAxis(py::handle handle, const char* name) {
    if (handle.is_none()) {
        return std::nullopt;
    }
    return ToAxis(handle, name);
}

Axes ToAxesNotNone(py::handle handle, const char* name) {
    Axes axes;
    if (IsInteger(handle)) {
        axes.push_back(ToAxis(handle, name));
        return axes;
    }
    if (!IsIntegerSequence(handle)) {
        throw py::type_error{std::string{name} + " must be an integer or a sequence of integers, not " +
                             TypeName(handle)};
    }
    for (int64_t axis : ToInt64List(handle, name)) {
        if (axis < -128 || axis > 127) {
            throw DimensionError{name, " ", axis, " is out of range"};
        }
        axes.push_back(static_cast<int8_t>(axis));
    }
    return axes;
}

OptionalAxes ToAxes(py::handle handle, const char* name) {
    if (handle.is_none()) {
        return std::nullopt;
    }
    return ToAxesNotNone(handle, name);
}

Shape ToShape(py::handle handle) {
    std::vector<int64_t> dims = ToInt64OrList(handle, "shape");
    if (dims.size() > static_cast<size_t>(kMaxNdim)) {
        throw DimensionError{"shape: at most ", int{kMaxNdim}, " dimensions are supported, got ", dims.size()};
    }
    return Shape{dims.begin(), dims.end()};
}

std::vector<Array> ToArrayList(py::handle handle, const char* name) {
    PyObject* ptr = handle.ptr();
    if (PyUnicode_Check(ptr) || PyBytes_Check(ptr) || IsArray(handle) || PySequence_Check(ptr) == 0) {
        throw py::type_error{std::string{name} + " must be a sequence of chainerx.ndarray, not " + TypeName(handle)};
    }
    std::vector<Array> arrays;
    for (py::handle item : handle) {
        if (!IsArray(item)) {
            throw py::type_error{std::string{name} + " must be a sequence of chainerx.ndarray, but an item is a " +
                                 TypeName(item)};
        }
        arrays.push_back(ToArray(item));
    }
    return arrays;
}

std::vector<std::vector<Array>> ToArrayLists(py::handle handle, const char* name) {
    PyObject* ptr = handle.ptr();
    if (PyUnicode_Check(ptr) || IsArray(handle) || PySequence_Check(ptr) == 0) {
        throw py::type_error{std::string{name} + " must be a sequence of sequences of chainerx.ndarray, not " +
                             TypeName(handle)};
    }
    std::vector<std::vector<Array>> lists;
    for (py::handle item : handle) {
        lists.push_back(ToArrayList(item, name));
    }
    return lists;
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
