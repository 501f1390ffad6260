// Bindings of the pooling routines. ksize, stride and pad accept an int (the same for every spatial axis) or a
// sequence with one value per spatial axis; stride None means ksize.
#include "chainerx/core/routines/pooling.h"

#include <cstdint>
#include <optional>
#include <string>

#include <pybind11/pybind11.h>

#include "chainerx/python/common.h"
#include "chainerx/python/fast_method.h"
#include "chainerx/python/init.h"
#include "chainerx/python/routine_binding.h"

namespace chainerx {
namespace python {
namespace internal {
namespace {

namespace py = pybind11;

AveragePoolPadMode ToPadMode(const std::string& pad_mode) {
    if (pad_mode == "zero") {
        return AveragePoolPadMode::kZero;
    }
    if (pad_mode == "ignore") {
        return AveragePoolPadMode::kIgnore;
    }
    throw py::value_error{"pad_mode must be 'zero' or 'ignore', got '" + pad_mode + "'"};
}

ArrayBodyPtr CallMaxPool(py::handle x, py::handle ksize, py::handle stride, py::handle pad, bool cover_all) {
    Array xa = ToArray(x);
    Dims k = ToSpatialDims(ksize, "ksize", xa.ndim());
    Dims s = stride.is_none() ? k : ToSpatialDims(stride, "stride", xa.ndim());
    return MaxPool(xa, k, s, ToSpatialDims(pad, "pad", xa.ndim()), cover_all).TakeBody();
}

std::optional<py::object> FastMaxPool(const FastArgs& args) {
    static PyObject* const kZero = PyIntConstant(0);
    auto a = PositionalArgs<5, 3>(args, {Py_None, kZero, Py_False});
    std::optional<bool> cover_all = a ? ExactBool((*a)[4]) : std::nullopt;
    if (!cover_all) {
        return std::nullopt;
    }
    return ResultToPython(CallMaxPool((*a)[0], (*a)[1], (*a)[2], (*a)[3], *cover_all));
}

ArrayBodyPtr CallAveragePool(
        py::handle x, py::handle ksize, py::handle stride, py::handle pad, const std::string& pad_mode) {
    Array xa = ToArray(x);
    Dims k = ToSpatialDims(ksize, "ksize", xa.ndim());
    Dims s = stride.is_none() ? k : ToSpatialDims(stride, "stride", xa.ndim());
    AveragePoolPadMode mode = ToPadMode(pad_mode);
    return AveragePool(xa, k, s, ToSpatialDims(pad, "pad", xa.ndim()), mode).TakeBody();
}

std::optional<py::object> FastAveragePool(const FastArgs& args) {
    static PyObject* const kZero = PyIntConstant(0);
    static PyObject* const kIgnore = PyStrConstant("ignore");
    auto a = PositionalArgs<5, 3>(args, {Py_None, kZero, kIgnore});
    if (!a || !PyUnicode_CheckExact((*a)[4].ptr())) {
        return std::nullopt;
    }
    const char* pad_mode = PyUnicode_AsUTF8((*a)[4].ptr());
    if (pad_mode == nullptr) {
        throw py::error_already_set{};
    }
    return ResultToPython(CallAveragePool((*a)[0], (*a)[1], (*a)[2], (*a)[3], pad_mode));
}

}  // namespace

void InitPooling(py::module& m) {
    m.def("max_pool",
          &CallMaxPool,
          py::arg("x"),
          py::arg("ksize"),
          py::arg("stride") = py::none(),
          py::arg("pad") = 0,
          py::arg("cover_all") = false);
    DefineFastFunction<&FastMaxPool>(m, "max_pool");
    m.def("average_pool",
          &CallAveragePool,
          py::arg("x"),
          py::arg("ksize"),
          py::arg("stride") = py::none(),
          py::arg("pad") = 0,
          py::arg("pad_mode") = "ignore");
    DefineFastFunction<&FastAveragePool>(m, "average_pool");
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
