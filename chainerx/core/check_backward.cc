#include "chainerx/core/check_backward.h"

#include <cmath>
#include <sstream>

#include "chainerx/core/backprop_mode.h"
#include "chainerx/core/backward.h"
#include "chainerx/core/context.h"
#include "chainerx/core/device.h"
#include "chainerx/core/error.h"
#include "chainerx/core/routines/creation.h"

namespace chainerx {
namespace {

// Fresh copies of the inputs that require grad on the graph, so that checks never touch the caller's arrays.
std::vector<Array> MakeGradRequiredCopies(const std::vector<Array>& inputs, const BackpropId& graph) {
    std::vector<Array> copies;
    for (const Array& input : inputs) {
        Array copy = input.AsGradStopped(CopyKind::kCopy);
        copy.RequireGrad(graph);
        copies.push_back(std::move(copy));
    }
    return copies;
}

void CheckAllClose(const Array& analytic, const Array& numerical, size_t input_index, double atol, double rtol) {
    Device& host = analytic.device().context().GetNativeBackend().GetDevice(0);
    Array a = analytic.ToDevice(host);
    Array n = numerical.ToDevice(host);
    for (int64_t j = 0; j < a.GetTotalSize(); ++j) {
        double av = internal::GetElementAsDouble(a, j);
        double nv = internal::GetElementAsDouble(n, j);
        if (!(std::abs(av - nv) <= atol + rtol * std::abs(nv))) {
            throw GradientCheckError{"backward and numerical gradients differ for input ", input_index, " at flat index ", j,
                                     ": analytic ", av, ", numerical ", nv, " (atol=", atol, ", rtol=", rtol,
                                     ")\nanalytic: ", a.ToString(), "\nnumerical: ", n.ToString()};
        }
    }
}

}  // namespace

void CheckBackward(
        const ArrayFunction& func,
        const std::vector<Array>& inputs,
        const std::vector<Array>& grad_outputs,
        const std::vector<Array>& eps,
        double atol,
        double rtol,
        const std::optional<BackpropId>& backprop_id) {
    if (inputs.empty()) {
        throw GradientCheckError{"check_backward needs at least one input"};
    }
    Context& context = inputs.front().device().context();
    BackpropId graph = backprop_id.has_value() ? *backprop_id : context.default_backprop_id();
    std::vector<Array> xs = MakeGradRequiredCopies(inputs, graph);
    std::vector<Array> outputs = func(xs);
    if (outputs.size() != grad_outputs.size()) {
        throw GradientCheckError{"the function returned ", outputs.size(), " outputs for ", grad_outputs.size(), " grad_outputs"};
    }
    std::vector<ConstArrayRef> output_refs{outputs.begin(), outputs.end()};
    std::vector<ConstArrayRef> input_refs{xs.begin(), xs.end()};
    std::vector<std::optional<Array>> seeds{grad_outputs.begin(), grad_outputs.end()};
    // Outputs that do not depend on the graph (e.g. integer outputs) contribute nothing.
    std::vector<ConstArrayRef> connected_outputs;
    std::vector<std::optional<Array>> connected_seeds;
    for (size_t k = 0; k < outputs.size(); ++k) {
        if (outputs[k].IsBackpropRequired(graph)) {
            connected_outputs.push_back(outputs[k]);
            connected_seeds.push_back(seeds[k]);
        }
    }
    std::vector<std::optional<Array>> analytic =
            Grad(connected_outputs, input_refs, graph, DoubleBackpropOption::kDisable, false, false, connected_seeds);
    std::vector<Array> numerical = CalculateNumericalGradient(func, xs, grad_outputs, eps);
    for (size_t i = 0; i < xs.size(); ++i) {
        Array a = analytic[i].has_value() ? *analytic[i] : ZerosLike(xs[i]);
        CheckAllClose(a, numerical[i], i, atol, rtol);
    }
}

void CheckDoubleBackward(
        const ArrayFunction& func,
        const std::vector<Array>& inputs,
        const std::vector<Array>& grad_outputs,
        const std::vector<Array>& grad_grad_inputs,
        const std::vector<Array>& eps,
        double atol,
        double rtol,
        const std::optional<BackpropId>& backprop_id) {
    if (inputs.empty()) {
        throw GradientCheckError{"check_double_backward needs at least one input"};
    }
    size_t n_inputs = inputs.size();
    // f(x..., gy...) = d<func(x), gy>/dx, itself differentiable because backward is recorded.
    ArrayFunction first_order = [&func, n_inputs, backprop_id](const std::vector<Array>& xs_and_gys) {
        std::vector<Array> xs{xs_and_gys.begin(), xs_and_gys.begin() + n_inputs};
        std::vector<std::optional<Array>> gys{xs_and_gys.begin() + n_inputs, xs_and_gys.end()};
        // Recording must stay on even while the numerical check evaluates this function: Grad needs the graph.
        ForceBackpropModeScope force{xs.front().device().context()};
        std::vector<Array> ys = func(xs);
        if (ys.size() != gys.size()) {
            throw GradientCheckError{"the function returned ", ys.size(), " outputs for ", gys.size(), " grad_outputs"};
        }
        std::vector<ConstArrayRef> y_refs{ys.begin(), ys.end()};
        std::vector<ConstArrayRef> x_refs{xs.begin(), xs.end()};
        std::vector<std::optional<Array>> gxs =
                Grad(y_refs, x_refs, backprop_id, DoubleBackpropOption::kEnable, false, false, gys);
        std::vector<Array> result;
        for (size_t i = 0; i < xs.size(); ++i) {
            result.push_back(gxs[i].has_value() ? *gxs[i] : ZerosLike(xs[i]));
        }
        return result;
    };
    std::vector<Array> all_inputs = inputs;
    all_inputs.insert(all_inputs.end(), grad_outputs.begin(), grad_outputs.end());
    CheckBackward(first_order, all_inputs, grad_grad_inputs, eps, atol, rtol, backprop_id);
}

}  // namespace chainerx
