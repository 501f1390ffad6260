// Bindings of the arithmetic routines and of the ndarray arithmetic operators. Binary functions accept
// (array, array), (array, scalar) and (scalar, array); operators take an array or a scalar on the right,
// reflected operators a scalar on the left; anything else goes to RejectOperand (NotImplemented, or a TypeError
// for NumPy arrays).
#include "chainerx/core/routines/arithmetic.h"

#include <pybind11/pybind11.h>

#include "chainerx/python/array_operators.h"
#include "chainerx/python/common.h"
#include "chainerx/python/fast_method.h"
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
    return ToPython(kScalarArray(ToScalar(other), ToArray(self)));
}

template <InplaceArrayFn kArray, InplaceScalarFn kScalar>
py::object CallInplaceOperator(py::handle self, py::handle other) {
    return InplaceOperator(self, other, kArray, kScalar);
}

// Note [ndarray number slots]
// Python runs `a + b` through the type's nb_add slot. For a class with an __add__ method, that slot is CPython's
// generic slot_nb_add, which looks the method up, binds it and calls pybind11's dispatcher (argument casters,
// overload loop): ~900 of the ~4,100 instructions of `a + b` on 2x3 arrays (callgrind). So the operators are
// bound twice: as methods (`a.__add__(b)`, help(), subclasses that call super()), and as the slots themselves
// (BinarySlot etc.), which call the same functions directly. Python calls a type's binary slot only when one of
// the operands is an instance of that type (here, of ndarray or of a subclass that did not override the
// operator, which inherits the slot): the slot runs the operator when the left operand is an ndarray, the
// reflected operator otherwise, as slot_nb_add would. A Python subclass that defines __add__ or __radd__ gets
// CPython's generic slot again, so its methods still win. C++ exceptions are translated as pybind11's dispatcher
// translates them.

template <ArrayArrayFn kArrayArray, ArrayScalarFn kArrayScalar, ScalarArrayFn kScalarArray>
PyObject* BinarySlot(PyObject* left, PyObject* right) noexcept {
    return CallFromCPython([left, right] {
        if (IsArray(left)) {
            return CallOperator<kArrayArray, kArrayScalar>(left, right);
        }
        return CallReflectedOperator<kScalarArray>(right, left);
    });
}

template <InplaceArrayFn kArray, InplaceScalarFn kScalar>
PyObject* InplaceSlot(PyObject* self, PyObject* other) noexcept {
    return CallFromCPython([self, other] { return CallInplaceOperator<kArray, kScalar>(self, other); });
}

template <Array (*kUnary)(const Array&)>
PyObject* UnarySlot(PyObject* self) noexcept {
    return CallFromCPython([self] { return ToPython(kUnary(ToArray(self))); });
}

PyNumberMethods& NumberSlots(ArrayClass& c) { return *reinterpret_cast<PyTypeObject*>(c.ptr())->tp_as_number; }

// Binds `name` (self op other) and `rname` (other op self) of one routine, as methods and as the number slot
// `slot` (Note [ndarray number slots]).
template <ArrayArrayFn kArrayArray, ArrayScalarFn kArrayScalar, ScalarArrayFn kScalarArray>
void DefineOperator(ArrayClass& c, const char* name, const char* rname, binaryfunc PyNumberMethods::*slot) {
    c.def(name, &CallOperator<kArrayArray, kArrayScalar>);
    c.def(rname, &CallReflectedOperator<kScalarArray>);
    NumberSlots(c).*slot = &BinarySlot<kArrayArray, kArrayScalar, kScalarArray>;
}

template <InplaceArrayFn kArray, InplaceScalarFn kScalar>
void DefineInplaceOperator(ArrayClass& c, const char* name, binaryfunc PyNumberMethods::*slot) {
    c.def(name, &CallInplaceOperator<kArray, kScalar>);
    NumberSlots(c).*slot = &InplaceSlot<kArray, kScalar>;
}

}  // namespace

