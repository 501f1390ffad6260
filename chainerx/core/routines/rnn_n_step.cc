// The multi-layer n_step_* networks of rnn.h: one loop over layers, directions and time steps, parametrised by
// how each kind of network packs its weights and computes a step.
#include "chainerx/core/routines/rnn.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "chainerx/core/array_index.h"
#include "chainerx/core/error.h"
#include "chainerx/core/routines/activation.h"
#include "chainerx/core/routines/arithmetic.h"
#include "chainerx/core/routines/connection.h"
#include "chainerx/core/routines/hyperbolic.h"
#include "chainerx/core/routines/manipulation.h"
#include "chainerx/core/routines/rnn_fused.h"

namespace chainerx {
namespace {

using ArrayList = std::vector<Array>;

// The weights of one layer and direction, packed for two Linear calls: on the input and on the hidden state.
struct LayerWeights {
    Array xw;
    Array xb;
    Array hw;
    Array hb;
};

struct CellState {
    Array h;
    std::optional<Array> c;  // LSTMs only
};

// A kind of network: its weight count, how it packs them and how it computes one step.
struct NetworkKind {
    const char* op;
    size_t n_weights;
    LayerWeights (*pack)(const ArrayList& w, const ArrayList& b);
    // One time step from the input's projection x_proj = Linear(x, lw.xw, lw.xb) (Note [Input projections at once]).
    CellState (*step)(const Array& x_proj, const CellState& state, const LayerWeights& lw, RnnActivation activation);

