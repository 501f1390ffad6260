// Recurrent cells of the LSTM family, as in Chainer's functions. Each returns {c, h}: the new cell state and the
// output. Gate pre-activations come packed in one array per input, so a cell is one Linear away from its inputs.
// All are compositions of differentiable routines (differentiable to any order) computing in the promoted dtype
// of their inputs. Shape mismatches throw DimensionError.
//
//     std::vector<Array> c_h = Lstm(c, Linear(x, w, b) + Linear(h, v));
#pragma once

#include <vector>

#include "chainerx/core/array.h"

namespace chainerx {

// LSTM step. x has shape (B, 4H, ...) with the gates interleaved (x.reshape(B, H, 4, ...)[:, :, g] is gate g of
// a, i, f, o); c has shape (B', H, ...) with B' >= B. c_new = tanh(a) * sigmoid(i) + sigmoid(f) * c and
// h = sigmoid(o) * tanh(c_new) for the first B rows; the remaining rows of c pass through unchanged into c_new
// (h has B rows). (The original ChainerX returns {h, c}; the Python binding returns (c, h) either way.)
std::vector<Array> Lstm(const Array& c, const Array& x);

// S-LSTM step merging two children: x1, x2 of shape (B, 4H, ...) packed as in Lstm, c_prev1, c_prev2 of shape
// (B, H, ...). c = tanh(a1 + a2) * sigmoid(i1 + i2) + sigmoid(f1) * c_prev1 + sigmoid(f2) * c_prev2,
// h = sigmoid(o1 + o2) * tanh(c).
std::vector<Array> Slstm(const Array& c_prev1, const Array& c_prev2, const Array& x1, const Array& x2);

// N-ary tree LSTM step: inputs are c_1, ..., c_n (each (B, H, ...)) and x of shape (B, (3 + n)H, ...) holding
// the gates a, i, o, f_1, ..., f_n one after another (x.reshape(B, 3 + n, H, ...)[:, g]).
// c = tanh(a) * sigmoid(i) + sum_k sigmoid(f_k) * c_k, h = sigmoid(o) * tanh(c). DimensionError for fewer than
// two inputs.
std::vector<Array> TreeLstm(const std::vector<Array>& inputs);

}  // namespace chainerx
