// The computation of a cuDNN recurrent network for the cuDNN stand-in (cudnn_rnn.cc, which has the formulas and the
// weight space's layout): forward through the layers, directions and time steps of packed sequences, and
// backpropagation through time, in double. See Note [CUDA emulation on the host] in device.h.
#pragma once

#include <cudnn.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

namespace chainerx {
namespace cuda {
namespace emulation {

// The shape of a network, and where its weights sit in the weight space.
struct Net {
    cudnnRNNMode_t mode;
    int64_t layers;
    int64_t dirs;
    int64_t input;  // I
    int64_t hidden;  // H
    int64_t gates;  // n: linear layers on the input; as many on the hidden state

    Net(cudnnRNNMode_t mode, int64_t layers, int64_t dirs, int64_t input, int64_t hidden)
        : mode{mode},
          layers{layers},
          dirs{dirs},
          input{input},
          hidden{hidden},
          gates{mode == CUDNN_LSTM ? 4 : mode == CUDNN_GRU ? 3 : 1} {}

    int64_t LayerInput(int64_t layer) const { return layer == 0 ? input : dirs * hidden; }
    int64_t Columns(int64_t pseudo_layer, int64_t lin) const {
        return lin < gates ? LayerInput(pseudo_layer / dirs) : hidden;
    }
    // Element offsets in the weight space of matrix `lin` and of bias `lin` of a pseudo-layer.
    int64_t MatrixOffset(int64_t pseudo_layer, int64_t lin) const {
        int64_t offset = PseudoLayerOffset(pseudo_layer);
        for (int64_t k = 0; k < lin; ++k) {
            offset += hidden * Columns(pseudo_layer, k);
        }
        return offset;
    }
    int64_t BiasOffset(int64_t pseudo_layer, int64_t lin) const {
        return MatrixOffset(pseudo_layer, 2 * gates) + lin * hidden;
    }
    int64_t PseudoLayerOffset(int64_t pseudo_layer) const {
        int64_t offset = 0;
        for (int64_t p = 0; p < pseudo_layer; ++p) {
            offset += hidden * (gates * LayerInput(p / dirs) + gates * hidden) + 2 * gates * hidden;
        }
        return offset;
    }
    int64_t WeightCount() const { return PseudoLayerOffset(layers * dirs); }
};

// The packed sequence-major layout: time step t holds the rows [0, batches[t]) from row `starts[t]`.
struct Packed {
    std::vector<int64_t> batches;
    std::vector<int64_t> starts;

    Packed(const std::vector<int>& seq_lengths, int max_seq_length) {
        int64_t start = 0;
        for (int t = 0; t < max_seq_length; ++t) {
            int64_t batch =
                    std::count_if(seq_lengths.begin(), seq_lengths.end(), [t](int length) { return length > t; });
            batches.push_back(batch);
            starts.push_back(start);
            start += batch;
        }
    }
    int64_t steps() const { return static_cast<int64_t>(batches.size()); }
    int64_t rows() const { return batches.empty() ? 0 : starts.back() + batches.back(); }
};

inline double Sigmoid(double x) { return 1 / (1 + std::exp(-x)); }

// What one step of one row leaves for the backward pass: the state it read and its gate activations (for GRU the
// last entry is R_h h + bR_h, which r scales).
struct StepTrace {
    std::vector<double> h_prev;
    std::vector<double> c_prev;
    std::vector<double> acts;
    std::vector<double> c_new;
};

// The network's weights in double, and the computation of one layer and direction over time.
class Network {
public:
    Network(const Net& net, std::vector<double> weights) : net_{net}, weights_{std::move(weights)} {}

    const Net& net() const { return net_; }

