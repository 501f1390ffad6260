// Bindings of the logic routines.
#include <pybind11/pybind11.h>

#include "chainerx/python/array_operators.h"
#include "chainerx/python/init.h"
#include "chainerx/python/routine_binding.h"

namespace chainerx {
namespace python {
namespace internal {

void DefineComparisonOperators(ArrayClass& c) {}

void InitLogic(pybind11::module& m) {}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
