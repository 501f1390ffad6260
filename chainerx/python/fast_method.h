// ndarray methods and properties that CPython calls without pybind11's dispatcher, for the calls of every
// training step (see Note [ndarray fast methods]).
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <utility>

#include <pybind11/pybind11.h>

#include "chainerx/python/common.h"

namespace chainerx {
namespace python {
namespace internal {

// Note [ndarray fast methods]
// A pybind11 method costs ~1,000 instructions before its body runs: Python binds it (the instancemethod wrapper
// makes a bound method object per call) and pybind11's dispatcher loads each argument through its casters and
// walks the overloads. `x.cleargrad()`, `y.backward()`, `x.grad` and friends run a few times per training step
// on every parameter, so the hottest ones are also installed as CPython method descriptors (METH_FASTCALL):
// Python calls them without a bound method, and the fast body handles the common argument forms itself. Any
// other form (keywords, unusual types, wrong arguments) goes to the pybind11 function the method was defined
// with, so signatures, docstrings, overloads and error messages stay those of the pybind11 definition. A Python
// subclass that overrides the method still wins, as with any descriptor.

// The C signatures of METH_FASTCALL functions (spelled here: CPython names them publicly only from 3.13).
using FastCall = PyObject* (*)(PyObject* self, PyObject* const* args, Py_ssize_t nargs);
using FastCallWithKeywords = PyObject* (*)(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames);

// The positional and keyword arguments of a vectorcall.
struct FastArgs {
    PyObject* const* args;
    Py_ssize_t nargs;
    PyObject* kwnames;  // null or a tuple of the keyword names (their values follow the positional ones)

    bool has_keywords() const { return kwnames != nullptr && PyTuple_GET_SIZE(kwnames) != 0; }
    // Whether the call has exactly `n` positional arguments and no keywords.
    bool IsPositional(Py_ssize_t n) const { return nargs == n && !has_keywords(); }
};

// A fast body: the result, or nullopt to let the pybind11 definition handle the call.
using FastMethodBody = std::optional<pybind11::object> (*)(pybind11::handle self, const FastArgs& args);
// A property getter and setter.
using FastGetter = pybind11::object (*)(pybind11::handle self);
using FastSetter = void (*)(pybind11::handle self, pybind11::handle value);

// Runs `f` (returning a py::object) for CPython: a new reference, or null with the Python error set, C++
// exceptions translated as pybind11's dispatcher translates them.
template <typename F>
PyObject* CallFromCPython(F&& f) noexcept {
    try {
        return std::forward<F>(f)().release().ptr();
    } catch (pybind11::error_already_set& e) {
        e.restore();
    } catch (...) {
        pybind11::detail::try_translate_exceptions();
    }
    return nullptr;
}

namespace fast_method_detail {

// Calls the pybind11 function `fallback` as the method call `self.method(*args)`.
pybind11::object CallFallback(PyObject* fallback, PyObject* self, const FastArgs& args);

// Replaces the method `name` of `c` (already defined with pybind11) by a descriptor calling `function`, with
// the pybind11 definition's docstring.
void InstallMethod(ArrayClass& c, const char* name, FastCallWithKeywords function, PyObject** fallback);

template <FastMethodBody kBody>
struct FastMethod {
    static inline PyObject* fallback = nullptr;  // the pybind11 function; kept for the life of the module