    // Runs pseudo-layer p over the inputs `in` (rows of LayerInput columns, packed), from the states h and c (rows
    // of H), writing each step's h' into out at column offset `column` (out rows of dirs * H). Records traces when
    // `traces` is not null.
    void Run(int64_t p,
             const Packed& packed,
             const std::vector<double>& in,
             std::vector<double>& h,
             std::vector<double>& c,
             std::vector<double>& out,
             std::vector<std::vector<StepTrace>>* traces) const {
        const int64_t H = net_.hidden;
        const int64_t in_cols = net_.LayerInput(p / net_.dirs);
        const bool reverse = p % net_.dirs == 1;
        const int64_t steps = packed.steps();
        if (traces != nullptr) {
            traces->assign(static_cast<size_t>(steps), {});
        }
        for (int64_t k = 0; k < steps; ++k) {
            const int64_t t = reverse ? steps - 1 - k : k;
            for (int64_t b = 0; b < packed.batches[t]; ++b) {
                const double* x = &in[(packed.starts[t] + b) * in_cols];
                StepTrace trace;
                trace.h_prev.assign(h.begin() + b * H, h.begin() + (b + 1) * H);
                trace.c_prev.assign(c.begin() + b * H, c.begin() + (b + 1) * H);
                Step(p, x, trace);
                for (int64_t j = 0; j < H; ++j) {
                    h[b * H + j] = Output(trace, j);
                    if (net_.mode == CUDNN_LSTM) {
                        c[b * H + j] = trace.c_new[j];
                    }
                    out[(packed.starts[t] + b) * net_.dirs * H + (p % net_.dirs) * H + j] = h[b * H + j];
                }
                if (traces != nullptr) {
                    (*traces)[t].push_back(std::move(trace));
                }
            }
        }
    }

    // The backward pass of Run: from the gradients of its outputs (dout, rows of dirs * H, at this direction's
    // columns) and of its final states (dh, dc, rows of H; they become the initial states' gradients), accumulates
    // the gradients of the inputs (din) and of the weights (dweights, laid out as the weight space).
    void Backprop(int64_t p,
                  const Packed& packed,
                  const std::vector<double>& in,
                  const std::vector<std::vector<StepTrace>>& traces,
                  const std::vector<double>& dout,
                  std::vector<double>& dh,
                  std::vector<double>& dc,
                  std::vector<double>& din,
                  std::vector<double>& dweights) const {
        const int64_t H = net_.hidden;
        const int64_t in_cols = net_.LayerInput(p / net_.dirs);
        const bool reverse = p % net_.dirs == 1;
        const int64_t steps = packed.steps();
        for (int64_t k = steps - 1; k >= 0; --k) {
            const int64_t t = reverse ? steps - 1 - k : k;
            for (int64_t b = 0; b < packed.batches[t]; ++b) {
                const StepTrace& trace = traces[t][b];
                const int64_t row = packed.starts[t] + b;
                std::vector<double> dh_new(H);
                for (int64_t j = 0; j < H; ++j) {
                    dh_new[j] = dh[b * H + j] + dout[row * net_.dirs * H + (p % net_.dirs) * H + j];
                }
                // Gradients of the gate pre-activations on the input side (dx_side) and on the hidden side.
                std::vector<double> dx_side(net_.gates * H);
                std::vector<double> dh_side(net_.gates * H);
                std::vector<double> dh_prev(H);
                std::vector<double> dc_prev(H);
                StepGrad(trace, dh_new, &dc[b * H], dx_side, dh_side, dh_prev, dc_prev);
                const double* x = &in[row * in_cols];
                for (int64_t g = 0; g < net_.gates; ++g) {
                    const int64_t wx = net_.MatrixOffset(p, g);
                    const int64_t wh = net_.MatrixOffset(p, net_.gates + g);
                    for (int64_t j = 0; j < H; ++j) {
                        const double ax = dx_side[g * H + j];
                        const double ah = dh_side[g * H + j];
                        for (int64_t i = 0; i < in_cols; ++i) {
                            dweights[wx + j * in_cols + i] += ax * x[i];
                            din[row * in_cols + i] += ax * weights_[wx + j * in_cols + i];
                        }
                        for (int64_t i = 0; i < H; ++i) {
                            dweights[wh + j * H + i] += ah * trace.h_prev[i];
                            dh_prev[i] += ah * weights_[wh + j * H + i];
                        }
                        dweights[net_.BiasOffset(p, g) + j] += ax;
                        dweights[net_.BiasOffset(p, net_.gates + g) + j] += ah;
                    }
                }
                for (int64_t j = 0; j < H; ++j) {
                    dh[b * H + j] = dh_prev[j];
                    dc[b * H + j] = dc_prev[j];
                }
            }
        }
    }

private:
    // W_g x + bW_g and R_g h + bR_g of gate g.
    double InputSide(int64_t p, int64_t g, int64_t j, const double* x) const {
        const int64_t cols = net_.LayerInput(p / net_.dirs);
        const double* w = &weights_[net_.MatrixOffset(p, g) + j * cols];
        double sum = weights_[net_.BiasOffset(p, g) + j];
        for (int64_t i = 0; i < cols; ++i) {
            sum += w[i] * x[i];
        }
        return sum;
    }
    double HiddenSide(int64_t p, int64_t g, int64_t j, const std::vector<double>& h) const {
        const int64_t H = net_.hidden;
        const double* w = &weights_[net_.MatrixOffset(p, net_.gates + g) + j * H];
        double sum = weights_[net_.BiasOffset(p, net_.gates + g) + j];
        for (int64_t i = 0; i < H; ++i) {
            sum += w[i] * h[i];
        }
        return sum;
    }

