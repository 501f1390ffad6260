// Bindings of the manipulation routines and of their ndarray methods.
#include "chainerx/python/manipulation.h"

#include <cmath>
#include <optional>
#include <string>
#include <variant>

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

std::string TypeName(py::handle handle) { return Py_TYPE(handle.ptr())->tp_name; }

bool IsInteger(py::handle handle) {
    return !PyBool_Check(handle.ptr()) && !PyFloat_Check(handle.ptr()) && PyIndex_Check(handle.ptr()) != 0;
}

int64_t ToInt(py::handle handle, const char* what) {
    if (!IsInteger(handle)) {
        throw py::type_error{std::string{what} + " must be integers, not " + TypeName(handle)};
    }
    return py::reinterpret_steal<py::object>(PyNumber_Index(handle.ptr())).cast<int64_t>();
}

// indices_or_sections of split: an int, an integral float, a 0-d or 1-d integer NumPy array or a sequence of
// ints, as NumPy accepts them.
SplitSpec ToSplitSpec(py::handle handle) {
    if (PyFloat_Check(handle.ptr())) {
        double value = handle.cast<double>();
        if (value != std::floor(value)) {
            throw py::value_error{"split: the number of sections must be integral, not " + std::string{py::repr(handle)}};
        }
        return static_cast<int64_t>(value);
    }
    if (py::isinstance<py::array>(handle)) {
        auto array = py::reinterpret_borrow<py::array>(handle);
        if (array.ndim() > 1) {
            throw py::value_error{"split: indices_or_sections must be a scalar or 1-d, not " +
                                  std::to_string(array.ndim()) + "-d"};
        }
        char kind = array.dtype().kind();
        if (kind != 'i' && kind != 'u') {
            throw py::type_error{"split: indices_or_sections must be integers, not of dtype " +
                                 std::string{py::str(array.dtype())}};
        }
        py::object values = array.attr("tolist")();
        return array.ndim() == 0 ? SplitSpec{values.cast<int64_t>()} : SplitSpec{ToIntList(values)};
    }
    if (IsInteger(handle)) {
        return ToInt(handle, "indices_or_sections");
    }
    return ToIntList(handle);
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

std::optional<int8_t> ToOptionalAxis(py::handle axis) {
    if (axis.is_none()) {
        return std::nullopt;
    }
    int64_t value = ToInt(axis, "axis");
    if (value < -128 || value > 127) {
        throw DimensionError{"axis ", value, " is out of range"};
    }
    return static_cast<int8_t>(value);
}

ArrayBodyPtr CallRepeat(const Array& a, py::handle repeats, py::handle axis) {
    std::optional<int8_t> ax = ToOptionalAxis(axis);
    if (IsInteger(repeats)) {
        return Repeat(a, ToInt(repeats, "repeats"), ax).body();
    }
    return Repeat(a, ToIntList(repeats), ax).body();
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
        return Reshape(ToArray(a), shape.size() == 1 ? ToShape(shape[0]) : ToShape(shape)).body();
    });
    m.def("ravel", [](py::handle a) { return Ravel(ToArray(a)).body(); }, py::arg("a"));
    m.def("transpose", [](py::handle a, py::handle axes) { return Transpose(ToArray(a), ToAxes(axes)).body(); },
          py::arg("a"), py::arg("axes") = py::none());
    m.def("swapaxes",
          [](py::handle a, int8_t axis1, int8_t axis2) { return Swapaxes(ToArray(a), axis1, axis2).body(); },
          py::arg("a"), py::arg("axis1"), py::arg("axis2"));
    m.def("rollaxis",
          [](py::handle a, int8_t axis, int8_t start) { return Rollaxis(ToArray(a), axis, start).body(); },
          py::arg("a"), py::arg("axis"), py::arg("start") = 0);
    m.def("moveaxis",
          [](py::handle a, py::handle source, py::handle destination) {
              return Moveaxis(ToArray(a), *ToAxes(source), *ToAxes(destination)).body();
          },
          py::arg("a"), py::arg("source"), py::arg("destination"));
    m.def("squeeze", [](py::handle a, py::handle axis) { return Squeeze(ToArray(a), ToAxes(axis)).body(); },
          py::arg("a"), py::arg("axis") = py::none());
    m.def("expand_dims", [](py::handle a, int8_t axis) { return ExpandDims(ToArray(a), axis).body(); },
          py::arg("a"), py::arg("axis"));
    m.def("broadcast_to",
          [](py::handle array, py::handle shape) { return BroadcastTo(ToArray(array), ToShape(shape)).body(); },
          py::arg("array"), py::arg("shape"));
    m.def("flip", [](py::handle m, py::handle axes) { return Flip(ToArray(m), ToAxes(axes)).body(); },
          py::arg("m"), py::arg("axes") = py::none());
    m.def("fliplr", [](py::handle m) { return Fliplr(ToArray(m)).body(); }, py::arg("m"));
    m.def("flipud", [](py::handle m) { return Flipud(ToArray(m)).body(); }, py::arg("m"));
    m.def("atleast_2d", [](py::handle a) { return AtLeast2D(ToArray(a)).body(); }, py::arg("a"));
    m.def("atleast_3d", [](py::handle a) { return AtLeast3D(ToArray(a)).body(); }, py::arg("a"));
}

