// Bindings of the creation routines.
#include "chainerx/core/routines/creation.h"

#include <cstdint>
#include <optional>
#include <string>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "chainerx/core/error.h"
#include "chainerx/python/common.h"
#include "chainerx/python/init.h"
#include "chainerx/python/manipulation.h"

namespace chainerx {
namespace python {
namespace internal {

namespace py = pybind11;

namespace {

// A 1-d array viewing (on host-accessible devices; else copying) the bytes of a C-contiguous buffer, kept alive
// through a memoryview. Throws ChainerxError for a bad offset, count or buffer size.
Array FromBuffer(py::handle buffer, Dtype dtype, int64_t count, int64_t offset, Device& device) {
    auto view = py::reinterpret_steal<py::object>(PyMemoryView_FromObject(buffer.ptr()));
    if (!view) {
        throw py::error_already_set{};
    }
    Py_buffer* info = PyMemoryView_GET_BUFFER(view.ptr());
    if (PyBuffer_IsContiguous(info, 'C') == 0) {
        throw ChainerxError{"frombuffer: the buffer must be C-contiguous"};
    }
    int64_t size = info->len;
    int64_t item_size = GetItemSize(dtype);
    if (offset < 0 || offset > size) {
        throw ChainerxError{"frombuffer: offset ", offset, " is out of range for a buffer of ", size, " bytes"};
    }
    if (count < 0) {
        if ((size - offset) % item_size != 0) {
            throw ChainerxError{"frombuffer: the buffer size after the offset (", size - offset,
                                " bytes) is not a multiple of the element size ", item_size};
        }
        count = (size - offset) / item_size;
    } else if (count > (size - offset) / item_size) {
        throw ChainerxError{"frombuffer: the buffer is smaller than the requested ", count, " elements"};
    }
    char* first = static_cast<char*>(info->buf) + offset;
    std::shared_ptr<void> data{SharePyObject(view), first};
    return FromContiguousHostData({count}, dtype, std::move(data), device);
}

// identity, eye, tri, tril/triu and diag/diagflat.
void DefineMatrixRoutines(py::module& m) {
    m.def("identity",
          [](int64_t n, py::handle dtype, py::handle device) {
              return Identity(n, GetOptionalDtype(dtype).value_or(Dtype::kFloat32), GetDevice(device)).TakeBody();
          },
          py::arg("n"), py::arg("dtype") = py::none(), py::arg("device") = py::none());
    m.def("eye",
          [](int64_t n, std::optional<int64_t> m, int64_t k, py::handle dtype, py::handle device) {
              return Eye(n, m, k, GetDtype(dtype), GetDevice(device)).TakeBody();
          },
          py::arg("N"), py::arg("M") = py::none(), py::arg("k") = 0, py::arg("dtype") = "float64",
          py::arg("device") = py::none());
    m.def("tri",
          [](int64_t n, std::optional<int64_t> m, int64_t k, py::handle dtype, py::handle device) {
              return Tri(n, m, k, GetDtype(dtype), GetDevice(device)).TakeBody();
          },
          py::arg("N"), py::arg("M") = py::none(), py::arg("k") = 0, py::arg("dtype") = "float32",
          py::arg("device") = py::none());
    m.def("tril", [](py::handle m, int64_t k) { return Tril(ToArray(m), k).TakeBody(); },
          py::arg("m"), py::arg("k") = 0);
    m.def("triu", [](py::handle m, int64_t k) { return Triu(ToArray(m), k).TakeBody(); },
          py::arg("m"), py::arg("k") = 0);
    m.def("diag", [](py::handle v, int64_t k) { return Diag(ToArray(v), k).TakeBody(); },
          py::arg("v"), py::arg("k") = 0);
    m.def("diagflat", [](py::handle v, int64_t k) { return Diagflat(ToArray(v), k).TakeBody(); }, py::arg("v"),
          py::arg("k") = 0);
}

// meshgrid(*xi, indexing='xy'): as in the original, any other keyword is a ChainerxError.
py::list CallMeshgrid(const py::args& xi, const py::kwargs& kwargs) {
    MeshgridIndexingMode mode = MeshgridIndexingMode::kCartesian;
    for (const auto& [key, value] : kwargs) {
        if (py::str(key).cast<std::string>() != "indexing") {
            throw ChainerxError{"meshgrid: unexpected keyword argument '", py::str(key).cast<std::string>(), "'"};
        }
        std::string indexing = py::str(value);
        if (indexing != "xy" && indexing != "ij") {
            throw ChainerxError{"meshgrid: indexing must be 'xy' or 'ij', not '", indexing, "'"};
        }
        mode = indexing == "xy" ? MeshgridIndexingMode::kCartesian : MeshgridIndexingMode::kMatrix;
    }
    py::list outs;
    for (const Array& out : Meshgrid(ToArrayList(xi), mode)) {
        outs.append(py::cast(out.body()));
    }
    return outs;
}

void DefineOtherRoutines(py::module& m) {
    m.def("ascontiguousarray",
          [](py::handle a, py::handle dtype) {
              Array x = IsArray(a) ? ToArray(a) : ToArray(py::module::import("chainerx").attr("asarray")(a));
              return AsContiguousArray(x, GetOptionalDtype(dtype)).TakeBody();
          },
          py::arg("a"), py::arg("dtype") = py::none());
    m.def("frombuffer",
          [](py::handle buffer, py::handle dtype, int64_t count, int64_t offset, py::handle device) {
              return FromBuffer(buffer, GetDtype(dtype), count, offset, GetDevice(device)).TakeBody();
          },
          py::arg("buffer"), py::arg("dtype") = "float32", py::arg("count") = -1, py::arg("offset") = 0,
          py::arg("device") = py::none());
    m.def("linspace",
          [](py::handle start, py::handle stop, int64_t num, bool endpoint, py::handle dtype, py::handle device) {
              return Linspace(ToScalar(start), ToScalar(stop), num, endpoint, GetOptionalDtype(dtype),
                              GetDevice(device))
                      .body();
          },
          py::arg("start"), py::arg("stop"), py::arg("num") = 50, py::arg("endpoint") = true,
          py::arg("dtype") = py::none(), py::arg("device") = py::none());
    m.def("meshgrid", &CallMeshgrid);
}

}  // namespace

// As in the original ChainerX, *_like functions create the result on `device`, which defaults to the default
// device (not to the device of `a`).
void InitCreation(py::module& m) {
    m.def("empty",
          [](py::handle shape, py::handle dtype, py::handle device) {
              Dtype resolved = GetOptionalDtype(dtype).value_or(Dtype::kFloat32);
              return Empty(ToShape(shape), resolved, GetDevice(device)).TakeBody();
          },
          py::arg("shape"), py::arg("dtype") = py::none(), py::arg("device") = py::none());
    m.def("zeros",
          [](py::handle shape, py::handle dtype, py::handle device) {
              Dtype resolved = GetOptionalDtype(dtype).value_or(Dtype::kFloat32);
              return Zeros(ToShape(shape), resolved, GetDevice(device)).TakeBody();
          },
          py::arg("shape"), py::arg("dtype") = py::none(), py::kw_only(), py::arg("device") = py::none());
    m.def("ones",
          [](py::handle shape, py::handle dtype, py::handle device) {
              Dtype resolved = GetOptionalDtype(dtype).value_or(Dtype::kFloat32);
              return Ones(ToShape(shape), resolved, GetDevice(device)).TakeBody();
          },
          py::arg("shape"), py::arg("dtype") = py::none(), py::arg("device") = py::none());
    m.def("full",
          [](py::handle shape, py::handle fill_value, py::handle dtype, py::handle device) {
              Scalar value = ToScalar(fill_value);
              std::optional<Dtype> dt = GetOptionalDtype(dtype);
              return (dt.has_value() ? Full(ToShape(shape), value, *dt, GetDevice(device))
                                     : Full(ToShape(shape), value, GetDevice(device)))
                      .body();
          },
          py::arg("shape"), py::arg("fill_value"), py::arg("dtype") = py::none(), py::arg("device") = py::none());
    m.def("arange",
          [](py::handle start, py::handle stop, py::handle step, py::handle dtype, py::handle device) {
              // arange(stop) counts from 0; the default step is 1.
              Scalar first = stop.is_none() ? Scalar{0} : ToScalar(start);
              Scalar last = stop.is_none() ? ToScalar(start) : ToScalar(stop);
              Scalar increment = step.is_none() ? Scalar{1} : ToScalar(step);
              return Arange(first, last, increment, GetOptionalDtype(dtype), GetDevice(device)).TakeBody();
          },
          py::arg("start"), py::arg("stop") = py::none(), py::arg("step") = py::none(), py::arg("dtype") = py::none(),
          py::arg("device") = py::none());
    m.def("empty_like",
          [](py::handle a, py::handle device) { return EmptyLike(ToArray(a), GetDevice(device)).TakeBody(); },
          py::arg("a"), py::arg("device") = py::none());
    m.def("zeros_like",
          [](py::handle a, py::handle device) {
              Array x = ToArray(a);
              return Zeros(x.shape(), x.dtype(), GetDevice(device)).TakeBody();
          },
          py::arg("a"), py::arg("device") = py::none());
    m.def("ones_like",
          [](py::handle a, py::handle device) {
              Array x = ToArray(a);
              return Ones(x.shape(), x.dtype(), GetDevice(device)).TakeBody();
          },
          py::arg("a"), py::arg("device") = py::none());
    m.def("full_like",
          [](py::handle a, py::handle fill_value, py::handle device) {
              Array x = ToArray(a);
              return Full(x.shape(), ToScalar(fill_value), x.dtype(), GetDevice(device)).TakeBody();
          },
          py::arg("a"), py::arg("fill_value"), py::arg("device") = py::none());
    m.def("copy", [](py::handle a) { return Copy(ToArray(a)).TakeBody(); }, py::arg("a"));
    DefineMatrixRoutines(m);
    DefineOtherRoutines(m);
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
