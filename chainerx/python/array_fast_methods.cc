// The fast paths of the ndarray methods and properties a training step calls on every parameter and loss
// (Note [ndarray fast methods]). Each method handles the argument forms below and leaves the others to the
// pybind11 definition in array.cc, which it mirrors; the `grad` property is defined here only.
#include <optional>

#include <pybind11/pybind11.h>

#include "chainerx/core/array.h"
#include "chainerx/core/backward.h"
#include "chainerx/python/array_operators.h"
#include "chainerx/python/common.h"
#include "chainerx/python/fast_method.h"

namespace chainerx {
namespace python {
namespace internal {
namespace {

namespace py = pybind11;

// An optional backprop_id given positionally: `x.cleargrad()` or `x.cleargrad(bid)`.
bool TakesOptionalBackpropId(const FastArgs& args) { return args.IsPositional(0) || args.IsPositional(1); }

std::optional<BackpropId> OptionalBackpropId(const FastArgs& args) {
    return args.nargs == 0 ? std::nullopt : ToBackpropId(args.args[0]);
}

std::optional<py::object> FastRequireGrad(py::handle self, const FastArgs& args) {
    if (!TakesOptionalBackpropId(args)) {
        return std::nullopt;
    }
    ToArray(self).RequireGrad(OptionalBackpropId(args));
    return py::reinterpret_borrow<py::object>(self);
}

std::optional<py::object> FastClearGrad(py::handle self, const FastArgs& args) {
    if (!TakesOptionalBackpropId(args)) {
        return std::nullopt;
    }
    ToArray(self).ClearGrad(OptionalBackpropId(args));
    return py::none();
}

std::optional<py::object> FastBackward(py::handle self, const FastArgs& args) {
    if (!TakesOptionalBackpropId(args)) {
        return std::nullopt;
    }
    Backward(ToArray(self), OptionalBackpropId(args));
    return py::none();
}

// sum(), sum(axis) and sum(axis, keepdims) with keepdims a bool.
std::optional<py::object> FastSum(py::handle self, const FastArgs& args) {
    if (args.has_keywords() || args.nargs > 2) {
        return std::nullopt;
    }
    bool keepdims = false;
    if (args.nargs == 2) {
        if (!PyBool_Check(args.args[1])) {
            return std::nullopt;
        }
        keepdims = args.args[1] == Py_True;
    }
    OptionalAxes axis = args.nargs == 0 ? std::nullopt : ToAxes(args.args[0]);
    return ToPython(ToArray(self).Sum(axis, keepdims));
}

// reshape(shape) and reshape(*dims).
std::optional<py::object> FastReshape(py::handle self, const FastArgs& args) {
    if (args.has_keywords() || args.nargs == 0) {
        return std::nullopt;
    }
    Shape shape;
    if (args.nargs == 1) {
        shape = ToShape(args.args[0]);
    } else {
        py::tuple dims{args.nargs};
        for (Py_ssize_t i = 0; i < args.nargs; ++i) {
            dims[i] = py::reinterpret_borrow<py::object>(args.args[i]);
        }
        shape = ToShape(dims);
    }
    return ToPython(ToArray(self).Reshape(shape));
}

// The default graph's gradient, as get_grad()/set_grad(): raises ChainerxError where the array does not require
// grad (get) or is not in the graph (set), like the original.
py::object GetGrad(py::handle self) {
    std::optional<Array> grad = ToArray(self).GetGrad();
    return py::reinterpret_steal<py::object>(ArrayBodyToPython(grad.has_value() ? grad->body() : nullptr));
}

void SetGrad(py::handle self, py::handle grad) {
    ToArray(self).SetGrad(grad.is_none() ? std::nullopt : std::optional<Array>{ToArray(grad)});
}

}  // namespace

void DefineArrayFastMethods(ArrayClass& c) {
    DefineFastMethod<&FastRequireGrad>(c, "require_grad");
    DefineFastMethod<&FastClearGrad>(c, "cleargrad");
    DefineFastMethod<&FastBackward>(c, "backward");
    DefineFastMethod<&FastSum>(c, "sum");
    DefineFastMethod<&FastReshape>(c, "reshape");
    DefineFastProperty<&GetGrad, &SetGrad>(c, "grad");
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
