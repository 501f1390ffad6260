// chainerx._core._function_node_forward: puts an operation implemented in Python (a chainer FunctionNode
// running its NumPy/CuPy fallback) into the C++ graph, so that backward calls back into Python.
//
// Note [Fallback operands on the graph]
// A Chainer function may take None inputs and return None outputs, and its integer outputs (a cast to int32, an
// argmax) are constants. The original hands all of them to this function; only the arrays among the inputs and
// the floating-point arrays among the outputs become graph operands. Indexes seen by Python — retained
// operands, target inputs, gradients — are always those of the full lists, mapped here to graph positions.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <pybind11/pybind11.h>

#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/error.h"
#include "chainerx/python/common.h"
#include "chainerx/python/init.h"

namespace chainerx {
namespace python {
namespace internal {
namespace {

namespace py = pybind11;

py::object ToPyOrNone(const std::optional<Array>& a) { return a.has_value() ? py::cast(a->body()) : py::none(); }

// The operands of one side: each item None or an array; `positions[i]` is the graph position of item i, or -1.
struct FallbackOperands {
    std::vector<std::optional<Array>> items;
    std::vector<Array> graph_arrays;
    std::vector<int64_t> positions;
};

FallbackOperands ToFallbackOperands(py::handle sequence, const char* name, bool float_only) {
    FallbackOperands operands;
    if (PyUnicode_Check(sequence.ptr()) || IsArray(sequence) || PySequence_Check(sequence.ptr()) == 0) {
        throw py::type_error{std::string{name} + " must be a sequence of chainerx.ndarray or None"};
    }
    for (py::handle item : sequence) {
        if (item.is_none()) {
            operands.items.emplace_back();
            operands.positions.push_back(-1);
            continue;
        }
        Array a = ToArray(item);
        operands.items.emplace_back(a);
        if (float_only && !IsFloatingPoint(a.dtype())) {
            operands.positions.push_back(-1);
            continue;
        }
        operands.positions.push_back(static_cast<int64_t>(operands.graph_arrays.size()));
        operands.graph_arrays.push_back(a);
    }
    return operands;
}

std::vector<size_t> ToRetainIndexes(py::handle indexes, size_t count, const char* name) {
    std::vector<size_t> result;
    for (int64_t i : ToInt64List(indexes, name)) {
        if (i < 0 || static_cast<size_t>(i) >= count) {
            throw py::index_error{std::string{name} + ": index " + std::to_string(i) + " is out of range for " +
                                  std::to_string(count) + " operands"};
        }
        result.push_back(static_cast<size_t>(i));
    }
    return result;
}

// A retained operand: a graph token, or (None and non-graph outputs) the value itself.
template <typename Token>
struct Retained {
    std::optional<Token> token;
    std::optional<Array> value;
};

template <typename Token, typename RetainFn>
std::vector<Retained<Token>> Retain(
        const FallbackOperands& operands, const std::vector<size_t>& indexes, RetainFn retain) {
    std::vector<Retained<Token>> retained;
    for (size_t i : indexes) {
        int64_t position = operands.positions[i];
        retained.push_back(position >= 0 ? Retained<Token>{retain(static_cast<size_t>(position)), std::nullopt}
                                         : Retained<Token>{std::nullopt, operands.items[i]});
    }
    return retained;
}

template <typename Token, typename GetFn>
py::tuple RetainedToPython(const std::vector<Retained<Token>>& retained, GetFn get) {
    py::list values;
    for (const Retained<Token>& r : retained) {
        values.append(r.token.has_value() ? py::cast(get(*r.token).TakeBody()) : ToPyOrNone(r.value));
    }
    return py::tuple{values};
}

struct FallbackBackward {
    std::shared_ptr<py::object> node;
    std::vector<int64_t> input_positions;   // per input of the call
    std::vector<int64_t> output_positions;  // per output of the call
    std::vector<Retained<RetainedInputToken>> retained_inputs;
    std::vector<Retained<RetainedOutputToken>> retained_outputs;

    void operator()(BackwardContext& bctx) const {
        py::gil_scoped_acquire gil;
        std::vector<size_t> target_positions;
        py::list target_input_indexes;
        for (size_t i = 0; i < input_positions.size(); ++i) {
            int64_t position = input_positions[i];
            if (position >= 0 && bctx.is_input_grad_required(static_cast<size_t>(position))) {
                target_input_indexes.append(i);
                target_positions.push_back(static_cast<size_t>(position));
            }
        }
        py::list grad_outputs;
        for (int64_t position : output_positions) {
            grad_outputs.append(position >= 0 ? ToPyOrNone(bctx.output_grad_if_any(static_cast<size_t>(position)))
                                              : py::none());
        }
        py::object grads = node->attr("_backward_chainerx")(
                py::tuple{target_input_indexes},
                py::tuple{grad_outputs},
                RetainedToPython(
                        retained_inputs, [&bctx](const RetainedInputToken& t) { return bctx.GetRetainedInput(t); }),
                RetainedToPython(
                        retained_outputs, [&bctx](const RetainedOutputToken& t) { return bctx.GetRetainedOutput(t); }));
        size_t k = 0;
        for (py::handle grad : grads) {
            if (k >= target_positions.size()) {
                throw ChainerxError{"_backward_chainerx returned more gradients than target inputs"};
            }
            if (!grad.is_none()) {
                bctx.input_grad(target_positions[k]) = ToArray(grad);
            }
            ++k;
        }
        if (k != target_positions.size()) {
            throw ChainerxError{
                    "_backward_chainerx returned ", k, " gradients for ", target_positions.size(), " target inputs"};
        }
    }
};

void FunctionNodeForward(
        py::object function_node,
        py::handle inputs_arg,
        py::handle outputs_arg,
        py::handle input_indexes_to_retain,
        py::handle output_indexes_to_retain) {
    FallbackOperands inputs = ToFallbackOperands(inputs_arg, "inputs", false);
    // See Note [Fallback operands on the graph].
    FallbackOperands outputs = ToFallbackOperands(outputs_arg, "outputs", true);
    std::vector<size_t> input_retain =
            ToRetainIndexes(input_indexes_to_retain, inputs.items.size(), "input_indexes_to_retain");
    std::vector<size_t> output_retain =
            ToRetainIndexes(output_indexes_to_retain, outputs.items.size(), "output_indexes_to_retain");
    if (inputs.graph_arrays.empty() || outputs.graph_arrays.empty()) {
        return;  // nothing to differentiate
    }
    BackwardBuilder bb{"chainer_function",
                       {inputs.graph_arrays.begin(), inputs.graph_arrays.end()},
                       {outputs.graph_arrays.begin(), outputs.graph_arrays.end()}};
    if (BackwardBuilder::Target bt = bb.CreateTarget()) {
        FallbackBackward backward{SharePyObject(std::move(function_node)), inputs.positions, outputs.positions, {}, {}};
        backward.retained_inputs =
                Retain<RetainedInputToken>(inputs, input_retain, [&bb](size_t i) { return bb.RetainInput(i); });
        backward.retained_outputs =
                Retain<RetainedOutputToken>(outputs, output_retain, [&bb](size_t i) { return bb.RetainOutput(i); });
        bt.Define(std::move(backward));
    }
    bb.Finalize();
}

}  // namespace

void InitFunctionNode(py::module& m) {
    m.def("_function_node_forward", &FunctionNodeForward, py::arg("function_node"), py::arg("inputs"), py::arg("outputs"),
          py::arg("input_indexes_to_retain"), py::arg("output_indexes_to_retain"));
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
