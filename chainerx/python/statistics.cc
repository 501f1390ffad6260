// Bindings of the statistics routines. `max` and `min` are the same objects as `amax` and `amin`.
#include "chainerx/core/routines/statistics.h"

#include <pybind11/pybind11.h>

#include "chainerx/python/init.h"
#include "chainerx/python/reduction_methods.h"

namespace chainerx {
namespace python {
namespace internal {

void InitStatistics(pybind11::module& m) {
    DefineReduction<&AMax>(m, "amax");
    DefineReduction<&AMin>(m, "amin");
    m.attr("max") = m.attr("amax");
    m.attr("min") = m.attr("amin");
    DefineReduction<&Mean>(m, "mean");
    DefineReduction<&Var>(m, "var");
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
