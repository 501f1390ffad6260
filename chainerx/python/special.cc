// Bindings of the special functions (routines/special.h) as private functions of chainerx._core: not in the
// original's API, they are what chainer.functions' erfc, ndtr, lgamma, polygamma, zeta, ... run on chainerx arrays.
#include "chainerx/core/routines/special.h"

#include <pybind11/pybind11.h>

#include "chainerx/python/common.h"
#include "chainerx/python/init.h"
#include "chainerx/python/routine_binding.h"

namespace chainerx {
namespace python {
namespace internal {

void InitSpecial(pybind11::module& m) {
    DefineUnary<Erfc>(m, "_erfc");
    DefineUnary<Erfcx>(m, "_erfcx");
    DefineUnary<Erfinv>(m, "_erfinv");
    DefineUnary<Erfcinv>(m, "_erfcinv");
    DefineUnary<Ndtr>(m, "_ndtr");
    DefineUnary<Ndtri>(m, "_ndtri");
    DefineUnary<LogNdtr>(m, "_log_ndtr");
    DefineUnary<Lgamma>(m, "_lgamma");
    DefineUnary<Digamma>(m, "_digamma");
    m.def("_polygamma",
          [](pybind11::handle n, pybind11::handle x) { return Polygamma(ToArray(n), ToArray(x)).TakeBody(); },
          pybind11::arg("n"),
          pybind11::arg("x"));
    m.def("_zeta",
          [](pybind11::handle x, pybind11::handle q) { return Zeta(ToArray(x), ToArray(q)).TakeBody(); },
          pybind11::arg("x"),
          pybind11::arg("q"));
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
