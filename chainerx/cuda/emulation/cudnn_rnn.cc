// cuDNN's recurrent networks (the v8 API: cudnnRNNForward, cudnnRNNBackwardData_v8, cudnnRNNBackwardWeights_v8 and
// their descriptors) for the backend built for the host: see Note [CUDA emulation on the host] in device.h. The
// descriptors are checked as cuDNN documents them, for what the backend uses: the standard algorithm, two biases,
// a linear input, no projection, no dropout, the packed sequence-major layout (CUDNN_STATUS_NOT_SUPPORTED for the
// rest). The cells are cuDNN's documented formulas, computed in double, with the gates of linear layers 0 .. n-1
// (on the input) and n .. 2n-1 (on the hidden state) in cuDNN's order:
//   LSTM  (i, f, g, o): i, f, o = sigmoid(W x + R h + bW + bR), g = tanh(...), c' = f c + i g, h' = o tanh(c')
//   GRU   (r, z, h~): r, z = sigmoid(W x + R h + bW + bR), h~ = tanh(W x + bW + r (R h + bR)), h' = (1 - z) h~ + z h
//   RNN   h' = tanh or relu(W x + R h + bW + bR)
// Weight space: for each pseudo-layer (layer * directions + direction), the matrices of linear layers 0 .. 2n-1 (the
// first n on the input, (H, input size) row-major; the rest on the hidden state, (H, H)), then their biases (H). The
// backend finds them through cudnnGetRNNWeightParams only, as it must with the real library. The reserve space
// holds the weight gradients, which cudnnRNNBackwardData_v8 computes (in one pass through time with the data
// gradients) and cudnnRNNBackwardWeights_v8 adds to the output.
#include <cudnn.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "chainerx/cuda/emulation/cudnn_descriptors.h"
#include "chainerx/cuda/emulation/grid.h"
#include "chainerx/cuda/emulation/rnn_network.h"

using chainerx::cuda::emulation::CreateDescriptor;
using chainerx::cuda::emulation::DestroyDescriptor;
using chainerx::cuda::emulation::ForwardPass;
using chainerx::cuda::emulation::LibraryCallScope;
using chainerx::cuda::emulation::Load;
using chainerx::cuda::emulation::Net;
using chainerx::cuda::emulation::Network;
using chainerx::cuda::emulation::Packed;
using chainerx::cuda::emulation::RunForward;
using chainerx::cuda::emulation::Store;
using chainerx::cuda::emulation::SupportedType;

struct cudnnDropoutStruct {
    float dropout{0};
};
struct cudnnRNNStruct {
    bool set{false};
    cudnnRNNMode_t mode{};
    cudnnDirectionMode_t direction{};
    cudnnDataType_t type{};
    int input_size{0};
    int hidden_size{0};
    int layers{0};
};
struct cudnnRNNDataStruct {
    bool set{false};
    cudnnDataType_t type{};
    int max_seq_length{0};
    int batch_size{0};
    int vector_size{0};
    std::vector<int> seq_lengths;
};

