// Bindings of the rounding routines (the NumPy-backed `fix` fallback lives in Python).
#include "chainerx/core/routines/rounding.h"

#include <pybind11/pybind11.h>

#include "chainerx/python/init.h"
#include "chainerx/python/routine_binding.h"

namespace chainerx {
namespace python {
namespace internal {

void InitRounding(pybind11::module& m) {
    DefineUnary<Ceil>(m, "ceil");
    DefineUnary<Floor>(m, "floor");
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
