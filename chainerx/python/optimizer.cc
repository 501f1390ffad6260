// Bindings of the fused optimizer updates (routines/optimizer.h) as chainerx._core._optimizers, which Chainer's
// update rules call. Private: the functions take every argument positionally as the update rule computes it and
// are not part of the original ChainerX API.
#include "chainerx/core/routines/optimizer.h"

#include <array>
#include <cstddef>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "chainerx/core/array.h"
#include "chainerx/core/error.h"
#include "chainerx/python/arguments.h"
#include "chainerx/python/common.h"
#include "chainerx/python/init.h"
#include "chainerx/python/routine_binding.h"

namespace chainerx {
namespace python {
namespace internal {
namespace {

namespace py = pybind11;

// Array arguments arrive as Python objects and are converted by hand; hyperparameters are converted by pybind11.
template <typename T>
struct PyParam {
    using type = std::decay_t<T>;
};

template <>
struct PyParam<const Array&> {
    using type = py::handle;
};

template <>
struct PyParam<const std::optional<Array>&> {
    using type = py::handle;
};

// The array argument `arg_name` of `op` at position `index`. Every array but grad (index 1) is written, and
// ValueError (the interface Chainer expects) rejects one whose elements overlap, before the routine would raise
// ChainerxError.
Array ToUpdateArray(py::handle handle, const char* op, size_t index, const char* arg_name) {
    Array a = ToArray(handle);
    if (index != 1 && chainerx::internal::MayHaveOverlappingElements(a)) {
        throw py::value_error{chainerx::internal::BuildErrorMessage(
                op, ": ", arg_name, " is updated in place but its elements overlap (shape ", a.shape(), ", strides ",
                a.strides(), ")")};
    }
    return a;
}

template <typename T, typename P>
std::decay_t<T> FromPython(P value, const char* op, size_t index, const char* arg_name) {
    using V = std::decay_t<T>;
    if constexpr (std::is_same<V, Array>::value) {
        return ToUpdateArray(value, op, index, arg_name);
    } else if constexpr (std::is_same<V, std::optional<Array>>::value) {
        return value.is_none() ? V{} : V{ToUpdateArray(value, op, index, arg_name)};
    } else {
        return value;
    }
}

// Binds `routine` under `name` with the given parameter names; the GIL is released while a large param is
// updated.
template <typename... Args, size_t... I>
void DefineUpdateImpl(
        py::module& m,
        const char* name,
        void (*routine)(Args...),
        const std::array<const char*, sizeof...(Args)>& arg_names,
        std::index_sequence<I...> /*indices*/) {
    m.def(name,
          [name, routine, arg_names](typename PyParam<Args>::type... args) {
              std::tuple<std::decay_t<Args>...> values{FromPython<Args>(args, name, I, arg_names[I])...};
              const Array& param = std::get<0>(values);
              CallReleasingGil(IsLargeOperand(param), [&routine, &values] { std::apply(routine, values); });
          },
          py::arg(arg_names[I])...);
}

template <typename... Args>
void DefineUpdate(
        py::module& m,
        const char* name,
        void (*routine)(Args...),
        const std::array<const char*, sizeof...(Args)>& names) {
    DefineUpdateImpl(m, name, routine, names, std::index_sequence_for<Args...>{});
}

// `with _optimizers.Batch() as batch:` opens a FusedUpdateBatch (Note [Batched updates] in routines/optimizer.h)
// until the block ends, which runs the queue; batch.flush() runs it earlier, and batch.run_unbatched(fn) calls fn
// in a FusedUpdateBatchPause. Flushes hold the GIL: a queued array may be the last reference to memory that Python
// owns.
class PyFusedUpdateBatch {
public:
    void Enter() {
        if (batch_.has_value()) {
            throw py::value_error{"the fused update batch is already open"};
        }
        batch_.emplace();
    }

