#include "chainerx/python/fast_method.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include <pybind11/pybind11.h>

#include "chainerx/core/small_vector.h"

namespace chainerx {
namespace python {
namespace internal {
namespace {

namespace py = pybind11;

// The method definitions made here: each owns its ml_doc (allocated with strdup), which SetFastMethodDoc may
// replace. They live as long as the module (the type holds descriptors pointing at them).
std::vector<PyMethodDef*>& OwnedMethodDefs() {
    static auto* defs = new std::vector<PyMethodDef*>;
    return *defs;
}

char* CopyDoc(const std::string& doc) {
    char* copy = strdup(doc.c_str());
    if (copy == nullptr) {
        throw std::bad_alloc{};
    }
    return copy;
}

std::string DocOf(py::handle obj) {
    py::object doc = obj.attr("__doc__");
    return doc.is_none() ? std::string{} : py::str(doc).cast<std::string>();
}

template <typename Function>
PyCFunction AsPyCFunction(Function function) {
    return reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(function));  // NOLINT
}

}  // namespace

namespace fast_method_detail {

py::object CallFallback(PyObject* fallback, PyObject* self, const FastArgs& args) {
    Py_ssize_t n_keywords = args.kwnames == nullptr ? 0 : PyTuple_GET_SIZE(args.kwnames);
    // The vectorcall of a method call: self, the positional arguments, then the keyword values.
    SmallVector<PyObject*, 8> call_args;
    call_args.push_back(self);
    for (Py_ssize_t i = 0; i < args.nargs + n_keywords; ++i) {
        call_args.push_back(args.args[i]);
    }
    PyObject* result = PyObject_Vectorcall(fallback, call_args.data(), args.nargs + 1, args.kwnames);
    if (result == nullptr) {
        throw py::error_already_set{};
    }
    return py::reinterpret_steal<py::object>(result);
}

void InstallMethod(ArrayClass& c, const char* name, FastCallWithKeywords function, PyObject** fallback) {
    // On the class, pybind11's instancemethod wrapper gives back the function itself.
    py::object pybind_function = c.attr(name);
    auto* def = new PyMethodDef{
            name, AsPyCFunction(function), METH_FASTCALL | METH_KEYWORDS, CopyDoc(DocOf(pybind_function))};
    PyObject* descriptor = PyDescr_NewMethod(reinterpret_cast<PyTypeObject*>(c.ptr()), def);  // NOLINT
    if (descriptor == nullptr) {
        throw py::error_already_set{};
    }
    OwnedMethodDefs().push_back(def);
    *fallback = pybind_function.release().ptr();
    c.attr(name) = py::reinterpret_steal<py::object>(descriptor);
}

py::object CallFunctionFallback(PyObject* fallback, const FastArgs& args) {
    PyObject* result = PyObject_Vectorcall(fallback, args.args, args.nargs, args.kwnames);
    if (result == nullptr) {
        throw py::error_already_set{};
    }
    return py::reinterpret_steal<py::object>(result);
}

void InstallFunction(py::module& m, const char* name, FastCallWithKeywords function, PyObject** fallback) {
    py::object pybind_function = m.attr(name);
    auto* def = new PyMethodDef{
            name, AsPyCFunction(function), METH_FASTCALL | METH_KEYWORDS, CopyDoc(DocOf(pybind_function))};
    py::object module_name = pybind_function.attr("__module__");
    PyObject* builtin = PyCFunction_NewEx(def, nullptr, module_name.ptr());
    if (builtin == nullptr) {
        throw py::error_already_set{};
    }
    OwnedMethodDefs().push_back(def);
    *fallback = pybind_function.release().ptr();
    m.attr(name) = py::reinterpret_steal<py::object>(builtin);
}

void InstallProperty(ArrayClass& c, const char* name, PyCFunction getter, FastCall setter) {
    auto* get_def = new PyMethodDef{name, getter, METH_O, nullptr};
    auto* set_def = new PyMethodDef{name, AsPyCFunction(setter), METH_FASTCALL, nullptr};
    py::object fget = py::reinterpret_steal<py::object>(PyCFunction_New(get_def, nullptr));
    py::object fset = py::reinterpret_steal<py::object>(PyCFunction_New(set_def, nullptr));
    if (!fget || !fset) {
        throw py::error_already_set{};
    }
    auto property = py::reinterpret_borrow<py::object>(reinterpret_cast<PyObject*>(&PyProperty_Type));  // NOLINT
    c.attr(name) = property(fget, fset);  // the docstring comes from chainerx._docs, as for other properties
}

}  // namespace fast_method_detail

namespace {

PyObject* CheckedConstant(PyObject* constant) {
    if (constant == nullptr) {
        throw py::error_already_set{};
    }
    return constant;
}

}  // namespace

PyObject* PyIntConstant(long value) { return CheckedConstant(PyLong_FromLong(value)); }  // NOLINT(google-runtime-int)

PyObject* PyFloatConstant(double value) { return CheckedConstant(PyFloat_FromDouble(value)); }

PyObject* PyStrConstant(const char* value) { return CheckedConstant(PyUnicode_FromString(value)); }

bool SetFastMethodDoc(py::handle obj, const char* doc) {
    PyMethodDef* def = nullptr;
    if (PyObject_TypeCheck(obj.ptr(), &PyMethodDescr_Type) != 0) {
        def = reinterpret_cast<PyMethodDescrObject*>(obj.ptr())->d_method;  // NOLINT
    } else if (PyCFunction_Check(obj.ptr())) {
        def = reinterpret_cast<PyCFunctionObject*>(obj.ptr())->m_ml;  // NOLINT
    } else {
        return false;
    }
    std::vector<PyMethodDef*>& owned = OwnedMethodDefs();
    if (std::find(owned.begin(), owned.end(), def) == owned.end()) {
        return false;
    }
    char* copy = CopyDoc(doc);
    std::free(const_cast<char*>(def->ml_doc));  // NOLINT(cppcoreguidelines-no-malloc)
    def->ml_doc = copy;
    return true;
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
