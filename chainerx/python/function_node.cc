// chainerx._core._function_node_forward: puts an operation implemented in Python (a chainer FunctionNode
// running its NumPy/CuPy fallback) into the C++ graph, so that backward calls back into Python.
#include <memory>
#include <optional>
#include <vector>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/error.h"
#include "chainerx/python/common.h"
#include "chainerx/python/init.h"

namespace chainerx {
namespace python {
namespace internal {
namespace {

namespace py = pybind11;

py::object ToPyOrNone(const std::optional<Array>& a) { return a.has_value() ? py::cast(a->body()) : py::none(); }

void FunctionNodeForward(
        py::object function_node,
        const std::vector<ArrayBodyPtr>& input_bodies,
        const std::vector<ArrayBodyPtr>& output_bodies,
        const std::vector<size_t>& input_indexes_to_retain,
        const std::vector<size_t>& output_indexes_to_retain) {
    std::vector<Array> inputs{input_bodies.begin(), input_bodies.end()};
    std::vector<Array> outputs{output_bodies.begin(), output_bodies.end()};
    BackwardBuilder bb{"chainer_function", {inputs.begin(), inputs.end()}, {outputs.begin(), outputs.end()}};
    if (BackwardBuilder::Target bt = bb.CreateTarget()) {
        std::vector<RetainedInputToken> input_tokens;
        for (size_t i : input_indexes_to_retain) {
            input_tokens.push_back(bb.RetainInput(i));
        }
        std::vector<RetainedOutputToken> output_tokens;
        for (size_t i : output_indexes_to_retain) {
            output_tokens.push_back(bb.RetainOutput(i));
        }
        bt.Define([node = SharePyObject(std::move(function_node)), input_tokens, output_tokens, n_inputs = inputs.size()](
                          BackwardContext& bctx) {
            py::gil_scoped_acquire gil;
            py::list target_input_indexes;
            for (size_t i = 0; i < n_inputs; ++i) {
                if (bctx.is_input_grad_required(i)) {
                    target_input_indexes.append(i);
                }
            }
            py::list grad_outputs;
            for (size_t k = 0; k < bctx.output_count(); ++k) {
                grad_outputs.append(ToPyOrNone(bctx.output_grad_if_any(k)));
            }
            py::list retained_inputs;
            for (const RetainedInputToken& token : input_tokens) {
                retained_inputs.append(py::cast(bctx.GetRetainedInput(token).body()));
            }
            py::list retained_outputs;
            for (const RetainedOutputToken& token : output_tokens) {
                retained_outputs.append(py::cast(bctx.GetRetainedOutput(token).body()));
            }
            py::object grads = node->attr("_backward_chainerx")(
                    py::tuple{target_input_indexes}, py::tuple{grad_outputs}, py::tuple{retained_inputs}, py::tuple{retained_outputs});
            size_t k = 0;
            for (py::handle grad : grads) {
                if (k >= target_input_indexes.size()) {
                    throw ChainerxError{"_backward_chainerx returned more gradients than target inputs"};
                }
                if (!grad.is_none()) {
                    bctx.input_grad(target_input_indexes[k].cast<size_t>()) = ToArray(grad);
                }
                ++k;
            }
            if (k != target_input_indexes.size()) {
                throw ChainerxError{"_backward_chainerx returned ", k, " gradients for ", target_input_indexes.size(), " target inputs"};
            }
        });
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
