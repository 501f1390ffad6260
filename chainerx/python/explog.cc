// Bindings of the exponential/logarithm routines.
#include "chainerx/core/routines/explog.h"

#include <pybind11/pybind11.h>

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
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