namespace {

size_t ElementSize(cudnnDataType_t type) {
    return type == CUDNN_DATA_HALF ? 2 : type == CUDNN_DATA_FLOAT ? 4 : 8;
}

std::vector<double> LoadAll(cudnnDataType_t type, const void* data, int64_t count) {
    std::vector<double> values(static_cast<size_t>(count), 0.0);
    for (int64_t i = 0; data != nullptr && i < count; ++i) {
        values[i] = Load(type, data, i);
    }
    return values;
}

void StoreAll(cudnnDataType_t type, void* data, const std::vector<double>& values) {
    for (size_t i = 0; data != nullptr && i < values.size(); ++i) {
        Store(type, data, static_cast<int64_t>(i), values[i]);
    }
}

Net NetOf(const cudnnRNNStruct& rnn) {
    return Net{rnn.mode, rnn.layers, rnn.direction == CUDNN_BIDIRECTIONAL ? 2 : 1, rnn.input_size, rnn.hidden_size};
}

Packed PackedOf(const cudnnRNNDataStruct& data) { return Packed{data.seq_lengths, data.max_seq_length}; }

// The network of a descriptor with the weights of a weight space.
Network NetworkOf(const cudnnRNNStruct& rnn, const void* weight_space) {
    const Net net = NetOf(rnn);
    return Network{net, LoadAll(rnn.type, weight_space, net.WeightCount())};
}

// The reserve space of training: the weight gradients, which the backward passes hand over, and x, which
// cudnnRNNBackwardData_v8 is not given but needs to run the forward pass again; both in double.
size_t ReserveCount(const Net& net, const cudnnRNNDataStruct& x) {
    return static_cast<size_t>(net.WeightCount() + PackedOf(x).rows() * net.input);
}

// Checks a call's operands: x, y and h (and c) describe this network's ((layers * dirs, batch, H), packed), the
// sequence lengths are on the device, and the weight space and (for a `reserve` of training) the reserve space are
// large enough.
cudnnStatus_t CheckCall(const cudnnRNNStruct& rnn,
                        const cudnnRNNDataStruct& x,
                        const cudnnRNNDataStruct& y,
                        const cudnnTensorStruct& h,
                        const int32_t* dev_seq_lengths,
                        size_t weight_space_size,
                        bool reserve,
                        size_t reserve_space_size) {
    if (!rnn.set || !x.set || !y.set) {
        return CUDNN_STATUS_BAD_PARAM;
    }
    const Net net = NetOf(rnn);
    if (x.type != rnn.type || y.type != rnn.type || h.type != rnn.type || x.vector_size != net.input ||
        y.vector_size != net.dirs * net.hidden || x.batch_size != y.batch_size || x.seq_lengths != y.seq_lengths ||
        dev_seq_lengths == nullptr ||
        weight_space_size < static_cast<size_t>(net.WeightCount()) * ElementSize(rnn.type) ||
        (reserve && reserve_space_size < ReserveCount(net, x) * sizeof(double))) {
        return CUDNN_STATUS_BAD_PARAM;
    }
    const std::vector<int> states{static_cast<int>(net.layers * net.dirs), x.batch_size, static_cast<int>(net.hidden)};
    if (h.dims != states || h.strides != chainerx::cuda::emulation::PackedStrides(states)) {
        return CUDNN_STATUS_BAD_PARAM;
    }
    return CUDNN_STATUS_SUCCESS;
}

}  // namespace

cudnnStatus_t cudnnCreateDropoutDescriptor(cudnnDropoutDescriptor_t* desc) { return CreateDescriptor(desc); }
cudnnStatus_t cudnnDestroyDropoutDescriptor(cudnnDropoutDescriptor_t desc) { return DestroyDescriptor(desc); }
// Dropout with a positive rate needs its random states, which the stand-in does not keep.
cudnnStatus_t cudnnSetDropoutDescriptor(
        cudnnDropoutDescriptor_t desc, cudnnHandle_t, float dropout, void* states, size_t, unsigned long long) {
    if (dropout < 0 || dropout >= 1) {
        return CUDNN_STATUS_BAD_PARAM;
    }
    if (dropout > 0 || states != nullptr) {
        return CUDNN_STATUS_NOT_SUPPORTED;
    }
    desc->dropout = dropout;
    return CUDNN_STATUS_SUCCESS;
}

cudnnStatus_t cudnnCreateRNNDescriptor(cudnnRNNDescriptor_t* desc) { return CreateDescriptor(desc); }
cudnnStatus_t cudnnDestroyRNNDescriptor(cudnnRNNDescriptor_t desc) { return DestroyDescriptor(desc); }
cudnnStatus_t cudnnSetRNNDescriptor_v8(cudnnRNNDescriptor_t desc,
                                       cudnnRNNAlgo_t algo,
                                       cudnnRNNMode_t mode,
                                       cudnnRNNBiasMode_t bias_mode,
                                       cudnnDirectionMode_t direction,
                                       cudnnRNNInputMode_t input_mode,
                                       cudnnDataType_t type,
                                       cudnnDataType_t math_precision,
                                       cudnnMathType_t,
                                       int32_t input_size,
                                       int32_t hidden_size,
                                       int32_t proj_size,
                                       int32_t layers,
                                       cudnnDropoutDescriptor_t,
                                       uint32_t aux_flags) {
    // Half data computes in half or float, the others in their own type.
    const bool precision_ok = type == CUDNN_DATA_HALF
                                      ? (math_precision == CUDNN_DATA_HALF || math_precision == CUDNN_DATA_FLOAT)
                                      : math_precision == type;
    if (!SupportedType(type) || !precision_ok || input_size < 1 || hidden_size < 1 || layers < 1 ||
        proj_size > hidden_size || proj_size < 1) {
        return CUDNN_STATUS_BAD_PARAM;
    }
    if (algo != CUDNN_RNN_ALGO_STANDARD || bias_mode != CUDNN_RNN_DOUBLE_BIAS || input_mode != CUDNN_LINEAR_INPUT ||
        proj_size != hidden_size || aux_flags != CUDNN_RNN_PADDED_IO_DISABLED) {
        return CUDNN_STATUS_NOT_SUPPORTED;
    }
    *desc = cudnnRNNStruct{true, mode, direction, type, input_size, hidden_size, layers};
    return CUDNN_STATUS_SUCCESS;
}

