// Shared pieces of the ndarray operator bindings. Each routine family binds its own operators
// (arithmetic.cc: + - * / ... and their in-place forms; logic.cc: comparisons), called from InitArray.
#pragma once

#include <pybind11/pybind11.h>

#include "chainerx/core/array.h"
#include "chainerx/core/array_body.h"
#include "chainerx/python/common.h"

namespace chainerx {
namespace python {
namespace internal {

using ArrayClass = pybind11::class_<chainerx::internal::ArrayBody, ArrayBodyPtr>;

inline Array A(const ArrayBodyPtr& body) { return Array{body}; }

// Binary operator: array or scalar right-hand side; anything else is NotImplemented so Python can try the
// reflected operation of the other operand.
template <typename ArrayFn, typename ScalarFn>
pybind11::object BinaryOperator(const ArrayBodyPtr& self, pybind11::handle other, ArrayFn array_fn, ScalarFn scalar_fn) {
    if (IsArray(other)) {
        return pybind11::cast(array_fn(A(self), ToArray(other)).body());
    }
    if (IsScalar(other)) {
        return pybind11::cast(scalar_fn(A(self), ToScalar(other)).body());
    }
    return pybind11::reinterpret_borrow<pybind11::object>(Py_NotImplemented);
}

template <typename ArrayFn, typename ScalarFn>
pybind11::object InplaceOperator(const ArrayBodyPtr& self, pybind11::handle other, ArrayFn array_fn, ScalarFn scalar_fn) {
    if (IsArray(other)) {
        array_fn(A(self), ToArray(other));
    } else if (IsScalar(other)) {
        scalar_fn(A(self), ToScalar(other));
    } else {
        return pybind11::reinterpret_borrow<pybind11::object>(Py_NotImplemented);
    }
    return pybind11::cast(self);
}

void DefineArithmeticOperators(ArrayClass& c);
void DefineComparisonOperators(ArrayClass& c);

}  // namespace internal
}  // namespace python
}  // namespace chainerx
