// ndarray protocols shared with NumPy and Python: __array__, the buffer protocol, DLPack (dlpack.h), the @
// operators, iteration and ~.
//
// Note [Mixing NumPy and chainerx operands]
// chainerx never converts a NumPy array implicitly (chainerx.add(np_arr, a) is a TypeError, as in the
// original). NumPy would otherwise do the opposite through __array__: `a + np_arr` would fall back to
// np_arr.__radd__ and quietly return a NumPy array without gradients or device. __array_ufunc__ = None is
// NumPy's documented opt-out (NEP 13): NumPy's operators then leave chainerx operands to chainerx's (reflected)
// operators, which raise a TypeError explaining how to convert (RejectOperand) for `np_arr + a`, `a + np_arr`,
// `np_arr == a` and `a @ np_arr` alike; ufuncs called on chainerx arrays (numpy.exp(a)) raise TypeError
// instead of converting. NumPy scalars are scalars and work on either side. Explicit conversion stays
// available: numpy.asarray(a) (zero copy on native devices), chainerx.to_numpy(a), chainerx.array(np_arr).
#include "chainerx/python/array_interop.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/error.h"
#include "chainerx/core/macro.h"
#include "chainerx/core/routines/arithmetic.h"
#include "chainerx/core/routines/linalg.h"
#include "chainerx/core/routines/logic.h"
#include "chainerx/core/routines/manipulation.h"
#include "chainerx/core/routines/type_util.h"
#include "chainerx/python/common.h"
#include "chainerx/python/dlpack.h"
#include "chainerx/python/numpy_interop.h"