cudnnStatus_t cudnnCreateRNNDataDescriptor(cudnnRNNDataDescriptor_t* desc) { return CreateDescriptor(desc); }
cudnnStatus_t cudnnDestroyRNNDataDescriptor(cudnnRNNDataDescriptor_t desc) { return DestroyDescriptor(desc); }
// The packed layout wants the sequences sorted by decreasing length, each of 1 to max_seq_length steps.
cudnnStatus_t cudnnSetRNNDataDescriptor(cudnnRNNDataDescriptor_t desc,
                                        cudnnDataType_t type,
                                        cudnnRNNDataLayout_t layout,
                                        int max_seq_length,
                                        int batch_size,
                                        int vector_size,
                                        const int seq_lengths[],
                                        void*) {
    if (!SupportedType(type) || max_seq_length < 1 || batch_size < 1 || vector_size < 1 || seq_lengths == nullptr) {
        return CUDNN_STATUS_BAD_PARAM;
    }
    if (layout != CUDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_PACKED) {
        return CUDNN_STATUS_NOT_SUPPORTED;
    }
    std::vector<int> lengths(seq_lengths, seq_lengths + batch_size);
    for (int b = 0; b < batch_size; ++b) {
        if (lengths[b] < 1 || lengths[b] > max_seq_length || (b > 0 && lengths[b] > lengths[b - 1])) {
            return CUDNN_STATUS_BAD_PARAM;
        }
    }
    *desc = cudnnRNNDataStruct{true, type, max_seq_length, batch_size, vector_size, std::move(lengths)};
    return CUDNN_STATUS_SUCCESS;
}

cudnnStatus_t cudnnGetRNNWeightSpaceSize(cudnnHandle_t, cudnnRNNDescriptor_t desc, size_t* size) {
    if (!desc->set) {
        return CUDNN_STATUS_BAD_PARAM;
    }
    *size = static_cast<size_t>(NetOf(*desc).WeightCount()) * ElementSize(desc->type);
    return CUDNN_STATUS_SUCCESS;
}

cudnnStatus_t cudnnGetRNNWeightParams(cudnnHandle_t,
                                      cudnnRNNDescriptor_t desc,
                                      int32_t pseudo_layer,
                                      size_t weight_space_size,
                                      const void* weight_space,
                                      int32_t lin,
                                      cudnnTensorDescriptor_t m_desc,
                                      void** m_addr,
                                      cudnnTensorDescriptor_t b_desc,
                                      void** b_addr) {
    if (!desc->set) {
        return CUDNN_STATUS_BAD_PARAM;
    }
    const Net net = NetOf(*desc);
    const size_t item = ElementSize(desc->type);
    if (pseudo_layer < 0 || pseudo_layer >= net.layers * net.dirs || lin < 0 || lin >= 2 * net.gates ||
        weight_space_size < static_cast<size_t>(net.WeightCount()) * item) {
        return CUDNN_STATUS_BAD_PARAM;
    }
    auto* base = static_cast<char*>(const_cast<void*>(weight_space));
    if (m_desc != nullptr) {
        const std::vector<int> dims{1, static_cast<int>(net.hidden), static_cast<int>(net.Columns(pseudo_layer, lin))};
        *m_desc = cudnnTensorStruct{desc->type, dims, chainerx::cuda::emulation::PackedStrides(dims)};
        *m_addr = base + net.MatrixOffset(pseudo_layer, lin) * item;
    }
    if (b_desc != nullptr) {
        const std::vector<int> dims{1, static_cast<int>(net.hidden), 1};
        *b_desc = cudnnTensorStruct{desc->type, dims, chainerx::cuda::emulation::PackedStrides(dims)};
        *b_addr = base + net.BiasOffset(pseudo_layer, lin) * item;
    }
    return CUDNN_STATUS_SUCCESS;
}

