// Conversions between Python objects and core types, shared by the binding files.
//
// Functions take py::handle and convert by hand rather than relying on pybind11 overloads, so a call never
// tries and rejects overloads (see DESIGN.md: the binding is on the per-op hot path).
#pragma once

#include <memory>
#include <optional>
#include <string>

#include <pybind11/pybind11.h>

#include "chainerx/core/array.h"
#include "chainerx/core/backprop_id.h"
#include "chainerx/core/context.h"
#include "chainerx/core/device.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/scalar.h"
#include "chainerx/core/shape.h"
#include "chainerx/python/arguments.h"  // the argument converters, used with these everywhere
#include "chainerx/python/array_caster.h"

namespace chainerx {
namespace python {
namespace internal {

namespace py = pybind11;

using ArrayBodyPtr = std::shared_ptr<chainerx::internal::ArrayBody>;
// The pybind11 class of chainerx.ndarray.
using ArrayClass = py::class_<chainerx::internal::ArrayBody, ArrayBodyPtr>;

// dtype arguments: numpy dtypes, names, one-char codes, bool/int/float and numpy scalar types.
// TypeError for other objects, DtypeError for unknown or unsupported dtypes.
Dtype GetDtype(py::handle handle);
std::optional<Dtype> GetOptionalDtype(py::handle handle);  // None → nullopt
// The numpy.dtype object of a dtype (cached).
py::object GetNumpyDtype(Dtype dtype);

// The NumPy scalar type of a dtype (numpy.float32 for kFloat32), cached.
py::object GetNumpyScalarType(Dtype dtype);

// device arguments: None (default device), a Device, or "backend[:index]". TypeError otherwise.
Device& GetDevice(py::handle handle);

// Python bool/int/float and NumPy scalars.
bool IsScalar(py::handle handle);
Scalar ToScalar(py::handle handle);
// Converts an element value to a Python object.
py::object ScalarToPython(Scalar scalar);

// backprop_id arguments: None (default graph) or a BackpropId.
std::optional<BackpropId> ToBackpropId(py::handle handle);
// A BackpropId (a list item); TypeError for anything else, None included.
BackpropId ToBackpropIdNotNone(py::handle handle);
// context arguments: None (the default context) or a Context; TypeError otherwise.
Context& ToContext(py::handle handle);

// Holds a Python object from C++ handles (array data, graph nodes) that may be released without the GIL:
// the deleter takes the GIL, and does nothing once the interpreter has shut down.
std::shared_ptr<py::object> SharePyObject(py::object object);

// Makes pickling an instance of the class raise TypeError. Without it, protocols 0 and 1 reach
// copyreg._reconstructor, which makes the instance with object.__new__ and aborts inside pybind11.
template <typename Class>
void DefineUnpicklable(Class& c, const char* class_name) {
    c.def("__reduce_ex__", [class_name](py::handle /*self*/, py::handle /*protocol*/) -> py::object {
        throw py::type_error{std::string{"cannot pickle a "} + class_name};
    });
}

// ndarray arguments (also instances of subclasses). ToArray raises TypeError for other objects.
bool IsArray(py::handle handle);
Array ToArray(py::handle handle);
// The Python object of a result array, taking its body without copying the handle.
inline py::object ToPython(Array&& array) {
    return py::reinterpret_steal<py::object>(ArrayBodyToPython(std::move(array).TakeBody()));
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
