// The n_step_* networks as one backend call: see Note [Fused recurrent networks].
#include "chainerx/core/routines/rnn_fused.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "chainerx/core/array_index.h"
#include "chainerx/core/backprop_mode.h"
#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/device.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/rnn.h"

namespace chainerx {
namespace internal {
namespace {

using ArrayList = std::vector<Array>;

// Note [Fused recurrent networks]
// Composed of routines (rnn_n_step.cc), a network takes per layer, direction and time step two matrix products, an
// addition, the cell's kernel and the bookkeeping of shrinking batches: on a GPU, several launches per step, each a
// few microseconds of the host's time and a small kernel. Where the backend has the whole network as one library call
// (cuDNN's RNN API on CUDA, NStepRnnKernel), the routine packs the time steps into one array, and the backend copies
// the weights into its layout and runs the network in one call; the gradients take two more (data, then weights).
// - When. The backend decides (native declines); the routine offers only what such a call can take: one floating
//   dtype and one device for every operand, at least one time step, shapes that fit the network, and states with as
//   many rows as the first time step (cuDNN's sequences have at least one step; extra state rows, which the
//   composition carries through unchanged, would be sequences of none). Anything else is composed, and the
//   composition raises the errors of bad arguments.
// - Gradients. The backend's gradient is not itself differentiable: a backward pass with double backprop enabled
//   that reaches a fused network raises ChainerxError instead of returning second-order gradients that silently
//   miss its terms (what the original Chainer's cuDNN path did). CHAINERX_FUSED_RNN=0 in the environment (read once)
//   makes every network composed, differentiable to any order on every backend.
// - The graph has one op for the whole network: its inputs are hx (and cx), every weight and bias, and the time
//   steps' inputs; its outputs hy (and cy) and every time step's output, views of the packed result. So an input
//   that the differentiated outputs do not depend on (the last time steps', when only the first outputs are used)
//   gets a zero gradient where the composition gives none, as with cuDNN in Chainer and PyTorch.

bool FusedRnnDisabled() {
    static const bool disabled = [] {
        const char* value = std::getenv("CHAINERX_FUSED_RNN");
        return value != nullptr && std::strcmp(value, "0") == 0;
    }();
    return disabled;
}

// Whether the arguments are exactly those of one network (see the note): the composition handles the rest.
bool FitsOneCall(RnnCell cell, int64_t n_layers, int64_t n_dirs, const Array& hx, const std::optional<Array>& cx,
                 const std::vector<ArrayList>& ws, const std::vector<ArrayList>& bs, const ArrayList& xs) {
    if (xs.empty() || GetKind(hx.dtype()) != DtypeKind::kFloat || hx.ndim() != 3 || hx.shape()[1] < 1 ||
        hx.shape()[2] < 1 || xs[0].ndim() != 2 || xs[0].shape()[0] != hx.shape()[1] || xs[0].shape()[1] < 1) {
        return false;
    }
    const Dtype dtype = hx.dtype();
    Device& device = hx.device();
    auto fits = [&](const Array& a, const Shape& shape) {
        return a.dtype() == dtype && &a.device() == &device && a.shape() == shape;
    };
    const int64_t hidden = hx.shape()[2];
    const int64_t input = xs[0].shape()[1];
    if (cx.has_value() && !fits(*cx, hx.shape())) {
        return false;
    }
    for (const Array& x : xs) {
        if (x.ndim() != 2 || x.shape()[0] < 1 || !fits(x, Shape{x.shape()[0], input})) {
            return false;
        }
    }
    const int64_t gates = GateCount(cell);
    for (int64_t k = 0; k < n_layers * n_dirs; ++k) {
        const int64_t layer_input = k < n_dirs ? input : n_dirs * hidden;
        for (int64_t j = 0; j < 2 * gates; ++j) {
            if (!fits(ws[k][j], Shape{hidden, j < gates ? layer_input : hidden}) || !fits(bs[k][j], Shape{hidden})) {
                return false;
            }
        }
    }
    return true;
}

// Where each kind of array sits among the op's inputs: hx, cx (LSTM), the weights, the biases, the time steps.
struct InputLayout {
    size_t n_entries;
    size_t n_weights;
    bool has_cell;
    size_t steps;

