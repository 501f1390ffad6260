// Bindings of the connection routines: linear, conv and conv_transpose.
#include "chainerx/core/routines/connection.h"

#include <cstdint>
#include <optional>

#include <pybind11/pybind11.h>

#include "chainerx/python/common.h"
#include "chainerx/python/fast_method.h"
#include "chainerx/python/init.h"
#include "chainerx/python/manipulation.h"
#include "chainerx/python/routine_binding.h"

namespace chainerx {
namespace python {
namespace internal {
namespace {

namespace py = pybind11;

std::optional<Array> ToOptionalArray(py::handle handle) {
    return handle.is_none() ? std::nullopt : std::optional<Array>{ToArray(handle)};
}

ArrayBodyPtr CallLinear(py::handle x, py::handle w, py::handle b, py::handle n_batch_axes) {
    Array xa = ToArray(x);
    return Linear(xa, ToArray(w), ToOptionalArray(b), ToInt64(n_batch_axes, "n_batch_axes")).TakeBody();
}

std::optional<py::object> FastLinear(const FastArgs& args) {
    static PyObject* const kOne = PyIntConstant(1);
    return CallWithPositionalHandles<&CallLinear, 4, 2>(args, {Py_None, kOne});
}

ArrayBodyPtr CallConv(
        py::handle x,
        py::handle w,
        py::handle b,
        py::handle stride,
        py::handle pad,
        bool cover_all,
        py::handle groups) {
    Array xa = ToArray(x);
    Array wa = ToArray(w);
    std::optional<Array> ba = ToOptionalArray(b);
    Dims s = ToSpatialDims(stride, "stride", xa.ndim());
    Dims p = ToSpatialDims(pad, "pad", xa.ndim());
    int64_t g = ToInt64(groups, "groups");
    return CallReleasingGil(IsLargeOperand(xa), [&] { return Conv(xa, wa, ba, s, p, cover_all, g); }).TakeBody();
}

std::optional<py::object> FastConv(const FastArgs& args) {
    static PyObject* const kOne = PyIntConstant(1);
    static PyObject* const kZero = PyIntConstant(0);
    auto a = PositionalArgs<7, 5>(args, {Py_None, kOne, kZero, Py_False, kOne});
    std::optional<bool> cover_all = a ? ExactBool((*a)[5]) : std::nullopt;
    if (!cover_all) {
        return std::nullopt;
    }
    return ResultToPython(CallConv((*a)[0], (*a)[1], (*a)[2], (*a)[3], (*a)[4], *cover_all, (*a)[6]));
}

}  // namespace

void InitConnection(py::module& m) {
    m.def("linear", &CallLinear, py::arg("x"), py::arg("w"), py::arg("b") = py::none(), py::arg("n_batch_axes") = 1);
    DefineFastFunction<&FastLinear>(m, "linear");
    m.def("conv", &CallConv, py::arg("x"), py::arg("w"), py::arg("b") = py::none(), py::arg("stride") = 1,
          py::arg("pad") = 0, py::arg("cover_all") = false, py::arg("groups") = 1);
    DefineFastFunction<&FastConv>(m, "conv");
    m.def("conv_transpose",
          [](py::handle x, py::handle w, py::handle b, py::handle stride, py::handle pad, py::handle outsize,
             py::handle groups) {
              Array xa = ToArray(x);
              Array wa = ToArray(w);
              std::optional<Array> ba = ToOptionalArray(b);
              Dims s = ToSpatialDims(stride, "stride", xa.ndim());
              Dims p = ToSpatialDims(pad, "pad", xa.ndim());
              std::optional<Dims> o;
              if (!outsize.is_none()) {
                  o = ToSpatialDims(outsize, "outsize", xa.ndim());
              }
              int64_t g = ToInt64(groups, "groups");
              return CallReleasingGil(IsLargeOperand(xa), [&] {
                         return ConvTranspose(xa, wa, ba, s, p, o, g);
                     }).TakeBody();
          },
          py::arg("x"), py::arg("w"), py::arg("b") = py::none(), py::arg("stride") = 1, py::arg("pad") = 0,
          py::arg("outsize") = py::none(), py::arg("groups") = 1);
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