namespace chainerx {
namespace python {
namespace internal {
namespace {

namespace py = pybind11;

// __array__(dtype=None, copy=None) with NumPy 2's copy semantics (NumPy 1 passes at most dtype): a view of
// the data on host-accessible devices, a host copy on others; copy=False raises ValueError when a copy is
// needed (another device, or another dtype), as NumPy 2 does.
py::object ToNumpyArray(const Array& a, py::handle dtype, std::optional<bool> copy) {
    const bool host = a.device().IsHostAccessible();
    py::array out = ToNumpy(a, !host);
    // Any NumPy dtype is allowed here (numpy.asarray(a, complex) works), so NumPy converts, not chainerx.
    py::object np_dtype =
            dtype.is_none() ? out.dtype() : py::dtype::from_args(py::reinterpret_borrow<py::object>(dtype));
    const bool cast = !np_dtype.equal(out.dtype());
    if (copy == false && (!host || cast)) {
        throw py::value_error{"chainerx.ndarray.__array__: copy=False, but a copy is needed " +
                              std::string{host ? "to change the dtype" : "to move the data from " + a.device().name()}};
    }
    if (cast) {
        return out.attr("astype")(np_dtype);
    }
    if (copy == true && host) {
        return out.attr("copy")();
    }
    return std::move(out);
}

// struct-module format characters of the 9 dtypes ('e' is half precision, '?' C99 _Bool).
const char* BufferFormat(Dtype dtype) {
    switch (dtype) {
        case Dtype::kBool:
            return "?";
        case Dtype::kInt8:
            return "b";
        case Dtype::kInt16:
            return "h";
        case Dtype::kInt32:
            return "i";
        case Dtype::kInt64:
            return "q";
        case Dtype::kUInt8:
            return "B";
        case Dtype::kFloat16:
            return "e";
        case Dtype::kFloat32:
            return "f";
        case Dtype::kFloat64:
            return "d";
    }
    CHAINERX_NEVER_REACH();
}

// A writable buffer over the array's elements with its strides (memoryview, bytes(a), numpy.asarray(a)).
py::buffer_info GetBuffer(chainerx::internal::ArrayBody& body) { return HostBufferInfo(body, "chainerx.ndarray"); }

// The type's bf_getbuffer: pybind11's, after checking that the instance holds an array. pybind11 hands the buffer
// function an unchecked (garbage) reference for an instance whose __init__ never ran (ndarray.__new__(ndarray)).
extern "C" int GetCheckedBuffer(PyObject* obj, Py_buffer* view, int flags) {
    try {
        ToArray(obj);
    } catch (const py::type_error& e) {
        PyErr_SetString(PyExc_BufferError, e.what());
        return -1;
    }
    return py::detail::pybind11_getbuffer(obj, view, flags);
}

// ~a: logical not for bool, bitwise not (x ^ -1, all bits set in every width) for integers.
Array Invert(const Array& a) {
    switch (GetKind(a.dtype())) {
        case DtypeKind::kBool:
            return LogicalNot(a);
        case DtypeKind::kInt:
            return BitwiseXor(a, Scalar{int64_t{-1}});
        case DtypeKind::kUInt:  // all bits set, within the unsigned range (-1 would be out of bounds)
            return BitwiseXor(a, Scalar{(int64_t{1} << (8 * a.GetItemSize())) - 1});
        case DtypeKind::kFloat:
            throw DtypeError{"invert (~): bitwise not needs a bool or integer array, got ", a.dtype()};
    }
    CHAINERX_NEVER_REACH();
}

// a @= b: the product written back into a, which NumPy allows only when it keeps a's shape; the dtype rule
// is that of the other in-place operators.
void InplaceMatmul(const Array& a, const Array& b) {
    chainerx::internal::CheckInplaceAllowed("matmul", a);
    Array out = Matmul(a, b);
    if (out.shape() != a.shape()) {
        throw DimensionError{"matmul (@=): the product of ", a.shape(), " and ", b.shape(), " has shape ",
                             out.shape(), ", not the shape of the left operand"};
    }
    if (out.dtype() != a.dtype()) {
        throw DtypeError{"matmul (@=): cannot write the ", out.dtype(), " result into an array of dtype ", a.dtype()};
    }
    CopyTo(a, out);
}

void DefineMatmulOperators(ArrayClass& c) {
    c.def("__matmul__", [](const ArrayBodyPtr& self, py::handle other) -> py::object {
        return IsArray(other) ? py::cast(Matmul(A(self), ToArray(other)).TakeBody()) : RejectOperand(other);
    });
    // Reached only when the left operand is no chainerx array, which matmul does not mix with.
    c.def("__rmatmul__", [](const ArrayBodyPtr& self, py::handle other) -> py::object {
        return IsArray(other) ? py::cast(Matmul(ToArray(other), A(self)).TakeBody()) : RejectOperand(other);
    });
    c.def("__imatmul__", [](const ArrayBodyPtr& self, py::handle other) -> py::object {
        if (!IsArray(other)) {
            return RejectOperand(other);
        }
        InplaceMatmul(A(self), ToArray(other));
        return py::cast(self);
    });
}

}  // namespace

py::buffer_info HostBufferInfo(const chainerx::internal::ArrayBody& body, const char* owner) {
    if (!body.device().IsHostAccessible()) {
        throw py::buffer_error{std::string{owner} + ": the buffer protocol needs host memory; the array is on " +
                               body.device().name() + " (copy it with chainerx.to_numpy)"};
    }
    std::vector<py::ssize_t> shape{body.shape().begin(), body.shape().end()};
    std::vector<py::ssize_t> strides{body.strides().begin(), body.strides().end()};
    void* first = static_cast<char*>(body.data().get()) + body.offset();
    return py::buffer_info{first, body.GetItemSize(), BufferFormat(body.dtype()), body.ndim(), shape, strides, false};
}

py::object RejectOperand(py::handle other) {
    if (py::isinstance<py::array>(other)) {
        throw py::type_error{"chainerx.ndarray and numpy.ndarray operands do not mix: convert one of them with "
                             "chainerx.array(x) / chainerx.from_dlpack(x), or numpy.asarray(a) / chainerx.to_numpy(a)"};
    }
    return py::reinterpret_borrow<py::object>(Py_NotImplemented);
}

void DefineInteropMethods(ArrayClass& c) {
    c.def("__array__",
          [](const ArrayBodyPtr& self, py::handle dtype, py::handle copy) {
              return ToNumpyArray(A(self), dtype, ToCopyMode(copy));
          },
          py::arg("dtype") = py::none(), py::arg("copy") = py::none());
    c.def_buffer(&GetBuffer);
    reinterpret_cast<PyTypeObject*>(c.ptr())->tp_as_buffer->bf_getbuffer = &GetCheckedBuffer;
    // See Note [Mixing NumPy and chainerx operands].
    c.attr("__array_ufunc__") = py::none();
    DefineDlpackMethods(c);
    DefineMatmulOperators(c);
    c.def("__invert__", [](const ArrayBodyPtr& self) { return Invert(A(self)).TakeBody(); });
    c.def("__iter__", [](const ArrayBodyPtr& self) {
        if (self->ndim() == 0) {
            throw py::type_error{"iteration over a 0-d array"};
        }
        // Lazily yields the views a[0], a[1], ... (graph-connected, as a[i] is).
        py::cpp_function item{[self](int64_t i) { return A(self).At({ArrayIndex{i}}).TakeBody(); }};
        py::module builtins = py::module::import("builtins");
        return builtins.attr("map")(item, builtins.attr("range")(self->shape()[0]));
    });
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
