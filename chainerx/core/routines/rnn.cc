#include "chainerx/core/routines/rnn.h"

#include <cstdint>
#include <vector>

#include "chainerx/core/array_index.h"
#include "chainerx/core/error.h"
#include "chainerx/core/routines/activation.h"
#include "chainerx/core/routines/arithmetic.h"
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
    Array c_new = Tanh(gates[0]) * Sigmoid(gates[1]) + Sigmoid(gates[2]) * c_head;
    Array h = Sigmoid(gates[3]) * Tanh(c_new);
    if (c.shape()[0] > batch) {
        c_new = Concatenate({c_new, c.At({Slice{batch, std::nullopt}})}, 0);
    }
    return {c_new, h};
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
