// Shared pieces of the ndarray operator bindings. Each routine family binds its own operators
// (arithmetic.cc: + - * / ... and their in-place forms; logic.cc: comparisons), called from InitArray.
#pragma once

#include <pybind11/pybind11.h>

#include "chainerx/core/array.h"
#include "chainerx/core/array_body.h"
#include "chainerx/python/common.h"
#include "chainerx/python/routine_binding.h"

namespace chainerx {
namespace python {
namespace internal {

inline Array A(const ArrayBodyPtr& body) { return Array{body}; }

// What an operator answers for an operand it does not take: NotImplemented, so that Python tries the other
// operand's reflected operator; a TypeError saying how to convert for NumPy arrays, which never mix with chainerx
// arrays implicitly (see Note [Mixing NumPy and chainerx operands] in array_interop.cc).
pybind11::object RejectOperand(pybind11::handle other);

// Binary operator: array or scalar right-hand side; anything else goes to RejectOperand. Large operands run
// without the GIL (see CallReleasingGil). `self` is taken as a handle and unwrapped by ToArray, which is cheaper
// than pybind11's generic holder caster (operators are the hottest bindings).
template <typename ArrayFn, typename ScalarFn>
pybind11::object BinaryOperator(pybind11::handle self, pybind11::handle other, ArrayFn array_fn, ScalarFn scalar_fn) {
    Array a = ToArray(self);
    if (IsArray(other)) {
        Array b = ToArray(other);
        return ToPython(CallReleasingGil(IsLargeOperand(a) || IsLargeOperand(b), [&] { return array_fn(a, b); }));
    }
    if (IsScalar(other)) {
        Scalar s = ToScalar(other);
        return ToPython(CallReleasingGil(IsLargeOperand(a), [&] { return scalar_fn(a, s); }));
    }
    return RejectOperand(other);
}

// In-place operator (a += b): updates self and returns it, or RejectOperand as above.
template <typename ArrayFn, typename ScalarFn>
pybind11::object InplaceOperator(pybind11::handle self, pybind11::handle other, ArrayFn array_fn, ScalarFn scalar_fn) {
    Array a = ToArray(self);
    if (IsArray(other)) {
        Array b = ToArray(other);
        CallReleasingGil(IsLargeOperand(a) || IsLargeOperand(b), [&] { array_fn(a, b); });
    } else if (IsScalar(other)) {
        Scalar s = ToScalar(other);
        CallReleasingGil(IsLargeOperand(a), [&] { scalar_fn(a, s); });
    } else {
        return RejectOperand(other);
    }
    return pybind11::reinterpret_borrow<pybind11::object>(self);
}

void DefineArithmeticOperators(ArrayClass& c);
void DefineComparisonOperators(ArrayClass& c);

}  // namespace internal
}  // namespace python
}  // namespace chainerx
