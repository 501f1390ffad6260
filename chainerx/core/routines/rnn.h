// Recurrent networks as in Chainer's functions: the LSTM-family cells, each returning {c, h} (the new cell state
// and the output), and the multi-layer n_step_* networks over batches of sequences. Cells take their gate
// pre-activations packed in one array per input, so a cell is one Linear away from its inputs.
// All are compositions of differentiable routines (differentiable to any order), except that a backend may run a
// whole n_step_* network as one call (cuDNN on CUDA), whose gradient is first-order only: Note [Fused recurrent
// networks] in rnn_fused.cc. Gate pre-activations are cast to the math dtype (non-float inputs give float32) and
// results have the promoted dtype of the operands. Shape mismatches throw DimensionError.
//
//     std::vector<Array> c_h = Lstm(c, Linear(x, w, b) + Linear(h, v));
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "chainerx/core/array.h"

namespace chainerx {

// LSTM step. x has shape (B, 4H, ...) with the gates interleaved (x.reshape(B, H, 4, ...)[:, :, g] is gate g of
// a, i, f, o); c has shape (B', H, ...) with B' >= B. c_new = tanh(a) * sigmoid(i) + sigmoid(f) * c and
// h = sigmoid(o) * tanh(c_new) for the first B rows; the remaining rows of c pass through unchanged into c_new
// (h has B rows). After the shape checks, DtypeError unless c is floating point and of x's dtype. (The original
// ChainerX returns {h, c}; the Python binding returns (c, h) either way.)
std::vector<Array> Lstm(const Array& c, const Array& x);

// S-LSTM step merging two children: x1, x2 of shape (B, 4H, ...) packed as in Lstm, c_prev1, c_prev2 of shape
// (B, H, ...). c = tanh(a1) * sigmoid(i1) + tanh(a2) * sigmoid(i2) + sigmoid(f1) * c_prev1 + sigmoid(f2) * c_prev2,
// h = sigmoid(o1 + o2) * tanh(c): each child's input gate scales its own candidate, as in Chainer.
std::vector<Array> Slstm(const Array& c_prev1, const Array& c_prev2, const Array& x1, const Array& x2);

// N-ary tree LSTM step: inputs are c_1, ..., c_n (each (B, H, ...)) and x of shape (B, (3 + n)H, ...) holding
// the gates a, i, o, f_1, ..., f_n one after another (x.reshape(B, 3 + n, H, ...)[:, g]).
// c = tanh(a) * sigmoid(i) + sum_k sigmoid(f_k) * c_k, h = sigmoid(o) * tanh(c). DimensionError for fewer than
// two inputs.
std::vector<Array> TreeLstm(const std::vector<Array>& inputs);

// The result of the n_step_* networks: hy (n_layers * directions, B, H) stacks the last hidden state of every layer
// and direction, cy the last cell states of LSTMs (nullopt for the others), and ys[t] (B_t, directions * H) is the
// last layer's output at time step t.
struct NStepRnnResult {
    Array hy;
    std::optional<Array> cy;
    std::vector<Array> ys;
};

// Multi-layer LSTM over a batch of sequences, as chainer.functions.n_step_lstm without dropout. xs[t] (B_t, I) is
// time step t, B_t non-increasing (sequences sorted by decreasing length); hx and cx (n_layers, B, H) are the
// initial states, B >= B_0 (rows beyond B_t are carried unchanged). ws[l] holds the 8 weights of layer l and bs[l]
// its 8 biases (H,): W0 to W3 apply to the layer's input (H, I_l), W4 to W7 to its hidden state (H, H), for the
// input gate, forget gate, cell input and output gate in that order. DimensionError for inconsistent counts or
// shapes (Linear's errors included) or a batch that grows over time.
NStepRnnResult NStepLstm(
        int64_t n_layers,
        const Array& hx,
        const Array& cx,
        const std::vector<std::vector<Array>>& ws,
        const std::vector<std::vector<Array>>& bs,
        const std::vector<Array>& xs);

// The bidirectional NStepLstm: states, ws and bs have 2 * n_layers entries, entry 2 * l + d for layer l and
// direction d (1 reads the sequences backwards); a layer's output concatenates both directions (B_t, 2H).
NStepRnnResult NStepBiLstm(
        int64_t n_layers,
        const Array& hx,
        const Array& cx,
        const std::vector<std::vector<Array>>& ws,
        const std::vector<std::vector<Array>>& bs,
        const std::vector<Array>& xs);

// Multi-layer GRU with 6 weights and biases per layer: W0/W3 reset gate r, W1/W4 update gate z, W2/W5 new memory,
// the first three on the input. h' = (1 - z) * tanh(W2 x + b2 + r * (W5 h + b5)) + z * h. Otherwise as NStepLstm.
NStepRnnResult NStepGru(
        int64_t n_layers,
        const Array& hx,
        const std::vector<std::vector<Array>>& ws,
        const std::vector<std::vector<Array>>& bs,
        const std::vector<Array>& xs);

// The bidirectional NStepGru (layout as NStepBiLstm).
NStepRnnResult NStepBiGru(
        int64_t n_layers,
        const Array& hx,
        const std::vector<std::vector<Array>>& ws,
        const std::vector<std::vector<Array>>& bs,
        const std::vector<Array>& xs);

// The activation of the plain recurrent networks.
enum class RnnActivation { kTanh, kRelu };

// Multi-layer Elman RNN with 2 weights and biases per layer: h' = activation(W0 x + b0 + W1 h + b1). Otherwise as
// NStepLstm.
NStepRnnResult NStepRnn(
        int64_t n_layers,
        const Array& hx,
        const std::vector<std::vector<Array>>& ws,
        const std::vector<std::vector<Array>>& bs,
        const std::vector<Array>& xs,
        RnnActivation activation = RnnActivation::kTanh);

// The bidirectional NStepRnn (layout as NStepBiLstm).
NStepRnnResult NStepBiRnn(
        int64_t n_layers,
        const Array& hx,
        const std::vector<std::vector<Array>>& ws,
        const std::vector<std::vector<Array>>& bs,
        const std::vector<Array>& xs,
        RnnActivation activation = RnnActivation::kTanh);

}  // namespace chainerx
