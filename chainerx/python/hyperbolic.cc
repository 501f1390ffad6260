// Bindings of the hyperbolic routines.
#include "chainerx/core/routines/hyperbolic.h"

#include <pybind11/pybind11.h>

#include "chainerx/python/init.h"
#include "chainerx/python/routine_binding.h"

namespace chainerx {
namespace python {
namespace internal {

void InitHyperbolic(pybind11::module& m) {
    DefineUnary<Sinh>(m, "sinh");
    DefineUnary<Cosh>(m, "cosh");
    DefineUnary<Tanh>(m, "tanh");
    DefineUnary<Arcsinh>(m, "arcsinh");
    DefineUnary<Arccosh>(m, "arccosh");
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
