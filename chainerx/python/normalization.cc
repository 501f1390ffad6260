// Bindings of the normalization routines.
#include "chainerx/core/routines/normalization.h"

#include <pybind11/pybind11.h>

#include "chainerx/python/common.h"
#include "chainerx/python/init.h"

namespace chainerx {
namespace python {
namespace internal {

namespace py = pybind11;

void InitNormalization(py::module& m) {
    m.def("batch_norm",
          [](py::handle x,
             py::handle gamma,
             py::handle beta,
             py::handle running_mean,
             py::handle running_var,
             double eps,
             double decay,
             py::handle axis) {
              return BatchNorm(ToArray(x),
                               ToArray(gamma),
                               ToArray(beta),
                               ToArray(running_mean),
                               ToArray(running_var),
                               eps,
                               decay,
                               ToAxes(axis))
                      .body();
          },
          py::arg("x"),
          py::arg("gamma"),
          py::arg("beta"),
          py::arg("running_mean"),
          py::arg("running_var"),
          py::arg("eps") = 2e-5,
          py::arg("decay") = 0.9,
          py::arg("axis") = py::none());
    m.def("fixed_batch_norm",
          [](py::handle x, py::handle gamma, py::handle beta, py::handle mean, py::handle var, double eps,
             py::handle axis) {
              return FixedBatchNorm(
                             ToArray(x), ToArray(gamma), ToArray(beta), ToArray(mean), ToArray(var), eps, ToAxes(axis))
                      .body();
          },
          py::arg("x"),
          py::arg("gamma"),
          py::arg("beta"),
          py::arg("mean"),
          py::arg("var"),
          py::arg("eps") = 2e-5,
          py::arg("axis") = py::none());
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