    void Step(int64_t p, const double* x, StepTrace& trace) const {
        const int64_t H = net_.hidden;
        trace.acts.assign(static_cast<size_t>((net_.gates + 1) * H), 0.0);
        for (int64_t j = 0; j < H; ++j) {
            switch (net_.mode) {
                case CUDNN_LSTM: {
                    for (int64_t g = 0; g < 4; ++g) {
                        double pre = InputSide(p, g, j, x) + HiddenSide(p, g, j, trace.h_prev);
                        trace.acts[g * H + j] = g == 2 ? std::tanh(pre) : Sigmoid(pre);
                    }
                    break;
                }
                case CUDNN_GRU: {
                    for (int64_t g = 0; g < 2; ++g) {
                        trace.acts[g * H + j] = Sigmoid(InputSide(p, g, j, x) + HiddenSide(p, g, j, trace.h_prev));
                    }
                    double recurrent = HiddenSide(p, 2, j, trace.h_prev);
                    trace.acts[3 * H + j] = recurrent;
                    trace.acts[2 * H + j] = std::tanh(InputSide(p, 2, j, x) + trace.acts[j] * recurrent);
                    break;
                }
                default: {
                    double pre = InputSide(p, 0, j, x) + HiddenSide(p, 0, j, trace.h_prev);
                    trace.acts[H + j] = pre;
                    trace.acts[j] = net_.mode == CUDNN_RNN_TANH ? std::tanh(pre) : std::max(pre, 0.0);
                    break;
                }
            }
        }
        if (net_.mode == CUDNN_LSTM) {
            trace.c_new.resize(static_cast<size_t>(H));
            for (int64_t j = 0; j < H; ++j) {
                trace.c_new[j] = trace.acts[H + j] * trace.c_prev[j] + trace.acts[j] * trace.acts[2 * H + j];
            }
        }
    }

    double Output(const StepTrace& trace, int64_t j) const {
        const int64_t H = net_.hidden;
        switch (net_.mode) {
            case CUDNN_LSTM:
                return trace.acts[3 * H + j] * std::tanh(trace.c_new[j]);
            case CUDNN_GRU: {
                double z = trace.acts[H + j];
                return (1 - z) * trace.acts[2 * H + j] + z * trace.h_prev[j];
            }
            default:
                return trace.acts[j];
        }
    }

