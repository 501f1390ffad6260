// Bindings of the sorting routines: argmax, argmin, nanargmax, nanargmin (module functions and methods).
#include "chainerx/python/sorting.h"

#include <cstdint>
#include <optional>

#include <pybind11/pybind11.h>

#include "chainerx/core/routines/sorting.h"
#include "chainerx/python/common.h"
#include "chainerx/python/init.h"

namespace chainerx {
namespace python {
namespace internal {
namespace {

namespace py = pybind11;

using ArgReduction = Array (*)(const Array&, const std::optional<int64_t>&);

// axis: None or a single int (a sequence is a TypeError, as in the original).
std::optional<int64_t> ToOptionalArgAxis(py::handle axis) {
    return axis.is_none() ? std::nullopt : std::optional<int64_t>{ToInt64(axis, "axis")};
}

template <ArgReduction kFunc>
void DefineArgReduction(py::module& m, const char* name) {
    m.def(name,
          [](py::handle a, py::handle axis) { return kFunc(ToArray(a), ToOptionalArgAxis(axis)).TakeBody(); },
          py::arg("a"),
          py::arg("axis") = py::none());
}

template <ArgReduction kFunc>
void DefineArgReductionMethod(ArrayClass& c, const char* name) {
    c.def(name,
          [](const ArrayBodyPtr& self, py::handle axis) { return kFunc(A(self), ToOptionalArgAxis(axis)).TakeBody(); },
          py::arg("axis") = py::none());
}

}  // namespace

void DefineSortingMethods(ArrayClass& c) {
    DefineArgReductionMethod<ArgMax>(c, "argmax");
    DefineArgReductionMethod<ArgMin>(c, "argmin");
}

void InitSorting(pybind11::module& m) {
    DefineArgReduction<ArgMax>(m, "argmax");
    DefineArgReduction<ArgMin>(m, "argmin");
    DefineArgReduction<NanArgMax>(m, "nanargmax");
    DefineArgReduction<NanArgMin>(m, "nanargmin");
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