    void Exit() {
        if (!batch_.has_value()) {
            return;
        }
        // The outermost batch runs the queue, then the batch closes, even when the flush raises.
        try {
            if (batch_->outermost()) {
                batch_->Flush();
            }
        } catch (...) {
            batch_.reset();
            throw;
        }
        batch_.reset();
    }

    void Flush() {
        if (!batch_.has_value()) {
            throw py::value_error{"the fused update batch is not open"};
        }
        batch_->Flush();
    }

private:
    std::optional<FusedUpdateBatch> batch_;
};

}  // namespace

void InitOptimizers(py::module& m) {
    py::module o = m.def_submodule("_optimizers", "Fused in-place optimizer updates (see routines/optimizer.h).");
    // def_submodule named it after the parent's temporary __name__ (see module.cc); this is where it lives.
    o.attr("__name__") = "chainerx._core._optimizers";
    py::class_<PyFusedUpdateBatch>{o, "Batch", "Queues the fused updates of this thread and runs them at the end of a "
                                               "with block or at flush(), several parameters per launch."}
            .def(py::init<>())
            .def("__enter__",
                 [](PyFusedUpdateBatch& self) -> PyFusedUpdateBatch& {
                     self.Enter();
                     return self;
                 },
                 py::return_value_policy::reference_internal)
            .def("__exit__",
                 [](PyFusedUpdateBatch& self, const py::handle& /*type*/, const py::handle& /*value*/,
                    const py::handle& /*traceback*/) { self.Exit(); })
            .def("flush", &PyFusedUpdateBatch::Flush)
            .def("run_unbatched", [](PyFusedUpdateBatch& /*self*/, const py::function& fn) {
                FusedUpdateBatchPause pause{};
                return fn();
            });
    // Not in the original's API: what Chainer's GradientClipping runs on chainerx gradients (a private function of
    // chainerx._core, since it is no update rule and returns the squared norm).
    m.def("_clip_by_global_norm",
          [](py::handle arrays, double threshold) {
              std::vector<Array> list = ToArrayList(arrays);
              return ClipByGlobalNorm(list, threshold).TakeBody();
          },
          py::arg("arrays"),
          py::arg("threshold"));
    DefineUpdate(o, "sgd", &SgdUpdate, {"param", "grad", "lr"});
    DefineUpdate(o, "momentum_sgd", &MomentumSgdUpdate, {"param", "grad", "v", "lr", "momentum"});
    DefineUpdate(o, "corrected_momentum_sgd", &CorrectedMomentumSgdUpdate, {"param", "grad", "v", "lr", "momentum"});
    DefineUpdate(o, "nesterov_ag", &NesterovAgUpdate, {"param", "grad", "v", "lr", "momentum"});
    DefineUpdate(o, "adagrad", &AdaGradUpdate, {"param", "grad", "h", "lr", "eps"});
    DefineUpdate(o, "adadelta", &AdaDeltaUpdate, {"param", "grad", "msg", "msdx", "rho", "eps"});
    DefineUpdate(o, "rmsprop", &RmsPropUpdate, {"param", "grad", "ms", "lr", "alpha", "eps", "eps_inside_sqrt"});
    DefineUpdate(
            o,
            "rmsprop_graves",
            &RmsPropGravesUpdate,
            {"param", "grad", "n", "g_avg", "delta", "lr", "alpha", "momentum", "eps"});
    DefineUpdate(
            o,
            "adam",
            &AdamUpdate,
            {"param", "grad", "m", "v", "vhat", "alpha_t", "beta1", "beta2", "eps", "eta", "weight_decay_rate",
             "lower_bound", "upper_bound"});
    DefineUpdate(o, "smorms3", &Smorms3Update, {"param", "grad", "mem", "g_avg", "g2", "lr", "eps"});
    DefineUpdate(
            o,
            "msvag",
            &MsvagUpdate,
            {"param", "grad", "m", "v", "lr", "beta1", "beta2", "bias1", "bias2", "rho", "eta", "weight_decay_rate"});
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
