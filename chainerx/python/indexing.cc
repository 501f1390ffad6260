// Bindings of the indexing routines (take, where, nonzero) and of ndarray's __getitem__ / __setitem__ fast
// paths (basic keys, and advanced keys whose arrays chainerx/_indexing.py has converted to ndarrays).
#include "chainerx/python/indexing.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "chainerx/core/array_index.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/creation.h"
#include "chainerx/core/routines/indexing.h"
#include "chainerx/core/routines/manipulation.h"
#include "chainerx/core/routines/type_util.h"
#include "chainerx/python/common.h"
#include "chainerx/python/init.h"
#include "chainerx/python/numpy_interop.h"

namespace chainerx {
namespace python {
namespace internal {
namespace {

namespace py = pybind11;

[[noreturn]] void ThrowInvalidKey(py::handle item) {
    throw py::index_error{"only integers, slices (`:`), ellipsis (`...`) and None (`numpy.newaxis`) are valid "
                          "indices, not " + std::string{Py_TYPE(item.ptr())->tp_name}};
}

// An integer index from anything with __index__ (Python and NumPy integers), except bool, which NumPy reads
// as a mask rather than as a position.
int64_t ToIndex(py::handle item) {
    if (PyBool_Check(item.ptr()) || PyIndex_Check(item.ptr()) == 0) {
        ThrowInvalidKey(item);
    }
    py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(item.ptr()));
    if (!index) {
        throw py::error_already_set{};
    }
    int overflow = 0;
    long long value = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);  // NOLINT(google-runtime-int)
    if (overflow != 0) {
        throw IndexError{"index ", std::string{py::str(index)}, " is out of bounds"};
    }
    return static_cast<int64_t>(value);
}

std::optional<int64_t> ToOptionalIndex(PyObject* bound) {
    return bound == Py_None ? std::nullopt : std::optional<int64_t>{ToIndex(bound)};
}

ArrayIndex ToArrayIndex(py::handle item) {
    if (item.is_none()) {
        return NewAxis{};
    }
    if (item.ptr() == Py_Ellipsis) {
        return Ellipsis{};
    }
    if (PySlice_Check(item.ptr())) {
        auto* slice = reinterpret_cast<PySliceObject*>(item.ptr());
        return Slice{ToOptionalIndex(slice->start), ToOptionalIndex(slice->stop), ToOptionalIndex(slice->step)};
    }
    return ToIndex(item);
}

std::vector<ArrayIndex> ToArrayIndices(py::handle key) {
    std::vector<ArrayIndex> indices;
    if (PyTuple_Check(key.ptr())) {
        for (py::handle item : key) {
            indices.push_back(ToArrayIndex(item));
        }
    } else {
        indices.push_back(ToArrayIndex(key));
    }
    return indices;
}

// Drops leading length-1 axes beyond the target's rank, as NumPy does when assigning (a[0] = ones((1, 3))).
Array SqueezeLeadingOnes(const Array& value, int8_t ndim) {
    int8_t extra = value.ndim() - ndim;
    if (extra <= 0) {
        return value;
    }
    std::vector<ArrayIndex> leading(static_cast<size_t>(extra), ArrayIndex{0});
    for (int8_t i = 0; i < extra; ++i) {
        if (value.shape()[i] != 1) {
            throw DimensionError{"could not broadcast an array of shape ", value.shape(), " into shape of rank ",
                                 int{ndim}};
        }
    }
    return chainerx::internal::AtView(value, leading);
}

// value is written into the view without recording a graph; the Python wrapper rejects targets in a graph.
void SetItemBasic(const Array& self, py::handle key, py::handle value) {
    chainerx::internal::CheckInplaceAllowed("__setitem__", self);  // also refuses broadcast views
    Array view = chainerx::internal::AtView(self, ToArrayIndices(key));
    if (!IsArray(value)) {
        Scalar fill_value = ToScalar(value);
        chainerx::internal::CheckScalarFits(fill_value, view.dtype());
        view.device().CallKernel<FillKernel>(view, fill_value);
        return;
    }
    Array src = ToArray(value).AsGradStopped();
    if (&src.device() != &view.device()) {
        src = src.ToDevice(view.device());
    } else if (src.data() == view.data()) {
        // Source and target share memory (a[1:] = a[:-1]); read from a copy, as NumPy does.
        src = src.AsGradStopped(CopyKind::kCopy);
    }
    src = chainerx::internal::BroadcastView(SqueezeLeadingOnes(src, view.ndim()), view.shape());
    view.device().CallKernel<AsTypeKernel>(src, view);
}

// A key whose items are basic indices or chainerx.ndarrays (index arrays).
std::vector<IndexItem> ToIndexItems(py::handle key) {
    std::vector<IndexItem> items;
    auto add = [&items](py::handle item) {
        if (IsArray(item)) {
            items.emplace_back(ToArray(item));
        } else {
            items.emplace_back(ToArrayIndex(item));
        }
    };
    if (PyTuple_Check(key.ptr())) {
        for (py::handle item : key) {
            add(item);
        }
    } else {
        add(key);
    }
    return items;
}

// take's indices: a chainerx.ndarray as is, a NumPy array with its dtype, anything else (a sequence or an
// integer) through numpy.asarray, integers as int64; the last two on `device`.
Array ToIndicesArray(py::handle indices, Device& device) {
    if (IsArray(indices)) {
        return ToArray(indices);
    }
    if (py::isinstance<py::array>(indices)) {
        return FromNumpy(py::reinterpret_borrow<py::array>(indices), device);
    }
    // Integers (and empty sequences) become int64; anything else keeps its dtype so that take rejects it.
    py::module numpy = py::module::import("numpy");
    py::array converted = numpy.attr("asarray")(indices);
    if (converted.size() == 0 || converted.dtype().kind() == 'i' || converted.dtype().kind() == 'u') {
        converted = converted.attr("astype")(numpy.attr("int64"));
    }
    return FromNumpy(converted, device);
}

IndexBoundsMode ToIndexBoundsMode(py::handle mode) {
    if (mode.is_none()) {
        return IndexBoundsMode::kDefault;
    }
    std::string name = py::str(mode);
    if (py::isinstance<py::str>(mode)) {
        if (name == "raise") {
            return IndexBoundsMode::kRaise;
        }
        if (name == "wrap") {
            return IndexBoundsMode::kWrap;
        }
        if (name == "clip") {
            return IndexBoundsMode::kClip;
        }
    }
    throw py::value_error{"take: mode must be 'raise', 'wrap', 'clip' or None, not " + name};
}

ArrayBodyPtr CallTake(const Array& a, py::handle indices, py::handle axis, py::handle mode) {
    if (axis.is_none()) {
        throw NotImplementedError{"take: axis=None (taking from the flattened array) is not supported"};
    }
    return Take(a, ToIndicesArray(indices, a.device()), ToInt64(axis, "axis"), ToIndexBoundsMode(mode)).TakeBody();
}

// where's x and y: arrays or scalars (four overloads, chosen here rather than by pybind11).
ArrayBodyPtr CallWhere(py::handle condition, py::handle x, py::handle y) {
    Array cond = ToArray(condition);
    if (IsArray(x)) {
        return (IsArray(y) ? Where(cond, ToArray(x), ToArray(y)) : Where(cond, ToArray(x), ToScalar(y))).TakeBody();
    }
    return (IsArray(y) ? Where(cond, ToScalar(x), ToArray(y)) : Where(cond, ToScalar(x), ToScalar(y))).TakeBody();
}

}  // namespace

void DefineIndexingMethods(ArrayClass& c) {
    c.def("__getitem__",
          [](const ArrayBodyPtr& self, py::handle key) { return A(self).At(ToArrayIndices(key)).TakeBody(); },
          py::arg("key"));
    c.def("_setitem_basic",
          [](const ArrayBodyPtr& self, py::handle key, py::handle value) { SetItemBasic(A(self), key, value); },
          py::arg("key"), py::arg("value"));
    c.def("_getitem_advanced",
          [](const ArrayBodyPtr& self, py::handle key) { return AtAdvanced(A(self), ToIndexItems(key)).TakeBody(); },
          py::arg("key"));
    c.def("_setitem_advanced",
          [](const ArrayBodyPtr& self, py::handle key, py::handle value) {
              chainerx::internal::SetItemAdvanced(A(self), ToIndexItems(key), ToArray(value));
          },
          py::arg("key"), py::arg("value"));
    c.def("take",
          [](const ArrayBodyPtr& self, py::handle indices, py::handle axis, py::handle mode) {
              return CallTake(A(self), indices, axis, mode);
          },
          py::arg("indices"), py::arg("axis") = py::none(), py::arg("mode") = py::none());
}

void InitIndexing(pybind11::module& m) {
    m.def("take",
          [](py::handle a, py::handle indices, py::handle axis, py::handle mode) {
              return CallTake(ToArray(a), indices, axis, mode);
          },
          py::arg("a"), py::arg("indices"), py::arg("axis"), py::arg("mode") = py::none());
    // F.scatter_add's forward; the key's index arrays are already chainerx arrays (chainerx/_indexing.py).
    m.def("_scatter_add",
          [](py::handle a, py::handle key, py::handle b) {
              return chainerx::internal::AddAt(ToArray(a), ToIndexItems(key), ToArray(b)).TakeBody();
          },
          py::arg("a"), py::arg("key"), py::arg("b"));
    m.def("where", &CallWhere, py::arg("condition"), py::arg("x"), py::arg("y"));
    m.def("nonzero", [](py::handle a) {
        std::vector<Array> coords = Nonzero(ToArray(a));
        py::tuple out(coords.size());
        for (size_t d = 0; d < coords.size(); ++d) {
            out[d] = py::cast(coords[d].body());
        }
        return out;
    }, py::arg("a"));
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
