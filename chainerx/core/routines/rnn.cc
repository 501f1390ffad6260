#include "chainerx/core/routines/rnn.h"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "chainerx/core/array_index.h"
#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/rnn.h"
#include "chainerx/core/routines/activation.h"
#include "chainerx/core/routines/arithmetic.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/hyperbolic.h"
#include "chainerx/core/routines/elementwise.h"
#include "chainerx/core/routines/manipulation.h"
#include "chainerx/core/shape.h"

namespace chainerx {
namespace {

// The n_gates gate arrays packed along axis 1 of x, each of shape (B, H, ...): interleaved gates are
// x.reshape(B, H, n_gates, ...)[:, :, g], blocked gates x.reshape(B, n_gates, H, ...)[:, g].
std::vector<Array> SplitGates(const char* op, const Array& x, int64_t n_gates, bool interleaved) {
    if (x.ndim() < 2 || x.shape()[1] % n_gates != 0) {
        throw DimensionError{op, ": x must have an axis 1 of a multiple of ", n_gates, " gates, got shape ", x.shape()};
    }
    Shape packed{x.shape()[0]};
    packed.push_back(interleaved ? x.shape()[1] / n_gates : n_gates);
    packed.push_back(interleaved ? n_gates : x.shape()[1] / n_gates);
    for (int8_t i = 2; i < x.ndim(); ++i) {
        packed.push_back(x.shape()[i]);
    }
    // Pre-activations are summed (slstm's output gate), so they are cast to the math dtype before any arithmetic.
    Array r = internal::CastIfNeeded(x, internal::MathDtype(x.dtype())).Reshape(packed);
    std::vector<Array> gates;
    for (int64_t g = 0; g < n_gates; ++g) {
        gates.push_back(interleaved ? r.At({Slice{}, Slice{}, g}) : r.At({Slice{}, g}));
    }
    return gates;
}

void CheckStateShape(const char* op, const Array& c, const Shape& expected) {
    if (c.shape() != expected) {
        throw DimensionError{op, ": cell state of shape ", c.shape(), " does not match the gates' shape ", expected};
    }
}

// The LSTM cell's gradients (LstmGradKernel's formulas) composed of routines, for a double backward: gc_prev and gx
// from c, the gates x and the output gradients gc and gh (an absent one is zero).
std::vector<Array> ComposedLstmGrad(
        const Array& c, const Array& x, const std::optional<Array>& gc, const std::optional<Array>& gh) {
    std::vector<Array> gates = SplitGates("lstm", x, 4, true);
    Array ta = Tanh(gates[0]);
    Array si = Sigmoid(gates[1]);
    Array sf = Sigmoid(gates[2]);
    Array so = Sigmoid(gates[3]);
    Array tc = Tanh(ta * si + sf * c);
    Array g = gc.has_value() ? *gc : ZerosLike(c);
    Array go = ZerosLike(c);
    if (gh.has_value()) {
        g = g + *gh * so * (1 - tc * tc);
        go = *gh * tc * so * (1 - so);
    }
    Array ga = g * si * (1 - ta * ta);
    Array gi = g * ta * si * (1 - si);
    Array gf = g * c * sf * (1 - sf);
    return {g * sf, Stack({ga, gi, gf, go}, 2).Reshape(x.shape())};
}

// Note [LSTM cell in one pass]
// The cell composed of routines took nine launches forward and over twenty backward on CUDA (and as many passes
// over memory on native). LstmKernel computes c_new and h in one pass and LstmGradKernel both gradients in one
// more, recomputing the gates from c and x rather than keeping them. A double backward, which differentiates the
// gradients, takes their composition (ComposedLstmGrad).
std::vector<Array> LstmCell(const Array& c, const Array& x) {
    Array c_in = AsContiguousArray(c);
    Array x_in = AsContiguousArray(x);
    Array c_new = Empty(c.shape(), c.dtype(), c.device());
    Array h = Empty(c.shape(), c.dtype(), c.device());
    c.device().CallKernel<LstmKernel>(c_in.AsGradStopped(), x_in.AsGradStopped(), c_new, h);
    BackwardBuilder bb{"lstm", {c_in, x_in}, {c_new, h}};
    if (BackwardBuilder::Target bt = bb.CreateTarget({0, 1})) {
        bt.Define([c_tok = bb.RetainInput(0), x_tok = bb.RetainInput(1)](BackwardContext& bctx) {
            Array c = bctx.GetRetainedInput(c_tok);
            Array x = bctx.GetRetainedInput(x_tok);
            const std::optional<Array>& gc = bctx.output_grad(0);
            const std::optional<Array>& gh = bctx.output_grad(1);
            auto in_graph = [](const std::optional<Array>& a) {
                return a.has_value() && a->IsBackpropRequired(AnyGraph{});
            };
            std::vector<Array> grads;
            if (in_graph(c) || in_graph(x) || in_graph(gc) || in_graph(gh)) {
                grads = ComposedLstmGrad(c, x, gc, gh);
            } else {
                grads = {Empty(c.shape(), c.dtype(), c.device()), Empty(x.shape(), x.dtype(), x.device())};
                auto contiguous = [](const std::optional<Array>& a) {
                    return a.has_value() ? std::optional<Array>{AsContiguousArray(*a)} : std::nullopt;
                };
                c.device().CallKernel<LstmGradKernel>(c, x, contiguous(gc), contiguous(gh), grads[0], grads[1]);
            }
            if (bctx.is_input_grad_required(0)) {
                bctx.input_grad(0) = std::move(grads[0]);
            }
            if (bctx.is_input_grad_required(1)) {
                bctx.input_grad(1) = std::move(grads[1]);
            }
        });
    }
    bb.Finalize();
    return {c_new, h};
}

}  // namespace

std::vector<Array> Lstm(const Array& c, const Array& x) {
    std::vector<Array> gates = SplitGates("lstm", x, 4, true);
    const Shape& gate_shape = gates[0].shape();
    int64_t batch = x.shape()[0];
    // c may hold more rows than x (sequences of decreasing length); only the first `batch` are updated.
    if (c.ndim() != x.ndim() || c.shape()[0] < batch) {
        throw DimensionError{"lstm: cell state of shape ", c.shape(), " does not fit x of shape ", x.shape()};
    }
    Array c_head = c.shape()[0] == batch ? c : c.At({Slice{0, batch}});
    CheckStateShape("lstm", c_head, gate_shape);
    // After the shape checks, as in the original: the cell state is not promoted, so it must match x.
    if (!IsFloatingPoint(c.dtype()) || c.dtype() != x.dtype()) {
        throw DtypeError{"lstm: c must be floating point and of x's dtype, got ", c.dtype(), " and ", x.dtype()};
    }
    internal::CheckSameDevice("lstm", c, x);
    std::vector<Array> c_h = LstmCell(c_head, x);
    if (c.shape()[0] > batch) {
        c_h[0] = Concatenate({c_h[0], c.At({Slice{batch, std::nullopt}})}, 0);
    }
    return c_h;
}

std::vector<Array> Slstm(const Array& c_prev1, const Array& c_prev2, const Array& x1, const Array& x2) {
    std::vector<Array> g1 = SplitGates("slstm", x1, 4, true);
    std::vector<Array> g2 = SplitGates("slstm", x2, 4, true);
    CheckStateShape("slstm", c_prev1, g1[0].shape());
    CheckStateShape("slstm", c_prev2, g1[0].shape());
    CheckStateShape("slstm", x2, x1.shape());
    Array c = Tanh(g1[0]) * Sigmoid(g1[1]) + Tanh(g2[0]) * Sigmoid(g2[1]) + Sigmoid(g1[2]) * c_prev1 +
              Sigmoid(g2[2]) * c_prev2;
    Array h = Sigmoid(g1[3] + g2[3]) * Tanh(c);
    return {c, h};
}

std::vector<Array> TreeLstm(const std::vector<Array>& inputs) {
    if (inputs.size() < 2) {
        throw DimensionError{"tree_lstm: expected cell states and x, got ", inputs.size(), " inputs"};
    }
    auto n_children = static_cast<int64_t>(inputs.size() - 1);
    std::vector<Array> gates = SplitGates("tree_lstm", inputs.back(), 3 + n_children, false);
    Array c = Tanh(gates[0]) * Sigmoid(gates[1]);
    for (int64_t k = 0; k < n_children; ++k) {
        CheckStateShape("tree_lstm", inputs[k], gates[0].shape());
        c = c + Sigmoid(gates[3 + k]) * inputs[k];
    }
    Array h = Sigmoid(gates[2]) * Tanh(c);
    return {c, h};
}

}  // namespace chainerx
