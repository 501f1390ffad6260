// DLPack exchange: chainerx.from_dlpack and the capsules ndarray.__dlpack__ produces.
#include <pybind11/pybind11.h>

#include "chainerx/python/init.h"

namespace chainerx {
namespace python {
namespace internal {
namespace py = pybind11;

void InitDlpack(py::module& /*m*/) {}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