void DefineJoinRoutines(py::module& m) {
    m.def("concatenate",
          [](py::handle arrays, py::handle axis) { return Concatenate(ToArrayList(arrays), ToOptionalAxis(axis)).body(); },
          py::arg("arrays"), py::arg("axis") = 0);
    m.def("stack",
          [](py::handle arrays, int8_t axis) { return Stack(ToArrayList(arrays), axis).body(); },
          py::arg("arrays"), py::arg("axis") = 0);
    m.def("hstack", [](py::handle arrays) { return Hstack(ToArrayList(arrays)).body(); }, py::arg("arrays"));
    m.def("vstack", [](py::handle arrays) { return Vstack(ToArrayList(arrays)).body(); }, py::arg("arrays"));
    m.def("dstack", [](py::handle arrays) { return Dstack(ToArrayList(arrays)).body(); }, py::arg("arrays"));
    m.def("split",
          [](py::handle ary, py::handle indices_or_sections, int8_t axis) {
              Array a = ToArray(ary);
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
              Array mask = IsArray(where) ? ToArray(where) : Full(Shape{}, ToScalar(where).As<bool>(), out.device());
              CopyTo(out, ToArray(src), mode, mask);
          },
          py::arg("dst"), py::arg("src"), py::arg("casting") = "no", py::arg("where") = true);
}

}  // namespace

std::vector<Array> ToArrayList(py::handle handle) {
    if (!py::isinstance<py::sequence>(handle) || py::isinstance<py::str>(handle) || IsArray(handle)) {
        throw py::type_error{"expected a sequence of chainerx.ndarray, got " + TypeName(handle)};
    }
    std::vector<Array> arrays;
    for (py::handle item : handle) {
        arrays.push_back(ToArray(item));
    }
    return arrays;
}

std::vector<int64_t> ToIntList(py::handle handle) {
    if (!py::isinstance<py::sequence>(handle) || py::isinstance<py::str>(handle)) {
        throw py::type_error{"expected an int or a sequence of ints, got " + TypeName(handle)};
    }
    std::vector<int64_t> values;
    for (py::handle item : handle) {
        values.push_back(ToInt(item, "sequence items"));
    }
    return values;
}

void DefineManipulationMethods(ArrayClass& c) {
    c.def("ravel", [](const ArrayBodyPtr& self) { return Ravel(A(self)).body(); });
    // flatten always copies, unlike ravel.
    c.def("flatten", [](const ArrayBodyPtr& self) { return Ravel(Copy(A(self))).body(); });
    c.def("squeeze", [](const ArrayBodyPtr& self, py::handle axis) { return Squeeze(A(self), ToAxes(axis)).body(); },
          py::arg("axis") = py::none());
    c.def("swapaxes",
          [](const ArrayBodyPtr& self, int8_t axis1, int8_t axis2) { return Swapaxes(A(self), axis1, axis2).body(); },
          py::arg("axis1"), py::arg("axis2"));
    c.def("repeat",
          [](const ArrayBodyPtr& self, py::handle repeats, py::handle axis) {
              return CallRepeat(A(self), repeats, axis);
          },
          py::arg("repeats"), py::arg("axis") = py::none());
}

void InitManipulation(py::module& m) {
    DefineShapeRoutines(m);
    DefineJoinRoutines(m);
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