    // From the gradient of h' (and, for LSTM, of c' in dc_new), the gradients of the gates' input-side and
    // hidden-side pre-activations, and the parts of the previous state's gradients that do not pass through R.
    void StepGrad(const StepTrace& trace,
                  const std::vector<double>& dh_new,
                  const double* dc_new,
                  std::vector<double>& dx_side,
                  std::vector<double>& dh_side,
                  std::vector<double>& dh_prev,
                  std::vector<double>& dc_prev) const {
        const int64_t H = net_.hidden;
        for (int64_t j = 0; j < H; ++j) {
            switch (net_.mode) {
                case CUDNN_LSTM: {
                    const double i = trace.acts[j];
                    const double f = trace.acts[H + j];
                    const double g = trace.acts[2 * H + j];
                    const double o = trace.acts[3 * H + j];
                    const double tc = std::tanh(trace.c_new[j]);
                    const double dc = dc_new[j] + dh_new[j] * o * (1 - tc * tc);
                    const double d[4] = {dc * g * i * (1 - i),
                                         dc * trace.c_prev[j] * f * (1 - f),
                                         dc * i * (1 - g * g),
                                         dh_new[j] * tc * o * (1 - o)};
                    for (int64_t k = 0; k < 4; ++k) {
                        dx_side[k * H + j] = dh_side[k * H + j] = d[k];
                    }
                    dc_prev[j] = dc * f;
                    break;
                }
                case CUDNN_GRU: {
                    const double r = trace.acts[j];
                    const double z = trace.acts[H + j];
                    const double candidate = trace.acts[2 * H + j];
                    const double recurrent = trace.acts[3 * H + j];
                    const double dpre = dh_new[j] * (1 - z) * (1 - candidate * candidate);
                    const double dr = dpre * recurrent * r * (1 - r);
                    const double dz = dh_new[j] * (trace.h_prev[j] - candidate) * z * (1 - z);
                    dx_side[j] = dh_side[j] = dr;
                    dx_side[H + j] = dh_side[H + j] = dz;
                    dx_side[2 * H + j] = dpre;
                    dh_side[2 * H + j] = dpre * r;
                    dh_prev[j] = dh_new[j] * z;
                    break;
                }
                default: {
                    const double out = trace.acts[j];
                    const double slope = net_.mode == CUDNN_RNN_TANH ? 1 - out * out : (trace.acts[H + j] > 0 ? 1 : 0);
                    dx_side[j] = dh_side[j] = dh_new[j] * slope;
                    break;
                }
            }
        }
    }

    Net net_;
    std::vector<double> weights_;
};

// The whole network forward: y, the final states, and (when `traces` is given) every layer's inputs and traces.
struct ForwardPass {
    std::vector<std::vector<double>> layer_inputs;  // [layer]: packed rows of LayerInput columns
    std::vector<std::vector<std::vector<StepTrace>>> traces;  // [pseudo-layer][t][b]
    std::vector<double> y;
    std::vector<double> hy;
    std::vector<double> cy;
};

inline ForwardPass RunForward(const Network& network, const Packed& packed, int64_t batch, std::vector<double> x,
                       const std::vector<double>& hx, const std::vector<double>& cx, bool keep) {
    const Net& net = network.net();
    const int64_t H = net.hidden;
    ForwardPass pass;
    pass.hy = hx;
    pass.cy = cx;
    if (keep) {
        pass.traces.resize(static_cast<size_t>(net.layers * net.dirs));
    }
    std::vector<double> in = std::move(x);
    for (int64_t layer = 0; layer < net.layers; ++layer) {
        std::vector<double> out(static_cast<size_t>(packed.rows() * net.dirs * H));
        for (int64_t d = 0; d < net.dirs; ++d) {
            const int64_t p = layer * net.dirs + d;
            std::vector<double> h(pass.hy.begin() + p * batch * H, pass.hy.begin() + (p + 1) * batch * H);
            std::vector<double> c(pass.cy.begin() + p * batch * H, pass.cy.begin() + (p + 1) * batch * H);
            network.Run(p, packed, in, h, c, out, keep ? &pass.traces[p] : nullptr);
            std::copy(h.begin(), h.end(), pass.hy.begin() + p * batch * H);
            std::copy(c.begin(), c.end(), pass.cy.begin() + p * batch * H);
        }
        if (keep) {
            pass.layer_inputs.push_back(std::move(in));
        }
        in = std::move(out);
    }
    pass.y = std::move(in);
    return pass;
}

}  // namespace emulation
}  // namespace cuda
}  // namespace chainerx
