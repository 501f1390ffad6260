// Bindings of the arithmetic routines and of the ndarray arithmetic operators. Binary functions accept
// (array, array), (array, scalar) and (scalar, array); operators take an array or a scalar on the right,
// reflected operators a scalar on the left; anything else goes to RejectOperand (NotImplemented, or a TypeError
// for NumPy arrays).
#include "chainerx/core/routines/arithmetic.h"

#include <pybind11/pybind11.h>

#include "chainerx/python/array_operators.h"
#include "chainerx/python/common.h"
#include "chainerx/python/init.h"
#include "chainerx/python/routine_binding.h"

namespace chainerx {
namespace python {
namespace internal {
namespace {

namespace py = pybind11;

using ArrayArrayFn = Array (*)(const Array&, const Array&);
using ArrayScalarFn = Array (*)(const Array&, Scalar);
using ScalarArrayFn = Array (*)(Scalar, const Array&);
using InplaceArrayFn = void (*)(const Array&, const Array&);
using InplaceScalarFn = void (*)(const Array&, Scalar);

template <ArrayArrayFn kArrayArray, ArrayScalarFn kArrayScalar>
py::object CallOperator(py::handle self, py::handle other) {
    return BinaryOperator(self, other, kArrayArray, kArrayScalar);
}

template <ScalarArrayFn kScalarArray>
py::object CallReflectedOperator(py::handle self, py::handle other) {
    if (!IsScalar(other)) {
        return RejectOperand(other);
    }
    return py::cast(kScalarArray(ToScalar(other), ToArray(self)).body());
}

template <InplaceArrayFn kArray, InplaceScalarFn kScalar>
py::object CallInplaceOperator(py::handle self, py::handle other) {
    return InplaceOperator(self, other, kArray, kScalar);
}

// Binds `name` (self op other) and `rname` (other op self) of one routine.
template <ArrayArrayFn kArrayArray, ArrayScalarFn kArrayScalar, ScalarArrayFn kScalarArray>
void DefineOperator(ArrayClass& c, const char* name, const char* rname) {
    c.def(name, &CallOperator<kArrayArray, kArrayScalar>);
    c.def(rname, &CallReflectedOperator<kScalarArray>);
}

template <InplaceArrayFn kArray, InplaceScalarFn kScalar>
void DefineInplaceOperator(ArrayClass& c, const char* name) {
    c.def(name, &CallInplaceOperator<kArray, kScalar>);
}

}  // namespace

void DefineArithmeticOperators(ArrayClass& c) {
    namespace cxi = chainerx::internal;
    c.def("__neg__", [](const ArrayBodyPtr& self) { return Negative(A(self)).body(); });
    c.def("__abs__", [](const ArrayBodyPtr& self) { return Absolute(A(self)).body(); });
    // Beyond the original, which had no __pos__: a copy, as NumPy's +a.
    c.def("__pos__", [](const ArrayBodyPtr& self) { return A(self).Copy().body(); });

    DefineOperator<Add, Add, Add>(c, "__add__", "__radd__");
    DefineOperator<Subtract, Subtract, Subtract>(c, "__sub__", "__rsub__");
    DefineOperator<Multiply, Multiply, Multiply>(c, "__mul__", "__rmul__");
    DefineOperator<Divide, Divide, Divide>(c, "__truediv__", "__rtruediv__");
    DefineOperator<FloorDivide, FloorDivide, FloorDivide>(c, "__floordiv__", "__rfloordiv__");
    DefineOperator<Power, Power, Power>(c, "__pow__", "__rpow__");
    DefineOperator<Remainder, Remainder, Remainder>(c, "__mod__", "__rmod__");
    // Non-standard names the original bound too (Python never calls them).
    DefineOperator<Remainder, Remainder, Remainder>(c, "__remainder__", "__rremainder__");
    DefineOperator<BitwiseAnd, BitwiseAnd, BitwiseAnd>(c, "__and__", "__rand__");
    DefineOperator<BitwiseOr, BitwiseOr, BitwiseOr>(c, "__or__", "__ror__");
    DefineOperator<BitwiseXor, BitwiseXor, BitwiseXor>(c, "__xor__", "__rxor__");
    DefineOperator<LeftShift, LeftShift, LeftShift>(c, "__lshift__", "__rlshift__");
    DefineOperator<RightShift, RightShift, RightShift>(c, "__rshift__", "__rrshift__");

    DefineInplaceOperator<cxi::IAdd, cxi::IAdd>(c, "__iadd__");
    DefineInplaceOperator<cxi::ISubtract, cxi::ISubtract>(c, "__isub__");
    DefineInplaceOperator<cxi::IMultiply, cxi::IMultiply>(c, "__imul__");
    DefineInplaceOperator<cxi::IDivide, cxi::IDivide>(c, "__itruediv__");
    DefineInplaceOperator<cxi::IFloorDivide, cxi::IFloorDivide>(c, "__ifloordiv__");
    DefineInplaceOperator<cxi::IRemainder, cxi::IRemainder>(c, "__imod__");
    DefineInplaceOperator<cxi::IRemainder, cxi::IRemainder>(c, "__iremainder__");
    DefineInplaceOperator<cxi::IBitwiseAnd, cxi::IBitwiseAnd>(c, "__iand__");
    DefineInplaceOperator<cxi::IBitwiseOr, cxi::IBitwiseOr>(c, "__ior__");
    DefineInplaceOperator<cxi::IBitwiseXor, cxi::IBitwiseXor>(c, "__ixor__");
    DefineInplaceOperator<cxi::ILeftShift, cxi::ILeftShift>(c, "__ilshift__");
    DefineInplaceOperator<cxi::IRightShift, cxi::IRightShift>(c, "__irshift__");
}

void InitArithmetic(py::module& m) {
    DefineBinary<Add, Add, Add>(m, "add");
    DefineBinary<Subtract, Subtract, Subtract>(m, "subtract");
    DefineBinary<Multiply, Multiply, Multiply>(m, "multiply");
    DefineUnary<Negative>(m, "negative");
    DefineBinary<Divide, Divide, Divide>(m, "divide");
    DefineBinary<TrueDivide, TrueDivide, TrueDivide>(m, "true_divide");
    DefineBinary<FloorDivide, FloorDivide, FloorDivide>(m, "floor_divide");
    DefineUnary<Reciprocal>(m, "reciprocal");
    DefineBinary<Power, Power, Power>(m, "power");
    DefineBinary<Remainder, Remainder, Remainder>(m, "remainder");
    m.attr("mod") = m.attr("remainder");
    DefineArrayBinary<Fmod>(m, "fmod");
    DefineUnary<Square>(m, "square");
    DefineUnary<Sqrt>(m, "sqrt");
    DefineUnary<Absolute>(m, "abs");
    m.attr("absolute") = m.attr("abs");
    DefineUnary<Fabs>(m, "fabs");
    DefineUnary<Sign>(m, "sign");
    DefineBinary<Maximum, Maximum, Maximum>(m, "maximum");
    DefineBinary<Minimum, Minimum, Minimum>(m, "minimum");
    DefineBinary<BitwiseAnd, BitwiseAnd, BitwiseAnd>(m, "bitwise_and");
    DefineBinary<BitwiseOr, BitwiseOr, BitwiseOr>(m, "bitwise_or");
    DefineBinary<BitwiseXor, BitwiseXor, BitwiseXor>(m, "bitwise_xor");
    DefineBinary<LeftShift, LeftShift, LeftShift>(m, "left_shift");
    DefineBinary<RightShift, RightShift, RightShift>(m, "right_shift");
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
