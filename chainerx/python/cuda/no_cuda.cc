// Builds without the CUDA backend bind none of cuda.cc's functions: chainerx._cuda tells their absence apart.
#include <pybind11/pybind11.h>

#include "chainerx/python/init.h"

namespace chainerx {
namespace python {
namespace internal {

void InitCuda(pybind11::module& /*m*/) {}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
