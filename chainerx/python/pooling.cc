// Bindings of the pooling routines. ksize, stride and pad accept an int (the same for every spatial axis) or a
// sequence with one value per spatial axis; stride None means ksize.
#include "chainerx/core/routines/pooling.h"

#include <cstdint>
#include <string>

#include <pybind11/pybind11.h>

#include "chainerx/python/common.h"
#include "chainerx/python/init.h"

namespace chainerx {
namespace python {
namespace internal {
namespace {

namespace py = pybind11;

// An int or a sequence of ints as one value per spatial axis of x (the routine checks a sequence's length).
Dims ToDims(py::handle value, const Array& x) {
    Dims dims{};
    if (py::isinstance<py::int_>(value)) {
        for (int8_t i = 2; i < x.ndim(); ++i) {
            dims.push_back(value.cast<int64_t>());
        }
        return dims;
    }
    if (!py::isinstance<py::sequence>(value) || py::isinstance<py::str>(value)) {
        throw py::type_error{"expected an int or a sequence of ints, got " + std::string{py::str(py::type::of(value))}};
    }
    for (py::handle item : value.cast<py::sequence>()) {
        dims.push_back(item.cast<int64_t>());
    }
    return dims;
}

AveragePoolPadMode ToPadMode(const std::string& pad_mode) {
    if (pad_mode == "zero") {
        return AveragePoolPadMode::kZero;
    }
    if (pad_mode == "ignore") {
        return AveragePoolPadMode::kIgnore;
    }
    throw py::value_error{"pad_mode must be 'zero' or 'ignore', got '" + pad_mode + "'"};
}

}  // namespace

void InitPooling(py::module& m) {
    m.def("max_pool",
          [](py::handle x, py::handle ksize, py::handle stride, py::handle pad, bool cover_all) {
              Array xa = ToArray(x);
              Dims k = ToDims(ksize, xa);
              return MaxPool(xa, k, stride.is_none() ? k : ToDims(stride, xa), ToDims(pad, xa), cover_all).body();
          },
          py::arg("x"),
          py::arg("ksize"),
          py::arg("stride") = py::none(),
          py::arg("pad") = 0,
          py::arg("cover_all") = false);
    m.def("average_pool",
          [](py::handle x, py::handle ksize, py::handle stride, py::handle pad, const std::string& pad_mode) {
              Array xa = ToArray(x);
              Dims k = ToDims(ksize, xa);
              AveragePoolPadMode mode = ToPadMode(pad_mode);
              return AveragePool(xa, k, stride.is_none() ? k : ToDims(stride, xa), ToDims(pad, xa), mode).body();
          },
          py::arg("x"),
          py::arg("ksize"),
          py::arg("stride") = py::none(),
          py::arg("pad") = 0,
          py::arg("pad_mode") = "ignore");
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
