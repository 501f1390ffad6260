// Bindings of the manipulation routines and of their ndarray methods.
#include "chainerx/python/manipulation.h"

#include <cmath>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "chainerx/core/error.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/manipulation.h"
#include "chainerx/python/common.h"
#include "chainerx/python/init.h"

namespace chainerx {
namespace python {
namespace internal {
namespace {

namespace py = pybind11;

// A split count, or the indices to split before.
using SplitSpec = std::variant<int64_t, std::vector<int64_t>>;

// indices_or_sections of split, as the original takes it: an int, an integral float, a sequence of ints, or a
// NumPy array (0-d: its value as a Python scalar; empty, of any dtype: no indices; 1-d: integer indices; ValueError
// for ndim ≥ 2).
SplitSpec ToSplitSpec(py::handle handle) {
    if (py::isinstance<py::array>(handle)) {
        auto array = py::reinterpret_borrow<py::array>(handle);
        if (array.ndim() >= 2) {
            throw py::value_error{"split: indices_or_sections must be a scalar or 1-d, not " +
                                  std::to_string(array.ndim()) + "-d"};
        }
        if (array.ndim() == 0) {
            return ToSplitSpec(array.attr("tolist")());
        }
        if (array.size() == 0) {
            return std::vector<int64_t>{};
        }
        return ToInt64List(handle, "indices_or_sections");
    }
    if (PyFloat_Check(handle.ptr())) {
        double value = PyFloat_AS_DOUBLE(handle.ptr());
        if (!std::isfinite(value) || value != std::floor(value)) {
            throw py::value_error{"split: the number of sections must be integral, not " +
                                  std::string{py::repr(handle)}};
        }
        return static_cast<int64_t>(value);
    }
    if (IsInteger(handle)) {
        return ToInt64(handle, "indices_or_sections");
    }
    return ToInt64List(handle, "indices_or_sections");
}

py::list ToPyList(const std::vector<Array>& arrays) {
    py::list list;
    for (const Array& a : arrays) {
        list.append(py::cast(a.body()));
    }
    return list;
}

template <std::vector<Array> (*kBySections)(const Array&, int64_t),
          std::vector<Array> (*kByIndices)(const Array&, const std::vector<int64_t>&)>
void DefineSplitVariant(py::module& m, const char* name) {
    m.def(name,
          [](py::handle ary, py::handle indices_or_sections) {
              Array a = ToArray(ary);
              SplitSpec spec = ToSplitSpec(indices_or_sections);
              return ToPyList(std::holds_alternative<int64_t>(spec)
                                      ? kBySections(a, std::get<int64_t>(spec))
                                      : kByIndices(a, std::get<std::vector<int64_t>>(spec)));
          },
          py::arg("ary"), py::arg("indices_or_sections"));
}

ArrayBodyPtr CallRepeat(const Array& a, py::handle repeats, py::handle axis) {
    std::optional<int8_t> ax = ToOptionalAxis(axis);
    if (IsInteger(repeats)) {
        return Repeat(a, ToInt64(repeats, "repeats"), ax).TakeBody();
    }
    return Repeat(a, ToInt64List(repeats, "repeats"), ax).TakeBody();
}

CastingMode ToCastingMode(const std::string& casting) {
    if (casting == "no") {
        return CastingMode::kNo;
    }
    if (casting == "equiv") {
        return CastingMode::kEquiv;
    }
    if (casting == "safe") {
        return CastingMode::kSafe;
    }
    if (casting == "same_kind") {
        return CastingMode::kSameKind;
    }
    if (casting == "unsafe") {
        return CastingMode::kUnsafe;
    }
    throw py::value_error{"copyto: casting must be one of 'no', 'equiv', 'safe', 'same_kind' or 'unsafe', not '" +
                          casting + "'"};
}

void DefineShapeRoutines(py::module& m) {
    m.def("reshape", [](py::handle a, py::args shape) {
        if (shape.empty()) {
            throw ChainerxError{"reshape: a new shape is required"};
        }
        return Reshape(ToArray(a), shape.size() == 1 ? ToShape(shape[0]) : ToShape(shape)).TakeBody();
    });
    m.def("ravel", [](py::handle a) { return Ravel(ToArray(a)).TakeBody(); }, py::arg("a"));
    m.def("transpose", [](py::handle a, py::handle axes) { return Transpose(ToArray(a), ToAxes(axes)).TakeBody(); },
          py::arg("a"), py::arg("axes") = py::none());
    m.def("swapaxes",
          [](py::handle a, py::handle axis1, py::handle axis2) {
              return Swapaxes(ToArray(a), ToAxis(axis1, "axis1"), ToAxis(axis2, "axis2")).TakeBody();
          },
          py::arg("a"), py::arg("axis1"), py::arg("axis2"));
    m.def("rollaxis",
          [](py::handle a, py::handle axis, py::handle start) {
              return Rollaxis(ToArray(a), ToAxis(axis), ToAxis(start, "start")).TakeBody();
          },
          py::arg("a"), py::arg("axis"), py::arg("start") = 0);
    m.def("moveaxis",
          [](py::handle a, py::handle source, py::handle destination) {
              return Moveaxis(ToArray(a), ToAxesNotNone(source, "source"), ToAxesNotNone(destination, "destination"))
                      .body();
          },
          py::arg("a"), py::arg("source"), py::arg("destination"));
    m.def("squeeze", [](py::handle a, py::handle axis) { return Squeeze(ToArray(a), ToAxes(axis)).TakeBody(); },
          py::arg("a"), py::arg("axis") = py::none());
    m.def("expand_dims", [](py::handle a, py::handle axis) { return ExpandDims(ToArray(a), ToAxis(axis)).TakeBody(); },
          py::arg("a"), py::arg("axis"));
    m.def("broadcast_to",
          [](py::handle array, py::handle shape) { return BroadcastTo(ToArray(array), ToShape(shape)).TakeBody(); },
          py::arg("array"), py::arg("shape"));
    m.def("flip", [](py::handle m, py::handle axes) { return Flip(ToArray(m), ToAxes(axes)).TakeBody(); },
          py::arg("m"), py::arg("axes") = py::none());
    m.def("fliplr", [](py::handle m) { return Fliplr(ToArray(m)).TakeBody(); }, py::arg("m"));
    m.def("flipud", [](py::handle m) { return Flipud(ToArray(m)).TakeBody(); }, py::arg("m"));
    m.def("atleast_2d", [](py::handle a) { return AtLeast2D(ToArray(a)).TakeBody(); }, py::arg("a"));
    m.def("atleast_3d", [](py::handle a) { return AtLeast3D(ToArray(a)).TakeBody(); }, py::arg("a"));
}

void DefineJoinRoutines(py::module& m) {
    m.def("concatenate",
          [](py::handle arrays, py::handle axis) {
              return Concatenate(ToArrayList(arrays), ToOptionalAxis(axis)).TakeBody();
          },
          py::arg("arrays"), py::arg("axis") = 0);
    m.def("stack",
          [](py::handle arrays, py::handle axis) { return Stack(ToArrayList(arrays), ToAxis(axis)).TakeBody(); },
          py::arg("arrays"), py::arg("axis") = 0);
    m.def("hstack", [](py::handle arrays) { return Hstack(ToArrayList(arrays)).TakeBody(); }, py::arg("arrays"));
    m.def("vstack", [](py::handle arrays) { return Vstack(ToArrayList(arrays)).TakeBody(); }, py::arg("arrays"));
    m.def("dstack", [](py::handle arrays) { return Dstack(ToArrayList(arrays)).TakeBody(); }, py::arg("arrays"));
    m.def("split",
          [](py::handle ary, py::handle indices_or_sections, py::handle axis_arg) {
              Array a = ToArray(ary);
              int8_t axis = ToAxis(axis_arg);
              SplitSpec spec = ToSplitSpec(indices_or_sections);
              return ToPyList(std::holds_alternative<int64_t>(spec)
                                      ? Split(a, std::get<int64_t>(spec), axis)
                                      : Split(a, std::get<std::vector<int64_t>>(spec), axis));
          },
          py::arg("ary"), py::arg("indices_or_sections"), py::arg("axis") = 0);
    DefineSplitVariant<Hsplit, Hsplit>(m, "hsplit");
    DefineSplitVariant<Vsplit, Vsplit>(m, "vsplit");
    DefineSplitVariant<Dsplit, Dsplit>(m, "dsplit");
    m.def("repeat",
          [](py::handle a, py::handle repeats, py::handle axis) { return CallRepeat(ToArray(a), repeats, axis); },
          py::arg("a"), py::arg("repeats"), py::arg("axis") = py::none());
    m.def("copyto",
          [](py::handle dst, py::handle src, const std::string& casting, py::handle where) {
              Array out = ToArray(dst);
              CastingMode mode = ToCastingMode(casting);
              if (!IsArray(where) && ToScalar(where).As<bool>()) {
                  CopyTo(out, ToArray(src), mode);  // the plain copy: a mask of true would be read per element
                  return;
              }
              Array mask = IsArray(where) ? ToArray(where) : Full(Shape{}, false, out.device());
              CopyTo(out, ToArray(src), mode, mask);
          },
          py::arg("dst"), py::arg("src"), py::arg("casting") = "no", py::arg("where") = true);
}

}  // namespace

void DefineManipulationMethods(ArrayClass& c) {
    c.def("ravel", [](const ArrayBodyPtr& self) { return Ravel(A(self)).TakeBody(); });
    // flatten always copies, unlike ravel.
    c.def("flatten", [](const ArrayBodyPtr& self) { return Ravel(Copy(A(self))).TakeBody(); });
    c.def("squeeze",
          [](const ArrayBodyPtr& self, py::handle axis) { return Squeeze(A(self), ToAxes(axis)).TakeBody(); },
          py::arg("axis") = py::none());
    c.def("swapaxes",
          [](const ArrayBodyPtr& self, py::handle axis1, py::handle axis2) {
              return Swapaxes(A(self), ToAxis(axis1, "axis1"), ToAxis(axis2, "axis2")).TakeBody();
          },
          py::arg("axis1"), py::arg("axis2"));
    c.def("repeat",
          [](const ArrayBodyPtr& self, py::handle repeats, py::handle axis) {
              return CallRepeat(A(self), repeats, axis);
          },
          py::arg("repeats"), py::arg("axis") = py::none());
}

// pad_width of _pad_constant: one (before, after) pair of integers per axis.
std::vector<std::pair<int64_t, int64_t>> ToPadWidths(py::handle handle) {
    if (!py::isinstance<py::sequence>(handle) || py::isinstance<py::str>(handle) || py::isinstance<py::bytes>(handle)) {
        throw py::type_error{"_pad_constant: pad_width must be a sequence of (before, after) pairs of ints"};
    }
    std::vector<std::pair<int64_t, int64_t>> widths;
    // Iterating the handle, not a py::sequence: the generic iterator holds each item (a NumPy array's rows are new
    // objects) until it advances, where a sequence accessor's item would die with the accessor.
    for (py::handle pair : handle) {
        std::vector<int64_t> values = ToInt64List(pair, "pad_width");
        if (values.size() != 2) {
            throw DimensionError{"_pad_constant: each entry of pad_width must be a (before, after) pair, got ",
                                 values.size(), " values"};
        }
        widths.emplace_back(values[0], values[1]);
    }
    return widths;
}

void InitManipulation(py::module& m) {
    DefineShapeRoutines(m);
    DefineJoinRoutines(m);
    // Not in the original's API: what F.pad runs on chainerx in mode 'constant' (PadConstant in manipulation.h).
    m.def("_pad_constant",
          [](py::handle x, py::handle pad_width, py::handle value) {
              return PadConstant(ToArray(x), ToPadWidths(pad_width), ToScalar(value)).TakeBody();
          },
          py::arg("x"),
          py::arg("pad_width"),
          py::arg("constant_value") = 0);
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
