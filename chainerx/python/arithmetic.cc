// Bindings of the arithmetic routines and operators. Binary functions accept (array, array), (array, scalar) and
// (scalar, array).
#include "chainerx/core/routines/arithmetic.h"

#include <pybind11/pybind11.h>

#include "chainerx/python/array_operators.h"
#include "chainerx/python/common.h"
#include "chainerx/python/init.h"
#include "chainerx/python/routine_binding.h"

namespace chainerx {
namespace python {
namespace internal {
namespace py = pybind11;

void DefineArithmeticOperators(ArrayClass& c) {
    using chainerx::internal::IAdd;
    using chainerx::internal::IMultiply;
    using chainerx::internal::ISubtract;
    c.def("__neg__", [](const ArrayBodyPtr& self) { return Negative(A(self)).body(); });
    c.def("__add__", [](const ArrayBodyPtr& self, py::handle other) {
        return BinaryOperator(self, other, [](const Array& a, const Array& b) { return Add(a, b); }, [](const Array& a, Scalar b) { return Add(a, b); });
    });
    c.def("__radd__", [](const ArrayBodyPtr& self, py::handle other) { return Add(ToScalar(other), A(self)).body(); });
    c.def("__sub__", [](const ArrayBodyPtr& self, py::handle other) {
        return BinaryOperator(
                self, other, [](const Array& a, const Array& b) { return Subtract(a, b); }, [](const Array& a, Scalar b) { return Subtract(a, b); });
    });
    c.def("__rsub__", [](const ArrayBodyPtr& self, py::handle other) { return Subtract(ToScalar(other), A(self)).body(); });
    c.def("__mul__", [](const ArrayBodyPtr& self, py::handle other) {
        return BinaryOperator(
                self, other, [](const Array& a, const Array& b) { return Multiply(a, b); }, [](const Array& a, Scalar b) { return Multiply(a, b); });
    });
    c.def("__rmul__", [](const ArrayBodyPtr& self, py::handle other) { return Multiply(ToScalar(other), A(self)).body(); });
    c.def("__iadd__", [](const ArrayBodyPtr& self, py::handle other) {
        return InplaceOperator(
                self, other, [](const Array& a, const Array& b) { IAdd(a, b); }, [](const Array& a, Scalar b) { IAdd(a, b); });
    });
    c.def("__isub__", [](const ArrayBodyPtr& self, py::handle other) {
        return InplaceOperator(
                self, other, [](const Array& a, const Array& b) { ISubtract(a, b); }, [](const Array& a, Scalar b) { ISubtract(a, b); });
    });
    c.def("__imul__", [](const ArrayBodyPtr& self, py::handle other) {
        return InplaceOperator(
                self, other, [](const Array& a, const Array& b) { IMultiply(a, b); }, [](const Array& a, Scalar b) { IMultiply(a, b); });
    });
}

void InitArithmetic(py::module& m) {
    DefineBinary<Add, Add, Add>(m, "add");
    DefineBinary<Subtract, Subtract, Subtract>(m, "subtract");
    DefineBinary<Multiply, Multiply, Multiply>(m, "multiply");
    DefineUnary<Negative>(m, "negative");
    DefineBinary<Divide, Divide, Divide>(m, "divide");
    DefineBinary<TrueDivide, TrueDivide, TrueDivide>(m, "true_divide");
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
