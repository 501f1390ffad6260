// Helpers that let chainerx/_docs.py attach docstrings to the extension's functions and classes.
#include <pybind11/pybind11.h>

#include "chainerx/python/init.h"

namespace chainerx {
namespace python {
namespace internal {
namespace py = pybind11;

void InitDocs(py::module& /*m*/) {}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
