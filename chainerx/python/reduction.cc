// Bindings of the reduction routines.
#include "chainerx/core/routines/reduction.h"

#include <pybind11/pybind11.h>

#include "chainerx/python/common.h"
#include "chainerx/python/init.h"

namespace chainerx {
namespace python {
namespace internal {

namespace py = pybind11;

void InitReduction(py::module& m) {
    m.def("sum", [](py::handle a, py::handle axis, bool keepdims) { return Sum(ToArray(a), ToAxes(axis), keepdims).body(); },
          py::arg("a"), py::arg("axis") = py::none(), py::arg("keepdims") = false);
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