    static PyObject* Call(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) noexcept {
        return CallFromCPython([&]() {
            FastArgs fast_args{args, nargs, kwnames};
            if (std::optional<pybind11::object> result = kBody(self, fast_args)) {
                return std::move(*result);
            }
            return CallFallback(fallback, self, fast_args);
        });
    }
};

template <FastGetter kGet, FastSetter kSet>
struct FastProperty {
    static PyObject* Get(PyObject* /*module*/, PyObject* self) noexcept {
        return CallFromCPython([self] { return kGet(self); });
    }
    static PyObject* Set(PyObject* /*module*/, PyObject* const* args, Py_ssize_t nargs) noexcept {
        return CallFromCPython([args, nargs] {
            if (nargs != 2) {
                throw pybind11::type_error{"a property setter takes the object and the value"};
            }
            kSet(args[0], args[1]);
            return pybind11::none();
        });
    }
};

void InstallProperty(ArrayClass& c, const char* name, PyCFunction getter, FastCall setter);

}  // namespace fast_method_detail

// Installs `kBody` as the fast path of the method `name`, which `c` must already define with pybind11.
template <FastMethodBody kBody>
void DefineFastMethod(ArrayClass& c, const char* name) {
    using Method = fast_method_detail::FastMethod<kBody>;
    fast_method_detail::InstallMethod(c, name, &Method::Call, &Method::fallback);
}

// Defines the property `name` of `c` as a Python property whose getter and setter are plain builtin functions
// calling kGet and kSet (not pybind11 functions, which would go through its dispatcher).
template <FastGetter kGet, FastSetter kSet>
void DefineFastProperty(ArrayClass& c, const char* name) {
    using Property = fast_method_detail::FastProperty<kGet, kSet>;
    fast_method_detail::InstallProperty(c, name, &Property::Get, &Property::Set);
}

// Installs the fast paths of the ndarray methods (array_fast_methods.cc); called once all methods are defined.
void DefineArrayFastMethods(ArrayClass& c);

// Note [Fast module functions]
// The routines that training steps call (elementwise math and activations, linear, conv, pooling, normalization,
// the losses) are module functions, and pybind11's dispatcher costs each call its argument casters, the overload
// walk and a tuple of the arguments: ~330 of the ~2,700 instructions of `chainerx.relu(a)` on a 2x3 array.
// Such a function is replaced by a builtin function (METH_FASTCALL | METH_KEYWORDS) whose fast body handles the
// positional calls with arguments of the expected kinds and hands every other call (keywords, other types, wrong
// counts) to the pybind11 function it was defined with, so signatures, docstrings and error messages stay those
// of the pybind11 definition. Fast bodies call the same C++ function as the pybind11 definition.

// A fast body of a module function: the result, or nullopt to let the pybind11 definition handle the call.
using FastFunctionBody = std::optional<pybind11::object> (*)(const FastArgs& args);

namespace fast_method_detail {

// Calls the pybind11 function `fallback` with the arguments of a vectorcall.
pybind11::object CallFunctionFallback(PyObject* fallback, const FastArgs& args);

// Replaces the function `name` of `m` (already defined with pybind11) by a builtin function calling `function`,
// with the pybind11 definition's docstring and module.
void InstallFunction(pybind11::module& m, const char* name, FastCallWithKeywords function, PyObject** fallback);

template <FastFunctionBody kBody>
struct FastFunction {
    static inline PyObject* fallback = nullptr;  // the pybind11 function; kept for the life of the module

    static PyObject* Call(PyObject* /*module*/, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) noexcept {
        return CallFromCPython([&]() {
            FastArgs fast_args{args, nargs, kwnames};
            if (std::optional<pybind11::object> result = kBody(fast_args)) {
                return std::move(*result);
            }
            return CallFunctionFallback(fallback, fast_args);
        });
    }
};

}  // namespace fast_method_detail

// Installs `kBody` as the fast path of the module function `name`, which `m` must already define with pybind11.
template <FastFunctionBody kBody>
void DefineFastFunction(pybind11::module& m, const char* name) {
    using Function = fast_method_detail::FastFunction<kBody>;
    fast_method_detail::InstallFunction(m, name, &Function::Call, &Function::fallback);
}

// The arguments of a call with only positional ones, between N - kDefaults and N of them: the given ones, then
// the defaults of the parameters not given (`defaults` are the last kDefaults parameters' defaults, borrowed).
// nullopt for any other call.
template <size_t N, size_t kDefaults = 0>
std::optional<std::array<pybind11::handle, N>> PositionalArgs(
        const FastArgs& args, const std::array<PyObject*, kDefaults>& defaults = {}) {
    static_assert(kDefaults <= N, "more defaults than parameters");
    if (args.has_keywords() || args.nargs < static_cast<Py_ssize_t>(N - kDefaults) ||
        args.nargs > static_cast<Py_ssize_t>(N)) {
        return std::nullopt;
    }
    std::array<pybind11::handle, N> result;
    for (size_t i = 0; i < N; ++i) {
        result[i] = static_cast<Py_ssize_t>(i) < args.nargs ? args.args[i] : defaults[i - (N - kDefaults)];
    }
    return result;
}

// New references to constants used as defaults of fast bodies, never released (kept in function-local statics).
PyObject* PyIntConstant(long value);  // NOLINT(google-runtime-int): CPython's type
PyObject* PyFloatConstant(double value);
PyObject* PyStrConstant(const char* value);

// The value of a Python bool (True or False, nothing else); nullopt for other objects, which fast bodies leave to
// the pybind11 definition's caster.
inline std::optional<bool> ExactBool(pybind11::handle obj) {
    if (obj.ptr() == Py_True || obj.ptr() == Py_False) {
        return obj.ptr() == Py_True;
    }
    return std::nullopt;
}

// The value of a Python float (exactly float); nullopt for other objects.
inline std::optional<double> ExactFloat(pybind11::handle obj) {
    if (PyFloat_CheckExact(obj.ptr())) {
        return PyFloat_AS_DOUBLE(obj.ptr());
    }
    return std::nullopt;
}

// Replaces the docstring of a method installed by DefineFastMethod or a function installed by DefineFastFunction;
// false when `obj` is not one of them.
bool SetFastMethodDoc(pybind11::handle obj, const char* doc);

}  // namespace internal
}  // namespace python
}  // namespace chainerx
