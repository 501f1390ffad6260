// Bindings of the activation routines.
#include "chainerx/core/routines/activation.h"

#include <cstdint>

#include <pybind11/pybind11.h>

#include "chainerx/python/common.h"
#include "chainerx/python/init.h"
#include "chainerx/python/routine_binding.h"

namespace chainerx {
namespace python {
namespace internal {
namespace {

// Binds an activation with one float parameter `param_name` (default `param_default`).
template <Array (*kFunc)(const Array&, double)>
void DefineParametrized(pybind11::module& m, const char* name, const char* param_name, double param_default) {
    m.def(name,
          [](pybind11::handle x, double param) { return kFunc(ToArray(x), param).TakeBody(); },
          pybind11::arg("x"),
          pybind11::arg(param_name) = param_default);
}

}  // namespace

void InitActivation(pybind11::module& m) {
    DefineUnary<Relu>(m, "relu");
    DefineUnary<Sigmoid>(m, "sigmoid");
    DefineParametrized<Elu>(m, "elu", "alpha", 1.0);
    DefineParametrized<LeakyRelu>(m, "leaky_relu", "slope", 0.2);
    // Not in the original's API: what F.prelu and F.swish run on chainerx (activation.h).
    m.def("_prelu",
          [](pybind11::handle x, pybind11::handle w) { return PRelu(ToArray(x), ToArray(w)).TakeBody(); },
          pybind11::arg("x"),
          pybind11::arg("w"));
    m.def("_swish",
          [](pybind11::handle x, pybind11::handle beta) { return Swish(ToArray(x), ToArray(beta)).TakeBody(); },
          pybind11::arg("x"),
          pybind11::arg("beta"));
    DefineParametrized<ClippedRelu>(m, "clipped_relu", "z", 20.0);
    DefineParametrized<Softplus>(m, "softplus", "beta", 1.0);
    m.def("crelu",
          [](pybind11::handle x, int8_t axis) { return Crelu(ToArray(x), axis).TakeBody(); },
          pybind11::arg("x"),
          pybind11::arg("axis") = 1);
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
