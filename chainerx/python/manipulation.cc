// Bindings of the manipulation routines.
#include "chainerx/core/routines/manipulation.h"

#include <pybind11/pybind11.h>

#include "chainerx/core/error.h"
#include "chainerx/python/common.h"
#include "chainerx/python/init.h"

namespace chainerx {
namespace python {
namespace internal {

namespace py = pybind11;

void InitManipulation(py::module& m) {
    m.def("reshape", [](py::handle a, py::args shape) {
        if (shape.empty()) {
            throw ChainerxError{"reshape: a new shape is required"};
        }
        return Reshape(ToArray(a), shape.size() == 1 ? ToShape(shape[0]) : ToShape(shape)).body();
    });
    m.def("transpose", [](py::handle a, py::handle axes) { return Transpose(ToArray(a), ToAxes(axes)).body(); }, py::arg("a"),
          py::arg("axes") = py::none());
    m.def("broadcast_to", [](py::handle array, py::handle shape) { return BroadcastTo(ToArray(array), ToShape(shape)).body(); },
          py::arg("array"), py::arg("shape"));
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
