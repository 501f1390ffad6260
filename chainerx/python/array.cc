// Binding of chainerx.ndarray: properties, methods, operators and the autograd methods.
#include "chainerx/core/array.h"

#include <sstream>
#include <string>
#include <vector>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "chainerx/core/array_node.h"
#include "chainerx/core/backward.h"
#include "chainerx/core/context.h"
#include "chainerx/core/error.h"
#include "chainerx/core/graph_dump.h"
#include "chainerx/core/routines/arithmetic.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/python/array_operators.h"
#include "chainerx/python/array_interop.h"
#include "chainerx/python/array_object.h"
#include "chainerx/python/common.h"
#include "chainerx/python/fast_method.h"
#include "chainerx/python/indexing.h"
#include "chainerx/python/init.h"
#include "chainerx/python/linalg.h"
#include "chainerx/python/manipulation.h"
#include "chainerx/python/numpy_interop.h"
#include "chainerx/python/reduction_methods.h"
#include "chainerx/python/sorting.h"

namespace chainerx {
namespace python {
namespace internal {
namespace {

namespace py = pybind11;
using chainerx::internal::ArrayBody;

template <typename Vector>
py::tuple ToTuple(const Vector& v) {
    py::tuple t{v.size()};
    for (size_t i = 0; i < v.size(); ++i) {
        t[i] = py::int_{static_cast<int64_t>(v[i])};
    }
    return t;
}

// Note [Waiting for a device without the GIL]
// On a device that the host cannot read (a GPU), kernels return once queued, and the host waits where results come
// back: item(), to_numpy, transfers, synchronize(). Those waits release the GIL, so that other Python threads (data
// loaders, for one) run while the host waits for the device, as they do during native kernels on large operands.
Scalar ItemOf(const ArrayBodyPtr& self) {
    Array a = A(self);
    if (a.device().IsHostAccessible()) {
        return a.AsScalar();
    }
    py::gil_scoped_release no_gil;
    return a.AsScalar();
}

// Array::ToDevice, without the GIL when either device is one that the host waits for.
ArrayBodyPtr ToDeviceOf(const ArrayBodyPtr& self, Device& device) {
    Array a = A(self);
    if (a.device().IsHostAccessible() && device.IsHostAccessible()) {
        return a.ToDevice(device).TakeBody();
    }
    py::gil_scoped_release no_gil;
    return a.ToDevice(device).TakeBody();
}

// Bytes between the lowest and the highest byte the view can touch (0 for an empty view); equals nbytes for
// contiguous arrays and is smaller for broadcast views and larger for strided ones.
int64_t DataSize(const ArrayBody& body) {
    if (body.GetTotalSize() == 0) {
        return 0;
    }
    int64_t span = body.GetItemSize();
    for (int8_t i = 0; i < body.ndim(); ++i) {
        int64_t stride = body.strides()[i];
        span += (body.shape()[i] - 1) * (stride < 0 ? -stride : stride);
    }
    return span;
}

void DefineProperties(ArrayClass& c) {
    c.def_property_readonly("shape", [](const ArrayBodyPtr& self) { return ToTuple(self->shape()); });
    c.def_property_readonly("strides", [](const ArrayBodyPtr& self) { return ToTuple(self->strides()); });
    c.def_property_readonly("dtype", [](const ArrayBodyPtr& self) { return GetNumpyDtype(self->dtype()); });
    c.def_property_readonly("device", [](const ArrayBodyPtr& self) -> Device& { return self->device(); },
                            py::return_value_policy::reference);
    c.def_property_readonly("ndim", [](const ArrayBodyPtr& self) { return self->ndim(); });
    c.def_property_readonly("size", [](const ArrayBodyPtr& self) { return self->GetTotalSize(); });
    c.def_property_readonly("itemsize", [](const ArrayBodyPtr& self) { return self->GetItemSize(); });
    c.def_property_readonly("nbytes", [](const ArrayBodyPtr& self) { return A(self).GetNBytes(); });
    c.def_property_readonly("offset", [](const ArrayBodyPtr& self) { return self->offset(); });
    c.def_property_readonly("is_contiguous", [](const ArrayBodyPtr& self) { return A(self).IsContiguous(); });
    c.def_property_readonly("T", [](const ArrayBodyPtr& self) { return A(self).Transpose().TakeBody(); });
    c.def_property_readonly("data_ptr", [](const ArrayBodyPtr& self) { return reinterpret_cast<intptr_t>(self->data().get()); });
    c.def_property_readonly("data_size", [](const ArrayBodyPtr& self) { return DataSize(*self); });
    c.def_property_readonly("__array_priority__", [](const ArrayBodyPtr&) { return 100.0; });
    c.def_property_readonly("_debug_data_memory_address",
                            [](const ArrayBodyPtr& self) { return reinterpret_cast<intptr_t>(A(self).raw_data()); });
    c.def_property_readonly("_debug_flat_data", [](const ArrayBodyPtr& self) {
        return ToNumpy(A(self), true).attr("ravel")().attr("tolist")();
    });
    // `grad` is defined with the fast methods (array_fast_methods.cc).
}

void DefineMethods(ArrayClass& c) {
    c.def("view", [](const ArrayBodyPtr& self) { return A(self).MakeView().TakeBody(); });
    c.def("copy", [](const ArrayBodyPtr& self) { return A(self).Copy().TakeBody(); });
    c.def("astype",
          [](const ArrayBodyPtr& self, py::handle dtype, bool copy) {
              return A(self).AsType(GetDtype(dtype), copy).TakeBody();
          },
          py::arg("dtype"), py::arg("copy") = true);
    c.def("fill", [](const ArrayBodyPtr& self, py::handle value) { A(self).Fill(ToScalar(value)); }, py::arg("value"));
    c.def("item", [](const ArrayBodyPtr& self) { return ScalarToPython(ItemOf(self)); });
    c.def("to_device",
          [](const ArrayBodyPtr& self, py::handle device) { return ToDeviceOf(self, GetDevice(device)); },
          py::arg("device"));
    c.def("to_device",
          [](const ArrayBodyPtr& self, const std::string& backend_name, int index) {
              return ToDeviceOf(self, GetDefaultContext().GetDevice(backend_name, index));
          },
          py::arg("backend_name"), py::arg("index"));
    c.def("as_grad_stopped",
          [](const ArrayBodyPtr& self, py::handle backprop_ids, bool copy) {
              CopyKind kind = copy ? CopyKind::kCopy : CopyKind::kView;
              if (backprop_ids.is_none()) {
                  return A(self).AsGradStopped(kind).TakeBody();
              }
              std::vector<BackpropId> ids;
              for (py::handle item : backprop_ids) {
                  ids.push_back(ToBackpropIdNotNone(item));
              }
              return A(self).AsGradStopped(ids, kind).TakeBody();
          },
          py::arg("backprop_ids") = py::none(), py::arg("copy") = false);
    c.def("reshape", [](const ArrayBodyPtr& self, py::args args) {
        if (args.empty()) {
            throw ChainerxError{"reshape: a new shape is required"};
        }
        return A(self).Reshape(args.size() == 1 ? ToShape(args[0]) : ToShape(args)).TakeBody();
    });
    c.def("transpose", [](const ArrayBodyPtr& self, py::args args) {
        OptionalAxes axes = args.empty() ? std::nullopt : (args.size() == 1 ? ToAxes(args[0]) : ToAxes(args));
        return A(self).Transpose(axes).TakeBody();
    });
    c.def("sum",
          [](const ArrayBodyPtr& self, py::handle axis, bool keepdims) {
              return A(self).Sum(ToAxes(axis), keepdims).TakeBody();
          },
          py::arg("axis") = py::none(), py::arg("keepdims") = false);
    // Names of the graphs the array belongs to, outer first ("<expired>" for released ones); used by repr.
    c.def("_backprop_ids", [](const ArrayBodyPtr& self) {
        py::list names;
        for (const auto& entry : self->graph_entries()) {
            names.append(entry.backprop_id.GetName());
        }
        return names;
    });
    auto repr = [](const ArrayBodyPtr& self) {
        return py::module::import("chainerx._array_repr").attr("array_repr")(py::cast(self));
    };
    c.def("__repr__", repr);
    c.def("__str__", repr);  // str() == repr(), as in the original
    c.def("__len__", [](const ArrayBodyPtr& self) {
        if (self->ndim() == 0) {
            throw py::type_error{"len() of unsized object"};
        }
        return self->shape()[0];
    });
    c.def("__bool__", [](const ArrayBodyPtr& self) { return ItemOf(self).As<bool>(); });
    c.def("__int__", [](const ArrayBodyPtr& self) { return ItemOf(self).As<int64_t>(); });
    c.def("__float__", [](const ArrayBodyPtr& self) { return ItemOf(self).As<double>(); });
}

void DefineAutogradMethods(ArrayClass& c) {
    c.def("require_grad",
          [](const ArrayBodyPtr& self, py::handle backprop_id) {
              A(self).RequireGrad(ToBackpropId(backprop_id));
              return self;
          },
          py::arg("backprop_id") = py::none());
    c.def("is_grad_required",
          [](const ArrayBodyPtr& self, py::handle backprop_id) { return A(self).IsGradRequired(ToBackpropId(backprop_id)); },
          py::arg("backprop_id") = py::none());
    c.def("is_backprop_required",
          [](const ArrayBodyPtr& self, py::handle backprop_id) {
              if (py::isinstance<AnyGraph>(backprop_id)) {
                  return A(self).IsBackpropRequired(AnyGraph{});
              }
              return A(self).IsBackpropRequired(ToBackpropId(backprop_id));
          },
          py::arg("backprop_id") = py::none());
    c.def("get_grad",
          [](const ArrayBodyPtr& self, py::handle backprop_id) -> py::object {
              std::optional<Array> grad = A(self).GetGrad(ToBackpropId(backprop_id));
              return grad.has_value() ? py::cast(grad->body()) : py::none();
          },
          py::arg("backprop_id") = py::none());
    c.def("set_grad",
          [](const ArrayBodyPtr& self, py::handle grad, py::handle backprop_id) {
              A(self).SetGrad(grad.is_none() ? std::nullopt : std::optional<Array>{ToArray(grad)}, ToBackpropId(backprop_id));
          },
          py::arg("grad"), py::arg("backprop_id") = py::none());
    c.def("_is_chained",
          [](const ArrayBodyPtr& self, py::handle backprop_id) {
              Array a = A(self);
              BackpropId graph = ToBackpropId(backprop_id).value_or(a.device().context().default_backprop_id());
              const auto* entry = self->FindGraphEntry(graph);
              if (entry == nullptr) {
                  throw ChainerxError{"the array is not in the graph '", graph, "'"};
              }
              return entry->node->creator_op_node() != nullptr;
          },
          py::arg("backprop_id") = py::none());
    c.def("_debug_dump_computational_graph",
          [](const ArrayBodyPtr& self, py::handle backprop_id) {
              Array a = A(self);
              std::ostringstream os;
              chainerx::internal::DumpComputationalGraph(
                      os, a, ToBackpropId(backprop_id).value_or(a.device().context().default_backprop_id()));
              py::print(os.str(), py::arg("end") = "");
          },
          py::arg("backprop_id") = py::none());
    c.def("cleargrad", [](const ArrayBodyPtr& self, py::handle backprop_id) { A(self).ClearGrad(ToBackpropId(backprop_id)); },
          py::arg("backprop_id") = py::none());
    c.def("backward",
          [](const ArrayBodyPtr& self, py::handle backprop_id, bool enable_double_backprop, std::optional<float> loss_scale) {
              Backward(A(self), ToBackpropId(backprop_id),
                       enable_double_backprop ? DoubleBackpropOption::kEnable : DoubleBackpropOption::kDisable, loss_scale);
          },
          py::arg("backprop_id") = py::none(), py::arg("enable_double_backprop") = false, py::arg("loss_scale") = py::none());
}

// state = (a NumPy copy, the Device); Device pickles by name, so the array unpickles onto the same device
// object. copy.copy and copy.deepcopy go through the same pair and so copy the data.
void DefinePickle(ArrayClass& c) {
    c.def(py::pickle(
            [](const ArrayBodyPtr& self) {
                py::object device = py::cast(self->device(), py::return_value_policy::reference);
                return py::make_tuple(ToNumpy(A(self), true), device);
            },
            [](const py::tuple& state) {
                if (state.size() != 2) {
                    throw py::value_error{"invalid chainerx.ndarray state"};
                }
                // Unpickled NumPy data may be a read-only view of the pickle's buffer; chainerx arrays are writable.
                auto data = py::array::ensure(state[0]);
                if (!data) {
                    throw py::type_error{"invalid chainerx.ndarray state: the data is not an array"};
                }
                if (!data.writeable()) {
                    data = py::array{data.attr("copy")()};
                }
                return FromNumpy(data, GetDevice(state[1])).TakeBody();
            }));
    // Protocols 0 and 1 would reduce through copyreg._reconstructor, which makes the instance with object.__new__
    // and aborts in pybind11; every protocol goes through copyreg.__newobj__ and the state pair above instead.
    c.def("__reduce_ex__", [](py::handle self, py::handle /*protocol*/) {
        py::object newobj = py::module::import("copyreg").attr("__newobj__");
        return py::make_tuple(newobj, py::make_tuple(py::type::of(self)), self.attr("__getstate__")());
    });
}

}  // namespace

void InitArray(py::module& m) {
    // The buffer itself (host-accessible devices only) is defined in array_interop.cc.
    ArrayClass c{m, "ndarray", py::buffer_protocol()};
    DefineArrayObjectLifecycle(c);
    c.def(py::init([](py::handle shape, py::handle dtype, py::handle device) {
              return Empty(ToShape(shape), GetDtype(dtype), GetDevice(device)).TakeBody();
          }),
          py::arg("shape"), py::arg("dtype"), py::arg("device") = py::none());
    // Arrays compare elementwise, so they cannot be hashed.
    c.attr("__hash__") = py::none();
    DefineProperties(c);
    DefineMethods(c);
    DefineArithmeticOperators(c);
    DefineComparisonOperators(c);
    DefineReductionMethods(c);
    DefineAutogradMethods(c);
    DefineManipulationMethods(c);
    DefineIndexingMethods(c);
    DefineSortingMethods(c);
    DefineLinalgMethods(c);
    DefineInteropMethods(c);
    DefinePickle(c);
    DefineArrayFastMethods(c);
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
