// Key kernels of the n_step_* networks run as one library call where a backend has one (cuDNN on CUDA): see Note
// [Fused recurrent networks] in routines/rnn_n_step.cc. Native declines, and the routine composes the network.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/kernel_registry.h"

namespace chainerx {

// The LSTM cell of Lstm (routines/rnn.h) in one pass: c (B, H, R...) and its interleaved gates x (B, 4H, R...) of one
// floating dtype, both C-contiguous; c_new and h, new arrays of c's shape, get the new cell state and the output
// (the formulas of numeric/rnn.h).
class LstmKernel : public Kernel {
public:
    static const char* name() { return "Lstm"; }
    virtual void Call(const Array& c, const Array& x, const Array& c_new, const Array& h) = 0;
};

// The LSTM cell's gradients in one pass, the gates recomputed from c and x (as LstmKernel's operands): gc_prev of
// c's shape and gx of x's, new arrays, from the gradients gc of c_new and gh of h (C-contiguous, of c's shape and
// dtype; an absent one is zero).
class LstmGradKernel : public Kernel {
public:
    static const char* name() { return "LstmGrad"; }
    virtual void Call(
            const Array& c,
            const Array& x,
            const std::optional<Array>& gc,
            const std::optional<Array>& gh,
            const Array& gc_prev,
            const Array& gx) = 0;
};

enum class RnnCell { kLstm, kGru, kRnnTanh, kRnnRelu };

// The cell's gates: as many weights (and biases) on a layer's input, and as many on its state.
inline int64_t GateCount(RnnCell cell) { return cell == RnnCell::kLstm ? 4 : cell == RnnCell::kGru ? 3 : 1; }

// A whole network's operands, all of one floating dtype on one device. xs[t] (B_t, I) is time step t, B_t
// non-increasing and B_0 >= 1 equal to the states' batch B. hx and cx (LSTM only) are (n_layers * directions, B, H);
// ws[k] and bs[k] hold the weights (H, I_l) on the input, (H, H) on the state) and biases (H,) of layer and direction
// k = layer * directions + direction, in routines/rnn.h's order (which is cuDNN's).
struct NStepRnnInputs {
    RnnCell cell;
    int64_t n_layers;
    bool bidirectional;
    std::vector<Array> xs;
    Array hx;
    std::optional<Array> cx;
    std::vector<std::vector<Array>> ws;
    std::vector<std::vector<Array>> bs;
};

// y (sum of B_t, directions * H) packs the last layer's outputs, time step after time step; hy and cy stack the
// final states as hx and cx. `state` is what NStepRnnGradKernel needs, null unless the call was for training.
struct NStepRnnOutputs {
    Array y;
    Array hy;
    std::optional<Array> cy;
    std::shared_ptr<void> state;
};

class NStepRnnKernel : public Kernel {
public:
    static const char* name() { return "NStepRnn"; }
    // nullopt where the backend has no such call or declines these operands; `training` keeps what the gradient
    // needs.
    virtual std::optional<NStepRnnOutputs> Call(const NStepRnnInputs& inputs, bool training) = 0;
};

// The gradients of NStepRnnInputs' arrays, shaped as they are, each owning its memory (as stored gradients must).
struct NStepRnnGrads {
    std::vector<Array> gxs;
    Array ghx;
    std::optional<Array> gcx;
    std::vector<std::vector<Array>> gws;
    std::vector<std::vector<Array>> gbs;
};

class NStepRnnGradKernel : public Kernel {
public:
    static const char* name() { return "NStepRnnGrad"; }
    // From the gradients of the time steps' outputs (gys[t] of ys[t]'s shape) and of hy and cy (nullopt: zero), and
    // the forward's `state`.
    virtual NStepRnnGrads Call(const std::shared_ptr<void>& state, const std::vector<std::optional<Array>>& gys,
                               const std::optional<Array>& ghy, const std::optional<Array>& gcy) = 0;
};

}  // namespace chainerx
