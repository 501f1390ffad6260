// Helpers that bind routines in one line each, converting arguments by hand (no pybind11 overload trial):
//
//     DefineUnary<Exp>(m, "exp");
//     DefineBinary<Add, Add, Add>(m, "add");  // (array, array), (array, scalar), (scalar, array)
//     DefineArrayBinary<Equal>(m, "equal");   // arrays only
#pragma once

#include <pybind11/pybind11.h>

#include "chainerx/core/array.h"
#include "chainerx/core/scalar.h"
#include "chainerx/python/common.h"

namespace chainerx {
namespace python {
namespace internal {

template <Array (*kFunc)(const Array&)>
void DefineUnary(pybind11::module& m, const char* name) {
    m.def(name, [](pybind11::handle x) { return kFunc(ToArray(x)).body(); }, pybind11::arg("x"));
}

template <Array (*kArrayArray)(const Array&, const Array&), Array (*kArrayScalar)(const Array&, Scalar),
          Array (*kScalarArray)(Scalar, const Array&)>
ArrayBodyPtr CallBinary(pybind11::handle x1, pybind11::handle x2) {
    if (IsArray(x1)) {
        return (IsArray(x2) ? kArrayArray(ToArray(x1), ToArray(x2)) : kArrayScalar(ToArray(x1), ToScalar(x2))).body();
    }
    if (IsArray(x2)) {
        return kScalarArray(ToScalar(x1), ToArray(x2)).body();
    }
    throw pybind11::type_error{"at least one operand must be a chainerx.ndarray"};
}

template <Array (*kArrayArray)(const Array&, const Array&), Array (*kArrayScalar)(const Array&, Scalar),
          Array (*kScalarArray)(Scalar, const Array&)>
void DefineBinary(pybind11::module& m, const char* name) {
    m.def(name, &CallBinary<kArrayArray, kArrayScalar, kScalarArray>, pybind11::arg("x1"), pybind11::arg("x2"));
}

template <Array (*kFunc)(const Array&, const Array&)>
void DefineArrayBinary(pybind11::module& m, const char* name) {
    m.def(name,
          [](pybind11::handle x1, pybind11::handle x2) { return kFunc(ToArray(x1), ToArray(x2)).body(); },
          pybind11::arg("x1"),
          pybind11::arg("x2"));
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
