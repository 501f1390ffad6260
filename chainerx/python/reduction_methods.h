// Binding helpers of the reduction and statistics families: module functions of the shape
// `name(a, axis=None, keepdims=False)`, and the ndarray reduction methods (called from InitArray).
#pragma once

#include <pybind11/pybind11.h>

#include "chainerx/core/array.h"
#include "chainerx/core/shape.h"
#include "chainerx/python/array_operators.h"
#include "chainerx/python/common.h"

namespace chainerx {
namespace python {
namespace internal {

using ReductionFunction = Array (*)(const Array&, const OptionalAxes&, bool);

// Binds the module function `name(a, axis=None, keepdims=False)`; axis is None, an int or a sequence of ints.
template <ReductionFunction kFunc>
void DefineReduction(pybind11::module& m, const char* name) {
    m.def(name,
          [](pybind11::handle a, pybind11::handle axis, bool keepdims) {
              return kFunc(ToArray(a), ToAxes(axis), keepdims).TakeBody();
          },
          pybind11::arg("a"),
          pybind11::arg("axis") = pybind11::none(),
          pybind11::arg("keepdims") = false);
}

// ndarray.max/min/mean/var/all/any(axis=None, keepdims=False). (ndarray.sum is bound with the other methods.)
void DefineReductionMethods(ArrayClass& c);

}  // namespace internal
}  // namespace python
}  // namespace chainerx
