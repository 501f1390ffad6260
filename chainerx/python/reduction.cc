// Bindings of the reduction routines, and the ndarray reduction methods.
#include "chainerx/core/routines/reduction.h"

#include <cstdint>
#include <optional>

#include <pybind11/pybind11.h>

#include "chainerx/core/routines/statistics.h"
#include "chainerx/python/common.h"
#include "chainerx/python/init.h"
#include "chainerx/python/reduction_methods.h"

namespace chainerx {
namespace python {
namespace internal {
namespace {

namespace py = pybind11;

template <ReductionFunction kFunc>
void DefineReductionMethod(ArrayClass& c, const char* name) {
    c.def(name,
          [](const ArrayBodyPtr& self, py::handle axis, bool keepdims) {
              return kFunc(Array{self}, ToAxes(axis), keepdims).TakeBody();
          },
          py::arg("axis") = py::none(),
          py::arg("keepdims") = false);
}

// cumsum's (and cumprod's) axis: None or one int (a sequence is a TypeError, as in the original's int8 binding).
std::optional<int64_t> ToCumsumAxis(py::handle axis) {
    std::optional<int8_t> value = ToOptionalAxis(axis);
    return value.has_value() ? std::optional<int64_t>{*value} : std::nullopt;
}

}  // namespace

void DefineReductionMethods(ArrayClass& c) {
    DefineReductionMethod<&AMax>(c, "max");
    DefineReductionMethod<&AMin>(c, "min");
    DefineReductionMethod<&Mean>(c, "mean");
    DefineReductionMethod<&Var>(c, "var");
    DefineReductionMethod<&All>(c, "all");
    DefineReductionMethod<&Any>(c, "any");
}

void InitReduction(py::module& m) {
    DefineReduction<&Sum>(m, "sum");
    DefineReduction<&NanSum>(m, "nansum");
    // Not in the original's API: the squared L2 norms of Chainer's functions on chainerx (reduction.h).
    DefineReduction<&SumSquares>(m, "_sum_squares");
    // Not in the original's API either: F.prod and F.cumprod on chainerx (reduction.h).
    DefineReduction<&Prod>(m, "_prod");
    m.def("_cumprod",
          [](py::handle a, py::handle axis) { return Cumprod(ToArray(a), ToCumsumAxis(axis)).TakeBody(); },
          py::arg("a"),
          py::arg("axis") = py::none());
    DefineReduction<&All>(m, "all");
    DefineReduction<&Any>(m, "any");
    m.def("cumsum",
          [](py::handle a, py::handle axis) { return Cumsum(ToArray(a), ToCumsumAxis(axis)).TakeBody(); },
          py::arg("a"),
          py::arg("axis") = py::none());
    m.def("count_nonzero",
          [](py::handle a, py::handle axis) { return CountNonzero(ToArray(a), ToAxes(axis)).TakeBody(); },
          py::arg("a"),
          py::arg("axis") = py::none());
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
