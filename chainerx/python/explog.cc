// Bindings of the exponential/logarithm routines.
#include "chainerx/core/routines/explog.h"

#include <pybind11/pybind11.h>

#include "chainerx/python/common.h"
#include "chainerx/python/init.h"
#include "chainerx/python/routine_binding.h"

namespace chainerx {
namespace python {
namespace internal {

void InitExplog(pybind11::module& m) {
    DefineUnary<Exp>(m, "exp");
    DefineUnary<Expm1>(m, "expm1");
    DefineUnary<Exp2>(m, "exp2");
    DefineUnary<Log>(m, "log");
    DefineUnary<Log10>(m, "log10");
    DefineUnary<Log2>(m, "log2");
    DefineUnary<Log1p>(m, "log1p");
    DefineUnary<Erf>(m, "erf");
    m.def("logsumexp",
          [](pybind11::handle x, pybind11::handle axis, bool keepdims) {
              return LogSumExp(ToArray(x), ToAxes(axis), keepdims).TakeBody();
          },
          pybind11::arg("x"),
          pybind11::arg("axis") = pybind11::none(),
          pybind11::arg("keepdims") = false);
    m.def("log_softmax",
          [](pybind11::handle x, pybind11::handle axis) { return LogSoftmax(ToArray(x), ToAxes(axis)).TakeBody(); },
          pybind11::arg("x"),
          pybind11::arg("axis") = pybind11::none());
    m.def("softmax",
          [](pybind11::handle x, pybind11::handle axis) { return Softmax(ToArray(x), ToAxes(axis)).TakeBody(); },
          pybind11::arg("x"),
          pybind11::arg("axis") = pybind11::none());
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
