// Bindings of the trigonometric routines.
#include "chainerx/core/routines/trigonometric.h"

#include <pybind11/pybind11.h>

#include "chainerx/python/init.h"
#include "chainerx/python/routine_binding.h"

namespace chainerx {
namespace python {
namespace internal {

void InitTrigonometric(pybind11::module& m) {
    DefineUnary<Sin>(m, "sin");
    DefineUnary<Cos>(m, "cos");
    DefineUnary<Tan>(m, "tan");
    DefineUnary<Arcsin>(m, "arcsin");
    DefineUnary<Arccos>(m, "arccos");
    DefineUnary<Arctan>(m, "arctan");
    DefineArrayBinary<Arctan2>(m, "arctan2");
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