void DefineArithmeticOperators(ArrayClass& c) {
    namespace cxi = chainerx::internal;
    c.def("__neg__", [](const ArrayBodyPtr& self) { return Negative(A(self)).TakeBody(); });
    NumberSlots(c).nb_negative = &UnarySlot<Negative>;
    c.def("__abs__", [](const ArrayBodyPtr& self) { return Absolute(A(self)).TakeBody(); });
    // Beyond the original, which had no __pos__: a copy, as NumPy's +a.
    c.def("__pos__", [](const ArrayBodyPtr& self) { return A(self).Copy().TakeBody(); });

    DefineOperator<Add, Add, Add>(c, "__add__", "__radd__", &PyNumberMethods::nb_add);
    DefineOperator<Subtract, Subtract, Subtract>(c, "__sub__", "__rsub__", &PyNumberMethods::nb_subtract);
    DefineOperator<Multiply, Multiply, Multiply>(c, "__mul__", "__rmul__", &PyNumberMethods::nb_multiply);
    DefineOperator<Divide, Divide, Divide>(c, "__truediv__", "__rtruediv__", &PyNumberMethods::nb_true_divide);
    DefineOperator<FloorDivide, FloorDivide, FloorDivide>(
            c, "__floordiv__", "__rfloordiv__", &PyNumberMethods::nb_floor_divide);
    c.def("__pow__", &CallOperator<Power, Power>);
    c.def("__rpow__", &CallReflectedOperator<Power>);  // nb_power is ternary: it keeps the generic slot
    DefineOperator<Remainder, Remainder, Remainder>(c, "__mod__", "__rmod__", &PyNumberMethods::nb_remainder);
    // Non-standard names the original bound too (Python never calls them).
    c.def("__remainder__", &CallOperator<Remainder, Remainder>);
    c.def("__rremainder__", &CallReflectedOperator<Remainder>);
    DefineOperator<BitwiseAnd, BitwiseAnd, BitwiseAnd>(c, "__and__", "__rand__", &PyNumberMethods::nb_and);
    DefineOperator<BitwiseOr, BitwiseOr, BitwiseOr>(c, "__or__", "__ror__", &PyNumberMethods::nb_or);
    DefineOperator<BitwiseXor, BitwiseXor, BitwiseXor>(c, "__xor__", "__rxor__", &PyNumberMethods::nb_xor);
    DefineOperator<LeftShift, LeftShift, LeftShift>(c, "__lshift__", "__rlshift__", &PyNumberMethods::nb_lshift);
    DefineOperator<RightShift, RightShift, RightShift>(c, "__rshift__", "__rrshift__", &PyNumberMethods::nb_rshift);

    DefineInplaceOperator<cxi::IAdd, cxi::IAdd>(c, "__iadd__", &PyNumberMethods::nb_inplace_add);
    DefineInplaceOperator<cxi::ISubtract, cxi::ISubtract>(c, "__isub__", &PyNumberMethods::nb_inplace_subtract);
    DefineInplaceOperator<cxi::IMultiply, cxi::IMultiply>(c, "__imul__", &PyNumberMethods::nb_inplace_multiply);
    DefineInplaceOperator<cxi::IDivide, cxi::IDivide>(c, "__itruediv__", &PyNumberMethods::nb_inplace_true_divide);
    DefineInplaceOperator<cxi::IFloorDivide, cxi::IFloorDivide>(
            c, "__ifloordiv__", &PyNumberMethods::nb_inplace_floor_divide);
    DefineInplaceOperator<cxi::IRemainder, cxi::IRemainder>(c, "__imod__", &PyNumberMethods::nb_inplace_remainder);
    c.def("__iremainder__", &CallInplaceOperator<cxi::IRemainder, cxi::IRemainder>);
    DefineInplaceOperator<cxi::IBitwiseAnd, cxi::IBitwiseAnd>(c, "__iand__", &PyNumberMethods::nb_inplace_and);
    DefineInplaceOperator<cxi::IBitwiseOr, cxi::IBitwiseOr>(c, "__ior__", &PyNumberMethods::nb_inplace_or);
    DefineInplaceOperator<cxi::IBitwiseXor, cxi::IBitwiseXor>(c, "__ixor__", &PyNumberMethods::nb_inplace_xor);
    DefineInplaceOperator<cxi::ILeftShift, cxi::ILeftShift>(c, "__ilshift__", &PyNumberMethods::nb_inplace_lshift);
    DefineInplaceOperator<cxi::IRightShift, cxi::IRightShift>(c, "__irshift__", &PyNumberMethods::nb_inplace_rshift);
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
    // What chainerx.clip (_arithmetic.py) runs when both bounds are given (Note [Clip in one pass]).
    m.def("_clip",
          [](py::handle a, py::handle a_min, py::handle a_max) {
              return Clip(ToArray(a), ToScalar(a_min), ToScalar(a_max)).TakeBody();
          },
          py::arg("a"),
          py::arg("a_min"),
          py::arg("a_max"));
    DefineBinary<BitwiseAnd, BitwiseAnd, BitwiseAnd>(m, "bitwise_and");
    DefineBinary<BitwiseOr, BitwiseOr, BitwiseOr>(m, "bitwise_or");
    DefineBinary<BitwiseXor, BitwiseXor, BitwiseXor>(m, "bitwise_xor");
    DefineBinary<LeftShift, LeftShift, LeftShift>(m, "left_shift");
    DefineBinary<RightShift, RightShift, RightShift>(m, "right_shift");
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