    size_t weights() const { return has_cell ? 2 : 1; }
    size_t biases() const { return weights() + n_entries * n_weights; }
    size_t xs() const { return biases() + n_entries * n_weights; }
    size_t outputs_ys() const { return has_cell ? 2 : 1; }
};

}  // namespace

std::optional<NStepRnnResult> FusedNStepRnn(
        const char* op,
        RnnCell cell,
        int64_t n_layers,
        bool bidirectional,
        const Array& hx,
        const std::optional<Array>& cx,
        const std::vector<ArrayList>& ws,
        const std::vector<ArrayList>& bs,
        const ArrayList& xs) {
    const int64_t n_dirs = bidirectional ? 2 : 1;
    if (FusedRnnDisabled() || !FitsOneCall(cell, n_layers, n_dirs, hx, cx, ws, bs, xs)) {
        return std::nullopt;
    }
    BackwardBuilder::InputList inputs{hx};
    if (cx.has_value()) {
        inputs.emplace_back(*cx);
    }
    for (const std::vector<ArrayList>* list : {&ws, &bs}) {
        for (const ArrayList& entry : *list) {
            for (const Array& a : entry) {
                inputs.emplace_back(a);
            }
        }
    }
    for (const Array& x : xs) {
        inputs.emplace_back(x);
    }
    bool training = false;
    for (const ConstArrayRef& input : inputs) {
        training = training || input.get().IsBackpropRequired(AnyGraph{});
    }

    std::optional<NStepRnnOutputs> result;
    {
        NoBackpropModeScope no_backprop{};
        result = hx.device().CallKernel<NStepRnnKernel>(
                NStepRnnInputs{cell, n_layers, bidirectional, xs, hx, cx, ws, bs}, training);
    }
    if (!result.has_value()) {
        return std::nullopt;
    }
    // The time steps' outputs: views of the packed result.
    ArrayList ys;
    int64_t start = 0;
    for (const Array& x : xs) {
        const int64_t batch = x.shape()[0];
        ys.push_back(result->y.AsGradStopped().At({Slice{start, start + batch}}));
        start += batch;
    }
    BackwardBuilder::OutputList outputs{result->hy};
    if (result->cy.has_value()) {
        outputs.emplace_back(*result->cy);
    }
    for (const Array& y : ys) {
        outputs.emplace_back(y);
    }
    BackwardBuilder bb{op, inputs, outputs};
    if (BackwardBuilder::Target bt = bb.CreateTarget()) {
        const InputLayout layout{ws.size(), ws.empty() ? 0 : ws[0].size(), cx.has_value(), xs.size()};
        bt.Define([op, &device = hx.device(), state = result->state, layout](BackwardContext& bctx) {
            if (bctx.double_backprop()) {
                throw ChainerxError{op, ": the gradient of a fused network (cuDNN) is not differentiable, so it has no "
                                        "double backprop; set CHAINERX_FUSED_RNN=0 to compose the network instead"};
            }
            // Gradients that did not flow stay nullopt: the backend fills their place with zeros at once.
            std::vector<std::optional<Array>> gys;
            for (size_t t = 0; t < layout.steps; ++t) {
                gys.push_back(bctx.output_grad_if_any(layout.outputs_ys() + t));
            }
            std::optional<Array> gcy = layout.has_cell ? bctx.output_grad_if_any(1) : std::nullopt;
            NStepRnnGrads grads =
                    device.CallKernel<NStepRnnGradKernel>(state, gys, bctx.output_grad_if_any(0), gcy);
            auto assign = [&bctx](size_t index, const Array& grad) {
                if (bctx.is_input_grad_required(index)) {
                    bctx.input_grad(index) = grad;
                }
            };
            assign(0, grads.ghx);
            if (layout.has_cell) {
                assign(1, *grads.gcx);
            }
            for (size_t k = 0; k < layout.n_entries; ++k) {
                for (size_t j = 0; j < layout.n_weights; ++j) {
                    assign(layout.weights() + k * layout.n_weights + j, grads.gws[k][j]);
                    assign(layout.biases() + k * layout.n_weights + j, grads.gbs[k][j]);
                }
            }
            for (size_t t = 0; t < layout.steps; ++t) {
                assign(layout.xs() + t, grads.gxs[t]);
            }
        });
    }
    bb.Finalize();
    return NStepRnnResult{result->hy, result->cy, ys};
}

}  // namespace internal
}  // namespace chainerx
