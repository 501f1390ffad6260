// Bindings of the loss routines and accuracy. As in the original ChainerX, the losses take no `reduce` argument.
#include "chainerx/core/routines/loss.h"

#include <cstdint>
#include <optional>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "chainerx/python/common.h"
#include "chainerx/python/init.h"
#include "chainerx/python/routine_binding.h"

namespace chainerx {
namespace python {
namespace internal {

void InitLoss(pybind11::module& m) {
    DefineArrayBinary<AbsoluteError>(m, "absolute_error");
    DefineArrayBinary<SquaredError>(m, "squared_error");
    DefineArrayBinary<SigmoidCrossEntropy>(m, "sigmoid_cross_entropy");
    DefineArrayBinary<SoftmaxCrossEntropy>(m, "softmax_cross_entropy");
    m.def("gaussian_kl_divergence",
          [](pybind11::handle mean, pybind11::handle ln_var) {
              return GaussianKlDivergence(ToArray(mean), ToArray(ln_var)).TakeBody();
          },
          pybind11::arg("mean"),
          pybind11::arg("ln_var"));
    // Not in the original's API: what F.bernoulli_nll and F.gaussian_nll run on chainerx (loss.h).
    m.def("_bernoulli_nll",
          [](pybind11::handle x, pybind11::handle y) { return BernoulliNll(ToArray(x), ToArray(y)).TakeBody(); },
          pybind11::arg("x"),
          pybind11::arg("y"));
    m.def("_gaussian_nll",
          [](pybind11::handle x, pybind11::handle mean, pybind11::handle ln_var) {
              return GaussianNll(ToArray(x), ToArray(mean), ToArray(ln_var)).TakeBody();
          },
          pybind11::arg("x"),
          pybind11::arg("mean"),
          pybind11::arg("ln_var"));
    // Not in the original's API: what F.connectionist_temporal_classification runs on chainerx (loss.h).
    m.def("_ctc_loss",
          [](pybind11::handle x,
             pybind11::handle labels,
             pybind11::handle input_lengths,
             pybind11::handle label_lengths,
             int64_t blank) {
              return CtcLoss(ToArray(x), ToArray(labels), ToArray(input_lengths), ToArray(label_lengths), blank)
                      .TakeBody();
          },
          pybind11::arg("x"),
          pybind11::arg("labels"),
          pybind11::arg("input_lengths"),
          pybind11::arg("label_lengths"),
          pybind11::arg("blank"));
    m.def("huber_loss",
          [](pybind11::handle x1, pybind11::handle x2, double delta) {
              return HuberLoss(ToArray(x1), ToArray(x2), delta).TakeBody();
          },
          pybind11::arg("x1"),
          pybind11::arg("x2"),
          pybind11::arg("delta"));
    m.def("hinge",
          [](pybind11::handle x1, pybind11::handle x2, double norm) {
              return Hinge(ToArray(x1), ToArray(x2), norm).TakeBody();
          },
          pybind11::arg("x1"),
          pybind11::arg("x2"),
          pybind11::arg("norm") = 1.0);
    m.def("accuracy",
          [](pybind11::handle y, pybind11::handle t, std::optional<int64_t> ignore_label) {
              return Accuracy(ToArray(y), ToArray(t), ignore_label).TakeBody();
          },
          pybind11::arg("y"),
          pybind11::arg("t"),
          pybind11::arg("ignore_label") = pybind11::none());
    // Not in the original's API: what F.softmax_cross_entropy's mean over its labels runs on chainerx.
    m.def("_mean_over_labels",
          [](pybind11::handle loss, pybind11::handle t, int64_t ignore_label) {
              return MeanOverLabels(ToArray(loss), ToArray(t), ignore_label).TakeBody();
          },
          pybind11::arg("loss"),
          pybind11::arg("t"),
          pybind11::arg("ignore_label") = -1);
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
