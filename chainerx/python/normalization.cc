// Bindings of the normalization routines.
#include "chainerx/core/routines/normalization.h"

#include <optional>

#include <pybind11/pybind11.h>

#include "chainerx/python/common.h"
#include "chainerx/python/fast_method.h"
#include "chainerx/python/init.h"
#include "chainerx/python/routine_binding.h"

namespace chainerx {
namespace python {
namespace internal {

namespace py = pybind11;

namespace {

ArrayBodyPtr CallBatchNorm(py::handle x, py::handle gamma, py::handle beta, py::handle running_mean,
                           py::handle running_var, double eps, double decay, py::handle axis) {
    return BatchNorm(ToArray(x), ToArray(gamma), ToArray(beta), ToArray(running_mean), ToArray(running_var), eps,
                     decay, ToAxes(axis))
            .TakeBody();
}

std::optional<py::object> FastBatchNorm(const FastArgs& args) {
    static PyObject* const kEps = PyFloatConstant(2e-5);
    static PyObject* const kDecay = PyFloatConstant(0.9);
    auto a = PositionalArgs<8, 3>(args, {kEps, kDecay, Py_None});
    std::optional<double> eps = a ? ExactFloat((*a)[5]) : std::nullopt;
    std::optional<double> decay = a ? ExactFloat((*a)[6]) : std::nullopt;
    if (!eps || !decay) {
        return std::nullopt;
    }
    const auto& h = *a;
    return ResultToPython(CallBatchNorm(h[0], h[1], h[2], h[3], h[4], *eps, *decay, h[7]));
}

ArrayBodyPtr CallFixedBatchNorm(py::handle x, py::handle gamma, py::handle beta, py::handle mean, py::handle var,
                                double eps, py::handle axis) {
    return FixedBatchNorm(ToArray(x), ToArray(gamma), ToArray(beta), ToArray(mean), ToArray(var), eps, ToAxes(axis))
            .TakeBody();
}

std::optional<py::object> FastFixedBatchNorm(const FastArgs& args) {
    static PyObject* const kEps = PyFloatConstant(2e-5);
    auto a = PositionalArgs<7, 2>(args, {kEps, Py_None});
    std::optional<double> eps = a ? ExactFloat((*a)[5]) : std::nullopt;
    if (!eps) {
        return std::nullopt;
    }
    const auto& h = *a;
    return ResultToPython(CallFixedBatchNorm(h[0], h[1], h[2], h[3], h[4], *eps, h[6]));
}

}  // namespace

void InitNormalization(py::module& m) {
    m.def("batch_norm",
          &CallBatchNorm,
          py::arg("x"),
          py::arg("gamma"),
          py::arg("beta"),
          py::arg("running_mean"),
          py::arg("running_var"),
          py::arg("eps") = 2e-5,
          py::arg("decay") = 0.9,
          py::arg("axis") = py::none());
    DefineFastFunction<&FastBatchNorm>(m, "batch_norm");
    m.def("fixed_batch_norm",
          &CallFixedBatchNorm,
          py::arg("x"),
          py::arg("gamma"),
          py::arg("beta"),
          py::arg("mean"),
          py::arg("var"),
          py::arg("eps") = 2e-5,
          py::arg("axis") = py::none());
    DefineFastFunction<&FastFixedBatchNorm>(m, "fixed_batch_norm");
    // Not in the original's API: what F.layer_normalization runs on chainerx (LayerNorm in routines/normalization.h).
    m.def("_layer_norm",
          [](py::handle x, py::handle gamma, py::handle beta, double eps) {
              return LayerNorm(ToArray(x), ToArray(gamma), ToArray(beta), eps).TakeBody();
          },
          py::arg("x"),
          py::arg("gamma"),
          py::arg("beta"),
          py::arg("eps") = 1e-5);
    // Not in the original's API: what F.normalize runs on chainerx (L2Normalize in routines/normalization.h).
    m.def("_normalize",
          [](py::handle x, double eps, py::handle axis) {
              return L2Normalize(ToArray(x), eps, ToAxes(axis)).TakeBody();
          },
          py::arg("x"),
          py::arg("eps") = 1e-5,
          py::arg("axis") = 1);
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
