// Bindings of the logic routines and of ndarray's comparison operators. The module functions take arrays
// only; the operators also take a scalar right-hand side.
#include "chainerx/core/routines/logic.h"

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

// Binds `name` as self OP other for an array or scalar `other`. Anything else is NotImplemented, so Python
// tries the reflected comparison of the other operand (and == / != fall back to identity); NumPy arrays raise
// TypeError (RejectOperand).
template <Array (*kWithArray)(const Array&, const Array&), Array (*kWithScalar)(const Array&, Scalar)>
void DefineComparisonOperator(ArrayClass& c, const char* name) {
    c.def(name, [](py::handle self, py::handle other) {
        return BinaryOperator(
                self,
                other,
                [](const Array& a, const Array& b) { return kWithArray(a, b); },
                [](const Array& a, Scalar b) { return kWithScalar(a, b); });
    });
}

}  // namespace

void DefineComparisonOperators(ArrayClass& c) {
    DefineComparisonOperator<Equal, Equal>(c, "__eq__");
    DefineComparisonOperator<NotEqual, NotEqual>(c, "__ne__");
    DefineComparisonOperator<Greater, Greater>(c, "__gt__");
    DefineComparisonOperator<GreaterEqual, GreaterEqual>(c, "__ge__");
    DefineComparisonOperator<Less, Less>(c, "__lt__");
    DefineComparisonOperator<LessEqual, LessEqual>(c, "__le__");
}

void InitLogic(pybind11::module& m) {
    DefineArrayBinary<Equal>(m, "equal");
    DefineArrayBinary<NotEqual>(m, "not_equal");
    DefineArrayBinary<Greater>(m, "greater");
    DefineArrayBinary<GreaterEqual>(m, "greater_equal");
    DefineArrayBinary<Less>(m, "less");
    DefineArrayBinary<LessEqual>(m, "less_equal");
    DefineArrayBinary<LogicalAnd>(m, "logical_and");
    DefineArrayBinary<LogicalOr>(m, "logical_or");
    DefineArrayBinary<LogicalXor>(m, "logical_xor");
    DefineUnary<LogicalNot>(m, "logical_not");
    DefineUnary<IsNan>(m, "isnan");
    DefineUnary<IsInf>(m, "isinf");
    DefineUnary<IsFinite>(m, "isfinite");
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
