// Bindings of the creation routines.
#include "chainerx/core/routines/creation.h"

#include <pybind11/pybind11.h>

#include "chainerx/python/common.h"
#include "chainerx/python/init.h"

namespace chainerx {
namespace python {
namespace internal {

namespace py = pybind11;

// As in the original ChainerX, *_like functions create the result on `device`, which defaults to the default
// device (not to the device of `a`).
void InitCreation(py::module& m) {
    m.def("empty",
          [](py::handle shape, py::handle dtype, py::handle device) {
              return Empty(ToShape(shape), GetOptionalDtype(dtype).value_or(Dtype::kFloat32), GetDevice(device)).body();
          },
          py::arg("shape"), py::arg("dtype") = py::none(), py::arg("device") = py::none());
    m.def("zeros",
          [](py::handle shape, py::handle dtype, py::handle device) {
              return Zeros(ToShape(shape), GetOptionalDtype(dtype).value_or(Dtype::kFloat32), GetDevice(device)).body();
          },
          py::arg("shape"), py::arg("dtype") = py::none(), py::kw_only(), py::arg("device") = py::none());
    m.def("ones",
          [](py::handle shape, py::handle dtype, py::handle device) {
              return Ones(ToShape(shape), GetOptionalDtype(dtype).value_or(Dtype::kFloat32), GetDevice(device)).body();
          },
          py::arg("shape"), py::arg("dtype") = py::none(), py::arg("device") = py::none());
    m.def("full",
          [](py::handle shape, py::handle fill_value, py::handle dtype, py::handle device) {
              Scalar value = ToScalar(fill_value);
              std::optional<Dtype> dt = GetOptionalDtype(dtype);
              return (dt.has_value() ? Full(ToShape(shape), value, *dt, GetDevice(device))
                                     : Full(ToShape(shape), value, GetDevice(device)))
                      .body();
          },
          py::arg("shape"), py::arg("fill_value"), py::arg("dtype") = py::none(), py::arg("device") = py::none());
    m.def("arange",
          [](py::handle start, py::handle stop, py::handle step, py::handle dtype, py::handle device) {
              // arange(stop) counts from 0; the default step is 1.
              Scalar first = stop.is_none() ? Scalar{0} : ToScalar(start);
              Scalar last = stop.is_none() ? ToScalar(start) : ToScalar(stop);
              Scalar increment = step.is_none() ? Scalar{1} : ToScalar(step);
              return Arange(first, last, increment, GetOptionalDtype(dtype), GetDevice(device)).body();
          },
          py::arg("start"), py::arg("stop") = py::none(), py::arg("step") = py::none(), py::arg("dtype") = py::none(),
          py::arg("device") = py::none());
    m.def("empty_like",
          [](py::handle a, py::handle device) { return EmptyLike(ToArray(a), GetDevice(device)).body(); },
          py::arg("a"), py::arg("device") = py::none());
    m.def("zeros_like",
          [](py::handle a, py::handle device) {
              Array x = ToArray(a);
              return Zeros(x.shape(), x.dtype(), GetDevice(device)).body();
          },
          py::arg("a"), py::arg("device") = py::none());
    m.def("ones_like",
          [](py::handle a, py::handle device) {
              Array x = ToArray(a);
              return Ones(x.shape(), x.dtype(), GetDevice(device)).body();
          },
          py::arg("a"), py::arg("device") = py::none());
    m.def("full_like",
          [](py::handle a, py::handle fill_value, py::handle device) {
              Array x = ToArray(a);
              return Full(x.shape(), ToScalar(fill_value), x.dtype(), GetDevice(device)).body();
          },
          py::arg("a"), py::arg("fill_value"), py::arg("device") = py::none());
    m.def("copy", [](py::handle a) { return Copy(ToArray(a)).body(); }, py::arg("a"));
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