// No workspace; the reserve space of training as ReserveCount says.
cudnnStatus_t cudnnGetRNNTempSpaceSizes(cudnnHandle_t,
                                        cudnnRNNDescriptor_t desc,
                                        cudnnForwardMode_t mode,
                                        cudnnRNNDataDescriptor_t x_desc,
                                        size_t* work_space_size,
                                        size_t* reserve_space_size) {
    if (!desc->set || !x_desc->set) {
        return CUDNN_STATUS_BAD_PARAM;
    }
    *work_space_size = 0;
    *reserve_space_size = mode == CUDNN_FWD_MODE_TRAINING ? ReserveCount(NetOf(*desc), *x_desc) * sizeof(double) : 0;
    return CUDNN_STATUS_SUCCESS;
}

cudnnStatus_t cudnnRNNForward(cudnnHandle_t,
                              cudnnRNNDescriptor_t desc,
                              cudnnForwardMode_t mode,
                              const int32_t dev_seq_lengths[],
                              cudnnRNNDataDescriptor_t x_desc,
                              const void* x,
                              cudnnRNNDataDescriptor_t y_desc,
                              void* y,
                              cudnnTensorDescriptor_t h_desc,
                              const void* hx,
                              void* hy,
                              cudnnTensorDescriptor_t,
                              const void* cx,
                              void* cy,
                              size_t weight_space_size,
                              const void* weight_space,
                              size_t,
                              void*,
                              size_t reserve_space_size,
                              void* reserve_space) {
    LibraryCallScope library_call{__func__};
    const bool training = mode == CUDNN_FWD_MODE_TRAINING;
    if (cudnnStatus_t status = CheckCall(*desc, *x_desc, *y_desc, *h_desc, dev_seq_lengths, weight_space_size, training,
                                         reserve_space_size);
        status != CUDNN_STATUS_SUCCESS) {
        return status;
    }
    const Net net = NetOf(*desc);
    const cudnnDataType_t type = desc->type;
    const Packed packed = PackedOf(*x_desc);
    const int64_t states = net.layers * net.dirs * x_desc->batch_size * net.hidden;
    std::vector<double> x_values = LoadAll(type, x, packed.rows() * net.input);
    if (training) {
        std::memcpy(static_cast<double*>(reserve_space) + net.WeightCount(), x_values.data(),
                    x_values.size() * sizeof(double));
    }
    const Network network = NetworkOf(*desc, weight_space);
    ForwardPass pass = RunForward(network, packed, x_desc->batch_size, std::move(x_values), LoadAll(type, hx, states),
                                  LoadAll(type, cx, states), false);
    StoreAll(type, y, pass.y);
    StoreAll(type, hy, pass.hy);
    if (net.mode == CUDNN_LSTM) {
        StoreAll(type, cy, pass.cy);
    }
    return CUDNN_STATUS_SUCCESS;
}

