// Bindings of the recurrent routines. The cells return the tuple (c, h) as Chainer's functions do; the n_step_*
// networks take positional arguments only and return (hy, cy, ys) for LSTMs and (hy, ys) otherwise, ys a list.
#include "chainerx/core/routines/rnn.h"

#include <cstdint>
#include <string>
#include <vector>

#include <pybind11/pybind11.h>

#include "chainerx/python/common.h"
#include "chainerx/python/init.h"

namespace chainerx {
namespace python {
namespace internal {

namespace py = pybind11;

namespace {

py::tuple ToTuple(const std::vector<Array>& arrays) {
    py::tuple out(arrays.size());
    for (size_t i = 0; i < arrays.size(); ++i) {
        out[i] = py::cast(arrays[i].body());
    }
    return out;
}

py::list ToList(const std::vector<Array>& arrays) {
    py::list out;
    for (const Array& a : arrays) {
        out.append(py::cast(a.body()));
    }
    return out;
}

RnnActivation ToActivation(const std::string& activation) {
    if (activation == "tanh") {
        return RnnActivation::kTanh;
    }
    if (activation == "relu") {
        return RnnActivation::kRelu;
    }
    throw py::value_error{"activation must be 'tanh' or 'relu', got '" + activation + "'"};
}

using NStepLstmFunc = NStepRnnResult (*)(
        int64_t, const Array&, const Array&, const std::vector<std::vector<Array>>&,
        const std::vector<std::vector<Array>>&, const std::vector<Array>&);
using NStepGruFunc = NStepRnnResult (*)(
        int64_t, const Array&, const std::vector<std::vector<Array>>&, const std::vector<std::vector<Array>>&,
        const std::vector<Array>&);
using NStepRnnFunc = NStepRnnResult (*)(
        int64_t, const Array&, const std::vector<std::vector<Array>>&, const std::vector<std::vector<Array>>&,
        const std::vector<Array>&, RnnActivation);

void DefineNStep(py::module& m, const char* name, NStepLstmFunc func) {
    m.def(name, [func](int64_t n_layers, py::handle hx, py::handle cx, py::handle ws, py::handle bs, py::handle xs) {
        NStepRnnResult r = func(n_layers, ToArray(hx), ToArray(cx), ToArrayLists(ws, "ws"), ToArrayLists(bs, "bs"),
                                ToArrayList(xs, "xs"));
        return py::make_tuple(r.hy.body(), r.cy->body(), ToList(r.ys));
    });
}

void DefineNStep(py::module& m, const char* name, NStepGruFunc func) {
    m.def(name, [func](int64_t n_layers, py::handle hx, py::handle ws, py::handle bs, py::handle xs) {
        NStepRnnResult r =
                func(n_layers, ToArray(hx), ToArrayLists(ws, "ws"), ToArrayLists(bs, "bs"), ToArrayList(xs, "xs"));
        return py::make_tuple(r.hy.body(), ToList(r.ys));
    });
}

void DefineNStep(py::module& m, const char* name, NStepRnnFunc func) {
    m.def(name,
          [func](int64_t n_layers, py::handle hx, py::handle ws, py::handle bs, py::handle xs,
                 const std::string& activation) {
              NStepRnnResult r = func(n_layers, ToArray(hx), ToArrayLists(ws, "ws"), ToArrayLists(bs, "bs"),
                                      ToArrayList(xs, "xs"), ToActivation(activation));
              return py::make_tuple(r.hy.body(), ToList(r.ys));
          });
}

}  // namespace

void InitRnn(py::module& m) {
    m.def("lstm",
          [](py::handle c, py::handle x) { return ToTuple(Lstm(ToArray(c), ToArray(x))); },
          py::arg("c"),
          py::arg("x"));
    m.def("slstm",
          [](py::handle c_prev1, py::handle c_prev2, py::handle x1, py::handle x2) {
              return ToTuple(Slstm(ToArray(c_prev1), ToArray(c_prev2), ToArray(x1), ToArray(x2)));
          },
          py::arg("c_prev1"),
          py::arg("c_prev2"),
          py::arg("x1"),
          py::arg("x2"));
    m.def("tree_lstm", [](const py::args& inputs) { return ToTuple(TreeLstm(ToArrayList(inputs, "inputs"))); });
    DefineNStep(m, "n_step_lstm", &NStepLstm);
    DefineNStep(m, "n_step_bilstm", &NStepBiLstm);
    DefineNStep(m, "n_step_gru", &NStepGru);
    DefineNStep(m, "n_step_bigru", &NStepBiGru);
    DefineNStep(m, "n_step_rnn", &NStepRnn);
    DefineNStep(m, "n_step_birnn", &NStepBiRnn);
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
