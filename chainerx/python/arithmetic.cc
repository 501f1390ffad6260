// Bindings of the arithmetic routines. Binary functions accept (array, array), (array, scalar) and
// (scalar, array), dispatched by hand in one function.
#include "chainerx/core/routines/arithmetic.h"

#include <pybind11/pybind11.h>

#include "chainerx/python/common.h"
#include "chainerx/python/init.h"

namespace chainerx {
namespace python {
namespace internal {
namespace {

namespace py = pybind11;

template <Array (*kArrayArray)(const Array&, const Array&), Array (*kArrayScalar)(const Array&, Scalar),
          Array (*kScalarArray)(Scalar, const Array&)>
ArrayBodyPtr CallBinary(py::handle x1, py::handle x2) {
    if (IsArray(x1)) {
        return (IsArray(x2) ? kArrayArray(ToArray(x1), ToArray(x2)) : kArrayScalar(ToArray(x1), ToScalar(x2))).body();
    }
    if (IsArray(x2)) {
        return kScalarArray(ToScalar(x1), ToArray(x2)).body();
    }
    throw py::type_error{"at least one operand must be a chainerx.ndarray"};
}

template <Array (*kArrayArray)(const Array&, const Array&), Array (*kArrayScalar)(const Array&, Scalar),
          Array (*kScalarArray)(Scalar, const Array&)>
void DefineBinary(py::module& m, const char* name) {
    m.def(name, &CallBinary<kArrayArray, kArrayScalar, kScalarArray>, py::arg("x1"), py::arg("x2"));
}

}  // namespace

void InitArithmetic(py::module& m) {
    DefineBinary<Add, Add, Add>(m, "add");
    DefineBinary<Subtract, Subtract, Subtract>(m, "subtract");
    DefineBinary<Multiply, Multiply, Multiply>(m, "multiply");
    m.def("negative", [](py::handle x) { return Negative(ToArray(x)).body(); }, py::arg("x"));
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