// Backpropagation through time, layer after layer from the last: each layer's input gradient is the output gradient
// of the one below.
cudnnStatus_t cudnnRNNBackwardData_v8(cudnnHandle_t,
                                      cudnnRNNDescriptor_t desc,
                                      const int32_t dev_seq_lengths[],
                                      cudnnRNNDataDescriptor_t y_desc,
                                      const void*,
                                      const void* dy,
                                      cudnnRNNDataDescriptor_t x_desc,
                                      void* dx,
                                      cudnnTensorDescriptor_t h_desc,
                                      const void* hx,
                                      const void* dhy,
                                      void* dhx,
                                      cudnnTensorDescriptor_t,
                                      const void* cx,
                                      const void* dcy,
                                      void* dcx,
                                      size_t weight_space_size,
                                      const void* weight_space,
                                      size_t,
                                      void*,
                                      size_t reserve_space_size,
                                      void* reserve_space) {
    LibraryCallScope library_call{__func__};
    if (cudnnStatus_t status = CheckCall(*desc, *x_desc, *y_desc, *h_desc, dev_seq_lengths, weight_space_size, true,
                                         reserve_space_size);
        status != CUDNN_STATUS_SUCCESS) {
        return status;
    }
    if (dy == nullptr || dx == nullptr) {
        return CUDNN_STATUS_BAD_PARAM;
    }
    const Net net = NetOf(*desc);
    const cudnnDataType_t type = desc->type;
    const Packed packed = PackedOf(*x_desc);
    const int64_t batch = x_desc->batch_size;
    const int64_t H = net.hidden;
    const int64_t states = net.layers * net.dirs * batch * H;
    auto* reserve = static_cast<double*>(reserve_space);
    std::vector<double> x_values(reserve + net.WeightCount(), reserve + net.WeightCount() + packed.rows() * net.input);
    const Network network = NetworkOf(*desc, weight_space);
    ForwardPass pass = RunForward(network, packed, batch, std::move(x_values), LoadAll(type, hx, states),
                                  LoadAll(type, cx, states), true);
    std::vector<double> dout = LoadAll(type, dy, packed.rows() * net.dirs * H);
    std::vector<double> dh_all = LoadAll(type, dhy, states);
    std::vector<double> dc_all = LoadAll(type, dcy, states);
    std::vector<double> dweights(static_cast<size_t>(net.WeightCount()), 0.0);
    for (int64_t layer = net.layers - 1; layer >= 0; --layer) {
        const std::vector<double>& in = pass.layer_inputs[layer];
        std::vector<double> din(in.size(), 0.0);
        for (int64_t d = 0; d < net.dirs; ++d) {
            const int64_t p = layer * net.dirs + d;
            std::vector<double> dh(dh_all.begin() + p * batch * H, dh_all.begin() + (p + 1) * batch * H);
            std::vector<double> dc(dc_all.begin() + p * batch * H, dc_all.begin() + (p + 1) * batch * H);
            network.Backprop(p, packed, in, pass.traces[p], dout, dh, dc, din, dweights);
            std::copy(dh.begin(), dh.end(), dh_all.begin() + p * batch * H);
            std::copy(dc.begin(), dc.end(), dc_all.begin() + p * batch * H);
        }
        dout = std::move(din);
    }
    StoreAll(type, dx, dout);
    StoreAll(type, dhx, dh_all);
    if (net.mode == CUDNN_LSTM) {
        StoreAll(type, dcx, dc_all);
    }
    std::copy(dweights.begin(), dweights.end(), reserve);
    return CUDNN_STATUS_SUCCESS;
}

// Adds the weight gradients that cudnnRNNBackwardData_v8 left in the reserve space (cuDNN itself only adds, too).
cudnnStatus_t cudnnRNNBackwardWeights_v8(cudnnHandle_t,
                                         cudnnRNNDescriptor_t desc,
                                         cudnnWgradMode_t add_grad,
                                         const int32_t dev_seq_lengths[],
                                         cudnnRNNDataDescriptor_t x_desc,
                                         const void*,
                                         cudnnTensorDescriptor_t h_desc,
                                         const void*,
                                         cudnnRNNDataDescriptor_t y_desc,
                                         const void*,
                                         size_t weight_space_size,
                                         void* dweight_space,
                                         size_t,
                                         void*,
                                         size_t reserve_space_size,
                                         void* reserve_space) {
    LibraryCallScope library_call{__func__};
    if (cudnnStatus_t status = CheckCall(*desc, *x_desc, *y_desc, *h_desc, dev_seq_lengths, weight_space_size, true,
                                         reserve_space_size);
        status != CUDNN_STATUS_SUCCESS) {
        return status;
    }
    if (add_grad != CUDNN_WGRAD_MODE_ADD) {
        return CUDNN_STATUS_NOT_SUPPORTED;
    }
    const Net net = NetOf(*desc);
    const cudnnDataType_t type = desc->type;
    const auto* grads = static_cast<const double*>(reserve_space);
    for (int64_t i = 0; i < net.WeightCount(); ++i) {
        Store(type, dweight_space, i, Load(type, dweight_space, i) + grads[i]);
    }
    return CUDNN_STATUS_SUCCESS;
}
