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
              Dims k = ToSpatialDims(ksize, "ksize", xa.ndim());
              Dims s = stride.is_none() ? k : ToSpatialDims(stride, "stride", xa.ndim());
              return MaxPool(xa, k, s, ToSpatialDims(pad, "pad", xa.ndim()), cover_all).TakeBody();
          },
          py::arg("x"),
          py::arg("ksize"),
          py::arg("stride") = py::none(),
          py::arg("pad") = 0,
          py::arg("cover_all") = false);
    m.def("average_pool",
          [](py::handle x, py::handle ksize, py::handle stride, py::handle pad, const std::string& pad_mode) {
              Array xa = ToArray(x);
              Dims k = ToSpatialDims(ksize, "ksize", xa.ndim());
              Dims s = stride.is_none() ? k : ToSpatialDims(stride, "stride", xa.ndim());
              AveragePoolPadMode mode = ToPadMode(pad_mode);
              return AveragePool(xa, k, s, ToSpatialDims(pad, "pad", xa.ndim()), mode).TakeBody();
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
