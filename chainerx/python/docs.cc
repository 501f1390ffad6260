// _core._set_pybind_doc: lets chainerx/_docs attach docstrings to the extension's functions.
//
// Python cannot assign `__doc__` of a builtin function (it is read from PyMethodDef::ml_doc), and pybind11 methods
// are such functions wrapped in an instancemethod. Writing the docstrings in Python keeps them in one place,
// away from the binding files, as in the original ChainerX.
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

#include <pybind11/pybind11.h>

#include "chainerx/python/fast_method.h"
#include "chainerx/python/init.h"

namespace chainerx {
namespace python {
namespace internal {
namespace py = pybind11;

namespace {

// Replaces the docstring of a builtin function (pybind11 function or method) by `doc`.
// pybind11 allocates ml_doc with strdup and releases it with std::free when the function dies, so the new text is
// allocated the same way. Each pybind11 function owns its PyMethodDef, so no other function sees the change.
void SetPybindDoc(py::handle obj, const std::string& doc) {
    if (SetFastMethodDoc(obj, doc.c_str())) {
        return;  // an ndarray method with a fast path (Note [ndarray fast methods])
    }
    py::handle func = obj;
    if (PyInstanceMethod_Check(func.ptr())) {
        func = PyInstanceMethod_GET_FUNCTION(func.ptr());
    }
    // Only pybind11's functions own their ml_doc; other builtins point at static strings that must not be freed.
    if (!PyCFunction_Check(func.ptr()) ||
        py::detail::function_record_ptr_from_PyObject(PyCFunction_GET_SELF(func.ptr())) == nullptr) {
        throw py::type_error{"_set_pybind_doc: expected a pybind11 function or method, got " +
                             std::string{Py_TYPE(obj.ptr())->tp_name}};
    }
    PyMethodDef* def = reinterpret_cast<PyCFunctionObject*>(func.ptr())->m_ml;
    char* copy = strdup(doc.c_str());
    if (copy == nullptr) {
        throw std::bad_alloc{};
    }
    std::free(const_cast<char*>(def->ml_doc));  // NOLINT(cppcoreguidelines-no-malloc)
    def->ml_doc = copy;
}

}  // namespace

void InitDocs(py::module& m) {
    m.def("_set_pybind_doc",
          &SetPybindDoc,
          py::arg("obj"),
          py::arg("doc"),
          "Replaces the docstring of a pybind11 function or method (used by chainerx._docs at import).");
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
