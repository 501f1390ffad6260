// Maps the C++ exception hierarchy to Python classes with the same hierarchy.
#include "chainerx/core/error.h"

#include <pybind11/pybind11.h>

#include "chainerx/python/init.h"

namespace chainerx {
namespace python {
namespace internal {

namespace py = pybind11;

void InitErrors(py::module& m) {
    // pybind11 tries translators newest first, so the base class is registered before its subclasses.
    auto& base = py::register_exception<ChainerxError>(m, "ChainerxError");
    py::register_exception<ContextError>(m, "ContextError", base);
    py::register_exception<BackendError>(m, "BackendError", base);
    py::register_exception<DeviceError>(m, "DeviceError", base);
    py::register_exception<DimensionError>(m, "DimensionError", base);
    py::register_exception<DtypeError>(m, "DtypeError", base);
    py::register_exception<NotImplementedError>(m, "NotImplementedError", base);
    py::register_exception<GradientError>(m, "GradientError", base);
    py::register_exception<GradientCheckError>(m, "GradientCheckError", base);
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) {
                std::rethrow_exception(p);
            }
        } catch (const IndexError& e) {
            PyErr_SetString(PyExc_IndexError, e.what());
        } catch (const OverflowError& e) {
            PyErr_SetString(PyExc_OverflowError, e.what());
        } catch (const py::cast_error& e) {
            // An argument of the wrong type that a binding converts with pybind11's cast (the argument
            // converters of arguments.h name the parameter; the rest still say "Unable to cast"): a TypeError,
            // not pybind11's RuntimeError.
            PyErr_SetString(PyExc_TypeError, e.what());
        }
    });
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
