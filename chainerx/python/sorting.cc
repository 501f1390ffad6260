// Bindings of the sorting routines.
#include <pybind11/pybind11.h>

#include "chainerx/python/init.h"
#include "chainerx/python/routine_binding.h"

namespace chainerx {
namespace python {
namespace internal {

void InitSorting(pybind11::module& m) {}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
