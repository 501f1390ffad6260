// Bindings of the exponential/logarithm routines.
#include "chainerx/core/routines/explog.h"

#include <optional>

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

ArrayBodyPtr CallLogSoftmax(py::handle x, py::handle axis) { return LogSoftmax(ToArray(x), ToAxes(axis)).TakeBody(); }

ArrayBodyPtr CallSoftmax(py::handle x, py::handle axis) { return Softmax(ToArray(x), ToAxes(axis)).TakeBody(); }

template <ArrayBodyPtr (*kCall)(py::handle, py::handle)>
std::optional<py::object> FastWithOptionalAxis(const FastArgs& args) {
    return CallWithPositionalHandles<kCall, 2, 1>(args, {Py_None});
}

// f(x, axis=None), with a fast path.
template <ArrayBodyPtr (*kCall)(py::handle, py::handle)>
void DefineWithOptionalAxis(py::module& m, const char* name) {
    m.def(name, kCall, py::arg("x"), py::arg("axis") = py::none());
    DefineFastFunction<&FastWithOptionalAxis<kCall>>(m, name);
}

}  // namespace

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
    DefineWithOptionalAxis<&CallLogSoftmax>(m, "log_softmax");
    DefineWithOptionalAxis<&CallSoftmax>(m, "softmax");
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
