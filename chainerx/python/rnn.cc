// Bindings of the LSTM cells. Each returns the tuple (c, h), as Chainer's functions do.
#include "chainerx/core/routines/rnn.h"

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
    m.def("tree_lstm", [](const py::args& inputs) {
        std::vector<Array> arrays;
        for (py::handle input : inputs) {
            arrays.push_back(ToArray(input));
        }
        return ToTuple(TreeLstm(arrays));
    });
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
