// Bindings of Context, Backend, Device and the default-context/device functions.
#include "chainerx/core/device.h"

#include <memory>
#include <optional>
#include <string>

#include <pybind11/pybind11.h>

#include "chainerx/core/backend.h"
#include "chainerx/core/context.h"
#include "chainerx/python/common.h"
#include "chainerx/python/init.h"

namespace chainerx {
namespace python {
namespace internal {
namespace {

namespace py = pybind11;
constexpr auto kReference = py::return_value_policy::reference;

// `with chainerx.using_device(d):` — the switch happens on __enter__, not on construction.
class PyDeviceScope {
public:
    explicit PyDeviceScope(Device& device) : device_{device} {}
    void Enter() { scope_ = std::make_unique<DeviceScope>(device_); }
    void Exit() { scope_.reset(); }
    Device& device() const { return device_; }

private:
    Device& device_;
    std::unique_ptr<DeviceScope> scope_;
};

class PyContextScope {
public:
    explicit PyContextScope(Context& context) : context_{context} {}
    void Enter() { scope_ = std::make_unique<ContextScope>(context_); }
    void Exit() { scope_.reset(); }

private:
    Context& context_;
    std::unique_ptr<ContextScope> scope_;
};

// The device of a "backend[:index]" name or a Device (first overloads), or of (backend_name, index) (second
// overloads): the two call forms of get_device, using_device and Context.get_device.
Device& GetDeviceByName(Context& context, py::handle device) {
    if (py::isinstance<py::str>(device)) {
        return context.GetDevice(device.cast<std::string>());
    }
    return GetDevice(device);
}

// Note [Python-created contexts are never destroyed]
// Arrays, devices and backprop ids refer to their Context by reference, and a Python program may keep any of
// them (or use the context as the default one) after dropping the Context object itself; destroying the Context
// then would leave them dangling (crashes and deadlocks in the fuzz run). Counting the arrays of each context would
// cost two atomic operations per array on the hot path, so a Context made from Python lives until the process
// exits instead: everything made on it keeps working. Contexts are few and small (the devices' caches aside).
using ContextHolder = std::unique_ptr<Context, py::nodelete>;

void InitContext(py::module& m) {
    py::class_<Context, ContextHolder> context_class{m, "Context"};
    DefineUnpicklable(context_class, "chainerx.Context");
    context_class
            .def(py::init<>())
            .def("get_backend", &Context::GetBackend, py::arg("backend_name"), kReference)
            .def("get_device",
                 [](Context& self, py::handle device) -> Device& { return GetDeviceByName(self, device); },
                 py::arg("device_name"),
                 kReference)
            .def("get_device",
                 [](Context& self, const std::string& backend_name, int index) -> Device& {
                     return self.GetDevice(backend_name, index);
                 },
                 py::arg("backend_name"),
                 py::arg("index"),
                 kReference)
            .def("make_backprop_id", &Context::MakeBackpropId, py::arg("backprop_name"))
            .def("release_backprop_id", &Context::ReleaseBackpropId, py::arg("backprop_id"))
            .def("_check_valid_backprop_id", &Context::CheckValidBackpropId, py::arg("backprop_id"));

    py::class_<PyContextScope>(m, "ContextScope")
            .def("__enter__", [](PyContextScope& self) { self.Enter(); })
            .def("__exit__", [](PyContextScope& self, py::args) { self.Exit(); });

    m.def("get_default_context", &GetDefaultContext, kReference);
    m.def("set_default_context", &SetDefaultContext, py::arg("context").none(true));
    m.def("get_global_default_context", &GetGlobalDefaultContext, kReference);
    m.def("set_global_default_context", &SetGlobalDefaultContext, py::arg("context").none(true));
    m.def("context_scope", [](Context& context) { return PyContextScope{context}; }, py::arg("context"));
}

void InitBackendAndDevice(py::module& m) {
    py::class_<Backend> backend_class{m, "Backend"};
    DefineUnpicklable(backend_class, "chainerx.Backend");
    backend_class.def_property_readonly("name", &Backend::GetName)
            .def_property_readonly("context", &Backend::context, kReference)
            .def("get_device", &Backend::GetDevice, py::arg("index"), kReference)
            .def("get_device_count", &Backend::GetDeviceCount);

    py::class_<Device>(m, "Device")
            .def_property_readonly("name", &Device::name)
            .def_property_readonly("backend", &Device::backend, kReference)
            .def_property_readonly("context", &Device::context, kReference)
            .def_property_readonly("index", &Device::index)
            // Without the GIL (Note [Waiting for a device without the GIL] in array.cc).
            .def("synchronize", &Device::Synchronize, py::call_guard<py::gil_scoped_release>())
            .def("__repr__", &Device::name)
            // Devices are singletons per context: pickling and copying give back the same object.
            .def("__reduce__",
                 [](const Device& self) {
                     return py::make_tuple(
                             py::module::import("chainerx._device").attr("_recover_device"),
                             py::make_tuple(self.backend().GetName(), self.index()));
                 })
            .def("__copy__", [](Device& self) -> Device& { return self; }, kReference)
            .def("__deepcopy__", [](Device& self, py::handle) -> Device& { return self; }, kReference);

    py::class_<PyDeviceScope>(m, "DeviceScope")
            .def("__enter__", [](PyDeviceScope& self) -> PyDeviceScope& { self.Enter(); return self; }, kReference)
            .def("__exit__", [](PyDeviceScope& self, py::args) { self.Exit(); })
            .def_property_readonly("device", &PyDeviceScope::device, kReference);

    m.def("get_backend", [](const std::string& name) -> Backend& { return GetDefaultContext().GetBackend(name); },
          py::arg("backend_name"), kReference);
    m.def("get_device", [](py::handle device) -> Device& { return GetDevice(device); }, py::arg("device") = py::none(),
          kReference);
    m.def("get_device",
          [](const std::string& backend_name, int index) -> Device& {
              return GetDefaultContext().GetDevice(backend_name, index);
          },
          py::arg("backend_name"), py::arg("index"), kReference);
    m.def("get_default_device", &GetDefaultDevice, kReference);
    m.def("set_default_device", [](py::handle device) { SetDefaultDevice(&GetDevice(device)); }, py::arg("device"));
    m.def("using_device", [](py::handle device) { return PyDeviceScope{GetDevice(device)}; }, py::arg("device"));
    m.def("using_device",
          [](const std::string& backend_name, int index) {
              return PyDeviceScope{GetDefaultContext().GetDevice(backend_name, index)};
          },
          py::arg("backend_name"), py::arg("index"));
}

}  // namespace

void InitDevice(py::module& m) {
    InitContext(m);
    InitBackendAndDevice(m);
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
