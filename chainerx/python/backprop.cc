// Bindings of the autograd API: backprop ids and scopes, backprop modes, backward.
#include "chainerx/core/backward.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "chainerx/core/backprop_mode.h"
#include "chainerx/core/check_backward.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/context.h"
#include "chainerx/core/graph_dump.h"
#include "chainerx/python/common.h"
#include "chainerx/python/init.h"

namespace chainerx {
namespace python {
namespace internal {
namespace {

namespace py = pybind11;

// `with chainerx.backprop_scope('name') as bp:` makes a graph and releases it on exit.
class PyBackpropScope {
public:
    PyBackpropScope(std::string name, Context& context) : name_{std::move(name)}, context_{context} {}
    BackpropId Enter() {
        backprop_id_ = context_.MakeBackpropId(name_);
        return *backprop_id_;
    }
    void Exit() {
        if (backprop_id_.has_value()) {
            context_.ReleaseBackpropId(*backprop_id_);
            backprop_id_.reset();
        }
    }

private:
    std::string name_;
    Context& context_;
    std::optional<BackpropId> backprop_id_;
};

// no_backprop_mode / force_backprop_mode: the target (a context, one id or a list of ids) is resolved at
// construction, the switch happens on __enter__.
template <bool kEnabled>
class PyBackpropModeScope {
public:
    explicit PyBackpropModeScope(py::handle target) {
        if (target.is_none()) {
            context_ = &GetDefaultContext();
        } else if (py::isinstance<Context>(target)) {
            context_ = &target.cast<Context&>();
        } else if (py::isinstance<BackpropId>(target)) {
            ids_ = std::vector<BackpropId>{target.cast<BackpropId>()};
        } else if (py::isinstance<py::sequence>(target) && !py::isinstance<py::str>(target)) {
            std::vector<BackpropId> ids;
            for (py::handle item : target) {
                if (!py::isinstance<BackpropId>(item)) {
                    throw py::type_error{"expected a list of BackpropIds"};
                }
                ids.push_back(ToBackpropIdNotNone(item));
            }
            ids_ = std::move(ids);
        } else {
            throw py::type_error{"expected None, a Context, a BackpropId or a list of BackpropIds"};
        }
    }
    void Enter() {
        scope_ = ids_.has_value() ? std::make_unique<BackpropModeScope<kEnabled>>(*ids_)
                                  : std::make_unique<BackpropModeScope<kEnabled>>(*context_);
    }
    void Exit() { scope_.reset(); }

private:
    Context* context_{nullptr};
    std::optional<std::vector<BackpropId>> ids_;
    std::unique_ptr<BackpropModeScope<kEnabled>> scope_;
};

template <bool kEnabled>
void BindBackpropModeScope(py::module& m, const char* class_name, const char* function_name) {
    using Scope = PyBackpropModeScope<kEnabled>;
    py::class_<Scope>(m, class_name)
            .def("__enter__", [](Scope& self) { self.Enter(); })
            .def("__exit__", [](Scope& self, py::args) { self.Exit(); });
    m.def(function_name, [](py::handle target) { return std::make_unique<Scope>(target); }, py::arg("backprop_id") = py::none());
}

// `with chainerx._core._grad_ready_hook(arrays, callback):` calls callback(i) whenever backward stores the final
// gradient of arrays[i] (Note [Gradient-ready hooks]). Backward runs with the GIL held, so the callback is called
// directly; a Python exception it raises propagates out of backward.
class PyGradReadyHook {
public:
    PyGradReadyHook(std::vector<Array> watched, py::function callback)
        : watched_{std::move(watched)}, callback_{std::move(callback)} {}
    void Enter() {
        if (scope_.has_value()) {
            throw py::value_error{"_grad_ready_hook: this hook is already active"};
        }
        scope_.emplace(std::vector<ConstArrayRef>{watched_.begin(), watched_.end()},
                       [this](size_t index) { callback_(index); });
    }
    void Exit() { scope_.reset(); }

private:
    std::vector<Array> watched_;
    py::function callback_;
    std::optional<GradReadyHookScope> scope_;
};

// One array or a sequence of arrays (outputs, inputs and gradients of the gradient checks and backward).
std::vector<Array> ToArrayOrList(py::handle outputs) {
    std::vector<Array> arrays;
    if (IsArray(outputs)) {
        arrays.push_back(ToArray(outputs));
    } else {
        if (!py::isinstance<py::sequence>(outputs)) {
            throw py::type_error{"expected a chainerx.ndarray or a sequence of them"};
        }
        for (py::handle item : outputs) {
            arrays.push_back(ToArray(item));
        }
    }
    return arrays;
}

// grad_outputs: None (none given), one ndarray, or a sequence of ndarrays and Nones (None: ones).
std::vector<std::optional<Array>> ToOptionalArrayList(py::handle grad_outputs) {
    std::vector<std::optional<Array>> arrays;
    if (grad_outputs.is_none()) {
        return arrays;
    }
    if (IsArray(grad_outputs)) {
        arrays.emplace_back(ToArray(grad_outputs));
        return arrays;
    }
    if (!py::isinstance<py::sequence>(grad_outputs)) {
        throw py::type_error{"grad_outputs: expected a sequence of chainerx.ndarray or None"};
    }
    for (py::handle item : grad_outputs) {
        arrays.push_back(item.is_none() ? std::nullopt : std::optional<Array>{ToArray(item)});
    }
    return arrays;
}

// A Python callable (list of ndarrays → sequence of ndarrays) as a C++ ArrayFunction.
ArrayFunction ToArrayFunction(py::function func) {
    return [func = std::move(func)](const std::vector<Array>& xs) {
        py::list args;
        for (const Array& x : xs) {
            args.append(py::cast(x.body()));
        }
        return ToArrayOrList(func(args));
    };
}

// eps: a sequence of arrays (one per input) or one number used for every element.
std::vector<Array> ToEps(py::handle eps, const std::vector<Array>& inputs) {
    if (IsScalar(eps)) {
        std::vector<Array> result;
        for (const Array& x : inputs) {
            result.push_back(FullLike(x, ToScalar(eps)));
        }
        return result;
    }
    return ToArrayOrList(eps);
}

void InitGradientCheck(py::module& m) {
    m.def("check_backward",
          [](py::function func, py::handle inputs, py::handle grad_outputs, py::handle eps, double atol, double rtol,
             py::handle backprop_id) {
              std::vector<Array> xs = ToArrayOrList(inputs);
              CheckBackward(ToArrayFunction(std::move(func)), xs, ToArrayOrList(grad_outputs), ToEps(eps, xs), atol, rtol,
                            ToBackpropId(backprop_id));
          },
          py::arg("func"), py::arg("inputs"), py::arg("grad_outputs"), py::arg("eps"), py::arg("atol") = 1e-5,
          py::arg("rtol") = 1e-4, py::arg("backprop_id") = py::none());
    m.def("check_double_backward",
          [](py::function func, py::handle inputs, py::handle grad_outputs, py::handle grad_grad_inputs, py::handle eps,
             double atol, double rtol, py::handle backprop_id) {
              std::vector<Array> xs = ToArrayOrList(inputs);
              std::vector<Array> gys = ToArrayOrList(grad_outputs);
              std::vector<Array> xs_and_gys = xs;
              xs_and_gys.insert(xs_and_gys.end(), gys.begin(), gys.end());
              CheckDoubleBackward(ToArrayFunction(std::move(func)), xs, gys, ToArrayOrList(grad_grad_inputs),
                                  ToEps(eps, xs_and_gys), atol, rtol, ToBackpropId(backprop_id));
          },
          py::arg("func"), py::arg("inputs"), py::arg("grad_outputs"), py::arg("grad_grad_inputs"), py::arg("eps"),
          py::arg("atol") = 1e-5, py::arg("rtol") = 1e-4, py::arg("backprop_id") = py::none());
}

}  // namespace

void InitBackprop(py::module& m) {
    InitGradientCheck(m);
    py::class_<BackpropId> backprop_id_class{m, "BackpropId"};
    DefineUnpicklable(backprop_id_class, "chainerx.BackpropId");
    backprop_id_class
            .def_property_readonly("name", &BackpropId::GetName)
            .def_property_readonly("context", &BackpropId::context, py::return_value_policy::reference)
            .def("__repr__", &BackpropId::GetName)
            .def("__eq__", [](const BackpropId& self, py::handle other) {
                return py::isinstance<BackpropId>(other) && self == other.cast<BackpropId>();
            })
            .def("__hash__", [](const BackpropId& self) { return std::hash<uint64_t>{}(self.ordinal()); });

    py::class_<PyBackpropScope>(m, "BackpropScope")
            .def("__enter__", &PyBackpropScope::Enter)
            .def("__exit__", [](PyBackpropScope& self, py::args) { self.Exit(); });
    m.def("backprop_scope",
          [](std::string name, py::handle context) {
              return std::make_unique<PyBackpropScope>(
                      std::move(name), ToContext(context));
          },
          py::arg("backprop_name"),
          py::arg("context") = py::none());

    py::class_<AnyGraph>(m, "AnyGraph");
    m.attr("anygraph") = AnyGraph{};

    BindBackpropModeScope<false>(m, "NoBackpropMode", "no_backprop_mode");
    BindBackpropModeScope<true>(m, "ForceBackpropMode", "force_backprop_mode");

    // is_backprop_required(backprop_id) or is_backprop_required(context=None), as in the original.
    m.def("is_backprop_required",
          [](py::handle backprop_id, py::handle context) {
              py::handle target = backprop_id.is_none() ? context : backprop_id;
              if (target.is_none()) {
                  return IsBackpropRequired();
              }
              if (py::isinstance<BackpropId>(target)) {
                  return IsBackpropRequired(target.cast<BackpropId>());
              }
              if (py::isinstance<Context>(target)) {
                  return IsBackpropRequired(target.cast<Context&>());
              }
              throw py::type_error{"expected None, a Context or a BackpropId"};
          },
          py::arg("backprop_id") = py::none(),
          py::kw_only(),
          py::arg("context") = py::none());

    py::class_<PyGradReadyHook>(m, "_GradReadyHook")
            .def("__enter__", [](PyGradReadyHook& self) { self.Enter(); })
            .def("__exit__", [](PyGradReadyHook& self, py::args) { self.Exit(); });
    m.def("_grad_ready_hook",
          [](py::handle arrays, py::function callback) {
              return std::make_unique<PyGradReadyHook>(ToArrayOrList(arrays), std::move(callback));
          },
          py::arg("arrays"),
          py::arg("callback"));

    // Not in the original's API: Chainer's Variable.unchain()/unchain_backward() on chainerx arrays (Note [Cutting a
    // graph] in core/backward.h).
    m.def("_unchain",
          [](py::handle array, py::handle backprop_id) { Unchain(ToArray(array), ToBackpropId(backprop_id)); },
          py::arg("array"),
          py::arg("backprop_id") = py::none());
    m.def("_unchain_backward",
          [](py::handle array, py::handle backprop_id) { UnchainBackward(ToArray(array), ToBackpropId(backprop_id)); },
          py::arg("array"),
          py::arg("backprop_id") = py::none());

    // Not in the original's API: the graph behind arrays as plain records, for chainer.computational_graph on
    // chainerx Variables (core/graph_dump.h). Returns (arrays, ops): arrays a list of (shape, dtype name, ndarray or
    // None when it is gone), ops a list of (name, rank, input indices, output indices) by decreasing rank, an index
    // being a position in arrays or None for an input outside the graph.
    m.def("_computational_graph",
          [](py::handle outputs, py::handle backprop_id) -> py::tuple {
              std::vector<Array> arrays = ToArrayOrList(outputs);
              if (arrays.empty()) {
                  return py::make_tuple(py::list{}, py::list{});
              }
              BackpropId graph = arrays.front().ResolveBackpropId(ToBackpropId(backprop_id));
              chainerx::internal::GraphRecord record =
                      chainerx::internal::RecordComputationalGraph({arrays.begin(), arrays.end()}, graph);
              py::list array_list;
              for (const auto& a : record.arrays) {
                  py::object body = a.body != nullptr ? py::cast(a.body) : py::none();
                  py::tuple shape(a.shape.size());
                  for (size_t i = 0; i < a.shape.size(); ++i) {
                      shape[i] = a.shape[i];
                  }
                  array_list.append(py::make_tuple(shape, GetDtypeName(a.dtype), body));
              }
              auto indices = [](const std::vector<int64_t>& ids) {
                  py::list list;
                  for (int64_t id : ids) {
                      list.append(id < 0 ? py::none() : py::object(py::int_(id)));
                  }
                  return list;
              };
              py::list op_list;
              for (const auto& op : record.ops) {
                  op_list.append(py::make_tuple(op.name, op.rank, indices(op.inputs), indices(op.outputs)));
              }
              return py::make_tuple(array_list, op_list);
          },
          py::arg("outputs"),
          py::arg("backprop_id") = py::none());

    m.def("backward",
          [](py::handle outputs, py::handle backprop_id, bool enable_double_backprop, std::optional<float> loss_scale) {
              std::vector<Array> arrays = ToArrayOrList(outputs);
              std::vector<ConstArrayRef> refs{arrays.begin(), arrays.end()};
              Backward(refs,
                       ToBackpropId(backprop_id),
                       enable_double_backprop ? DoubleBackpropOption::kEnable : DoubleBackpropOption::kDisable,
                       loss_scale);
          },
          py::arg("outputs"),
          py::arg("backprop_id") = py::none(),
          py::arg("enable_double_backprop") = false,
          py::arg("loss_scale") = py::none());

    m.def("grad",
          [](py::handle outputs,
             py::handle inputs,
             py::handle backprop_id,
             bool enable_double_backprop,
             bool set_grad,
             bool retain_grad,
             py::handle grad_outputs,
             std::optional<float> loss_scale) {
              std::vector<Array> output_arrays = ToArrayOrList(outputs);
              std::vector<Array> input_arrays = ToArrayOrList(inputs);
              std::vector<std::optional<Array>> seeds = ToOptionalArrayList(grad_outputs);
              std::vector<std::optional<Array>> grads = Grad(
                      {output_arrays.begin(), output_arrays.end()},
                      {input_arrays.begin(), input_arrays.end()},
                      ToBackpropId(backprop_id),
                      enable_double_backprop ? DoubleBackpropOption::kEnable : DoubleBackpropOption::kDisable,
                      set_grad,
                      retain_grad,
                      seeds,
                      loss_scale);
              py::list result;
              for (const auto& g : grads) {
                  result.append(g.has_value() ? py::cast(g->body()) : py::none());
              }
              return result;
          },
          py::arg("outputs"),
          py::arg("inputs"),
          py::arg("backprop_id") = py::none(),
          py::arg("enable_double_backprop") = false,
          py::arg("set_grad") = false,
          py::arg("retain_grad") = false,
          py::arg("grad_outputs") = py::none(),
          py::arg("loss_scale") = py::none());
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