    // The cell as the fused networks name it (Note [Fused recurrent networks] in rnn_fused.cc).
    RnnCell cell(RnnActivation activation) const {
        if (n_weights == 8) {
            return RnnCell::kLstm;
        }
        if (n_weights == 6) {
            return RnnCell::kGru;
        }
        return activation == RnnActivation::kRelu ? RnnCell::kRnnRelu : RnnCell::kRnnTanh;
    }
};

// (H, ...) arrays in the order of Lstm's interleaved gates (a, i, f, o), one (4H, ...) array.
Array InterleaveGates(const Array& a, const Array& i, const Array& f, const Array& o) {
    Array stacked = Stack({a, i, f, o}, 1);
    Shape packed{stacked.shape()[0] * 4};
    for (int8_t k = 2; k < stacked.ndim(); ++k) {
        packed.push_back(stacked.shape()[k]);
    }
    return stacked.Reshape(packed);
}

LayerWeights PackLstm(const ArrayList& w, const ArrayList& b) {
    // Chainer's weight order is input gate, forget gate, cell input, output gate.
    return {InterleaveGates(w[2], w[0], w[1], w[3]),
            InterleaveGates(b[2], b[0], b[1], b[3]),
            InterleaveGates(w[6], w[4], w[5], w[7]),
            InterleaveGates(b[6], b[4], b[5], b[7])};
}

CellState LstmStep(
        const Array& x_proj, const CellState& state, const LayerWeights& lw, RnnActivation /*activation*/) {
    std::vector<Array> c_h = Lstm(*state.c, x_proj + Linear(state.h, lw.hw, lw.hb));
    return {c_h[1], c_h[0]};
}

LayerWeights PackGru(const ArrayList& w, const ArrayList& b) {
    return {Concatenate({w[0], w[1], w[2]}, 0),
            Concatenate({b[0], b[1], b[2]}, 0),
            Concatenate({w[3], w[4], w[5]}, 0),
            Concatenate({b[3], b[4], b[5]}, 0)};
}

CellState GruStep(
        const Array& x_proj, const CellState& state, const LayerWeights& lw, RnnActivation /*activation*/) {
    ArrayList from_x = Split(x_proj, 3, 1);
    ArrayList from_h = Split(Linear(state.h, lw.hw, lw.hb), 3, 1);
    Array reset = Sigmoid(from_x[0] + from_h[0]);
    Array update = Sigmoid(from_x[1] + from_h[1]);
    Array candidate = Tanh(from_x[2] + reset * from_h[2]);
    return {(1 - update) * candidate + update * state.h, std::nullopt};
}

LayerWeights PackRnn(const ArrayList& w, const ArrayList& b) { return {w[0], b[0], w[1], b[1]}; }

CellState RnnStep(const Array& x_proj, const CellState& state, const LayerWeights& lw, RnnActivation activation) {
    Array pre = x_proj + Linear(state.h, lw.hw, lw.hb);
    return {activation == RnnActivation::kRelu ? Relu(pre) : Tanh(pre), std::nullopt};
}

constexpr NetworkKind kLstm{"n_step_lstm", 8, &PackLstm, &LstmStep};
constexpr NetworkKind kGru{"n_step_gru", 6, &PackGru, &GruStep};
constexpr NetworkKind kRnn{"n_step_rnn", 2, &PackRnn, &RnnStep};

void CheckNStepArgs(
        const NetworkKind& kind,
        int64_t n_entries,
        const Array& hx,
        const std::optional<Array>& cx,
        const std::vector<ArrayList>& ws,
        const std::vector<ArrayList>& bs,
        const ArrayList& xs) {
    if (n_entries < 1 || hx.ndim() != 3 || hx.shape()[0] != n_entries || (cx && cx->shape() != hx.shape())) {
        throw DimensionError{kind.op, ": expected initial states of shape (", n_entries, ", B, H), got ", hx.shape()};
    }
    if (static_cast<int64_t>(ws.size()) != n_entries || static_cast<int64_t>(bs.size()) != n_entries) {
        throw DimensionError{kind.op, ": expected ", n_entries, " weight and bias lists, got ", ws.size(), " and ",
                             bs.size()};
    }
    for (int64_t k = 0; k < n_entries; ++k) {
        if (ws[k].size() != kind.n_weights || bs[k].size() != kind.n_weights) {
            throw DimensionError{kind.op, ": each layer needs ", kind.n_weights, " weights and biases"};
        }
    }
    int64_t batch = hx.shape()[1];
    for (const Array& x : xs) {
        if (x.ndim() != 2 || x.shape()[0] > batch) {
            throw DimensionError{kind.op, ": inputs must be 2-D with non-increasing batch sizes, got ", x.shape()};
        }
        batch = x.shape()[0];
    }
}

// Rows [start, stop) of a state.
CellState Rows(const CellState& state, int64_t start, std::optional<int64_t> stop) {
    Slice rows{start, stop};
    return {state.h.At({rows}), state.c ? std::optional<Array>{state.c->At({rows})} : std::nullopt};
}

// Note [Input projections at once]
// A layer's input does not depend on its state, so the projections Linear(x_t, xw, xb) of all time steps are one
// product of the inputs stacked along the batch axis, split back into steps (views): one large GEMM where there
// were T small ones, and its backward one GEMM per weight too (the split's backward concatenates the steps'
// gradients). Only the products with the state remain per step.
ArrayList InputProjections(const ArrayList& inputs, const LayerWeights& lw) {
    if (inputs.empty()) {
        return {};
    }
    std::vector<int64_t> boundaries;  // where each step but the first starts
    int64_t rows = 0;
    for (size_t t = 0; t + 1 < inputs.size(); ++t) {
        rows += inputs[t].shape()[0];
        boundaries.push_back(rows);
    }
    Array stacked = inputs.size() == 1 ? inputs.front() : Concatenate(inputs, 0);
    return Split(Linear(stacked, lw.xw, lw.xb), boundaries, 0);
}

// One layer and direction over all time steps (backwards when `reverse`): each step updates the first B_t rows of
// `state`, and the outputs come back in time order.
ArrayList RunDirection(
        const NetworkKind& kind,
        const ArrayList& inputs,
        bool reverse,
        const LayerWeights& lw,
        CellState& state,
        RnnActivation activation) {
    ArrayList outputs;
    const ArrayList projections = InputProjections(inputs, lw);
    for (size_t k = 0; k < inputs.size(); ++k) {
        const Array& x_proj = projections[reverse ? inputs.size() - 1 - k : k];
        int64_t batch = x_proj.shape()[0];
        int64_t full = state.h.shape()[0];
        CellState next = kind.step(x_proj, batch == full ? state : Rows(state, 0, batch), lw, activation);
        outputs.push_back(next.h);
        if (batch < full) {
            CellState rest = Rows(state, batch, std::nullopt);
            next.h = Concatenate({next.h, rest.h}, 0);
            if (next.c) {
                next.c = Concatenate({*next.c, *rest.c}, 0);
            }
        }
        state = next;
    }
    if (reverse) {
        std::reverse(outputs.begin(), outputs.end());
    }
    return outputs;
}

NStepRnnResult NStep(
        const NetworkKind& kind,
        int64_t n_layers,
        bool bidirectional,
        const Array& hx,
        const std::optional<Array>& cx,
        const std::vector<ArrayList>& ws,
        const std::vector<ArrayList>& bs,
        const ArrayList& xs,
        RnnActivation activation) {
    int64_t n_dirs = bidirectional ? 2 : 1;
    CheckNStepArgs(kind, n_layers * n_dirs, hx, cx, ws, bs, xs);
    if (std::optional<NStepRnnResult> fused =
                internal::FusedNStepRnn(kind.op, kind.cell(activation), n_layers, bidirectional, hx, cx, ws, bs, xs)) {
        return std::move(*fused);
    }
    ArrayList inputs = xs;
    ArrayList hy;
    ArrayList cy;
    for (int64_t layer = 0; layer < n_layers; ++layer) {
        std::vector<ArrayList> outputs;
        for (int64_t dir = 0; dir < n_dirs; ++dir) {
            int64_t index = layer * n_dirs + dir;
            CellState state{hx.At({index}), cx ? std::optional<Array>{cx->At({index})} : std::nullopt};
            outputs.push_back(RunDirection(kind, inputs, dir == 1, kind.pack(ws[index], bs[index]), state, activation));
            hy.push_back(state.h);
            if (state.c) {
                cy.push_back(*state.c);
            }
        }
        inputs = outputs[0];
        for (size_t t = 0; bidirectional && t < inputs.size(); ++t) {
            inputs[t] = Concatenate({outputs[0][t], outputs[1][t]}, 1);
        }
    }
    return {Stack(hy, 0), cx ? std::optional<Array>{Stack(cy, 0)} : std::nullopt, inputs};
}

}  // namespace

NStepRnnResult NStepLstm(
        int64_t n_layers,
        const Array& hx,
        const Array& cx,
        const std::vector<ArrayList>& ws,
        const std::vector<ArrayList>& bs,
        const ArrayList& xs) {
    return NStep(kLstm, n_layers, false, hx, cx, ws, bs, xs, RnnActivation::kTanh);
}

NStepRnnResult NStepBiLstm(
        int64_t n_layers,
        const Array& hx,
        const Array& cx,
        const std::vector<ArrayList>& ws,
        const std::vector<ArrayList>& bs,
        const ArrayList& xs) {
    return NStep(kLstm, n_layers, true, hx, cx, ws, bs, xs, RnnActivation::kTanh);
}

NStepRnnResult NStepGru(
        int64_t n_layers, const Array& hx, const std::vector<ArrayList>& ws, const std::vector<ArrayList>& bs,
        const ArrayList& xs) {
    return NStep(kGru, n_layers, false, hx, std::nullopt, ws, bs, xs, RnnActivation::kTanh);
}

NStepRnnResult NStepBiGru(
        int64_t n_layers, const Array& hx, const std::vector<ArrayList>& ws, const std::vector<ArrayList>& bs,
        const ArrayList& xs) {
    return NStep(kGru, n_layers, true, hx, std::nullopt, ws, bs, xs, RnnActivation::kTanh);
}

NStepRnnResult NStepRnn(
        int64_t n_layers,
        const Array& hx,
        const std::vector<ArrayList>& ws,
        const std::vector<ArrayList>& bs,
        const ArrayList& xs,
        RnnActivation activation) {
    return NStep(kRnn, n_layers, false, hx, std::nullopt, ws, bs, xs, activation);
}

NStepRnnResult NStepBiRnn(
        int64_t n_layers,
        const Array& hx,
        const std::vector<ArrayList>& ws,
        const std::vector<ArrayList>& bs,
        const ArrayList& xs,
        RnnActivation activation) {
    return NStep(kRnn, n_layers, true, hx, std::nullopt, ws, bs, xs, activation);
}

}  // namespace chainerx
