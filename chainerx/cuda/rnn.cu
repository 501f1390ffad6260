// The fused n_step_* networks on cuDNN's RNN API (Note [Fused recurrent networks] in routines/rnn_fused.cc): one
// cudnnRNNForward for the whole network, cudnnRNNBackwardData_v8 and cudnnRNNBackwardWeights_v8 for its gradients.
//
// Note [cuDNN recurrent networks]
// - The v8 RNN API (cuDNN 9 keeps it; the v6/v7 calls are gone), with the standard algorithm, two biases per gate as
//   Chainer has, no projection and no dropout (a dropout descriptor of rate 0, as cuDNN wants one). The gates'
//   linear layers are numbered as routines/rnn.h orders the weights (LSTM: input, forget, cell, output gates; GRU:
//   reset, update, new memory; each first on the input, then on the state), so weight j of layer and direction k is
//   cuDNN's linear layer j of pseudo-layer k.
// - Sequences in cuDNN's packed sequence-major layout: the routine's time steps one after another, which is how
//   Chainer's n_step_* take them (sorted by decreasing length). Sequence b is as long as the steps with more than b
//   rows; its lengths also go to the device, where the calls read them.
// - Weights. cuDNN has its own layout in one weight space; cudnnGetRNNWeightParams says where each matrix and bias
//   go, and each is copied there (one device copy each, checked against its element count). The gradients come in a
//   weight space of the same layout, and the routine gets views of it, not copies.
// - The reserve space of a training forward holds what the backward calls need, and cudnnRNNBackwardData_v8 may
//   write to it: a second backward through one forward (Grad twice, retain_graph) works on a copy.
// - Failures that cuDNN reports as "not supported" make the routine compose the network instead (a forward only:
//   the gradient has no such way out and throws). So does any failure to set up the descriptors and sizes: the
//   routine has checked the operands (rnn_fused.cc), so a refusal there means a configuration this cuDNN does not
//   take (a dtype or math mode), not a bad argument.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include <cuda_runtime.h>
#include <cudnn.h>

#include "chainerx/core/array.h"
#include "chainerx/core/context.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/rnn.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/cuda/cuda_backend.h"
#include "chainerx/cuda/cuda_device.h"
#include "chainerx/cuda/cuda_runtime.h"
#include "chainerx/cuda/cudnn.cuh"
#include "chainerx/cuda/elementwise.cuh"

namespace chainerx {
namespace cuda {
namespace {

// Note [Copies in one launch]
// A call packs many small arrays into one buffer: the time steps' inputs into x, every weight and bias into cuDNN's
// weight space, the time steps' output gradients into gy. One device copy each would cost the host a few
// microseconds per array (2 x 8 per layer and direction of an LSTM), as many as the composition saved. So the copies
// are gathered in a table, and one launch copies up to kCopiesPerLaunch of them: block row y copies entry y, its
// blocks striding over the entry's words, the widest word that every address and size of the table is a multiple
// of.
constexpr int kCopiesPerLaunch = 64;

struct CopyTable {
    const char* src[kCopiesPerLaunch];
    char* dst[kCopiesPerLaunch];
    int64_t words[kCopiesPerLaunch];
};

template <typename Word>
__global__ void CopyTableKernel(CopyTable table) {
    const auto* src = reinterpret_cast<const Word*>(table.src[blockIdx.y]);
    auto* dst = reinterpret_cast<Word*>(table.dst[blockIdx.y]);
    const int64_t n = table.words[blockIdx.y];
    for (int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x; i < n;
         i += static_cast<int64_t>(gridDim.x) * blockDim.x) {
        dst[i] = src[i];
    }
}

struct WordOf16 {
    uint4 v;
};

// Gathers device copies (dst, src, bytes) and enqueues them on the device's stream in launches of up to
// kCopiesPerLaunch (Note [Copies in one launch]).
class CopyBatch {
public:
    void Add(void* dst, const void* src, int64_t bytes) {
        if (bytes > 0) {
            copies_.push_back({static_cast<char*>(dst), static_cast<const char*>(src), bytes});
        }
    }

    void Launch() {
        uintptr_t bits = 0;
        for (const Copy& c : copies_) {
            bits |= reinterpret_cast<uintptr_t>(c.dst) | reinterpret_cast<uintptr_t>(c.src) |
                    static_cast<uintptr_t>(c.bytes);
        }
        if ((bits & 15U) == 0) {
            LaunchWith<WordOf16>();
        } else if ((bits & 7U) == 0) {
            LaunchWith<uint64_t>();
        } else if ((bits & 3U) == 0) {
            LaunchWith<uint32_t>();
        } else if ((bits & 1U) == 0) {
            LaunchWith<uint16_t>();
        } else {
            LaunchWith<uint8_t>();
        }
        copies_.clear();
    }

private:
    struct Copy {
        char* dst;
        const char* src;
        int64_t bytes;
    };

    template <typename Word>
    void LaunchWith() {
        for (size_t first = 0; first < copies_.size(); first += kCopiesPerLaunch) {
            const size_t count = std::min<size_t>(kCopiesPerLaunch, copies_.size() - first);
            CopyTable table{};
            int64_t most = 0;
            for (size_t e = 0; e < count; ++e) {
                const Copy& c = copies_[first + e];
                table.src[e] = c.src;
                table.dst[e] = c.dst;
                table.words[e] = c.bytes / static_cast<int64_t>(sizeof(Word));
                most = std::max(most, table.words[e]);
            }
            const int64_t blocks = std::min<int64_t>((most + kBlockSize - 1) / kBlockSize, 1024);
            CopyTableKernel<Word><<<dim3(static_cast<unsigned>(blocks), static_cast<unsigned>(count)), kBlockSize>>>(
                    table);
            CheckCudaError(cudaGetLastError());
        }
    }

    std::vector<Copy> copies_;
};

using RnnDescriptor = CudnnObject<cudnnRNNDescriptor_t, cudnnCreateRNNDescriptor, cudnnDestroyRNNDescriptor>;
using RnnDataDescriptor =
        CudnnObject<cudnnRNNDataDescriptor_t, cudnnCreateRNNDataDescriptor, cudnnDestroyRNNDataDescriptor>;
using DropoutDescriptor =
        CudnnObject<cudnnDropoutDescriptor_t, cudnnCreateDropoutDescriptor, cudnnDestroyDropoutDescriptor>;

cudnnRNNMode_t CudnnMode(RnnCell cell) {
    switch (cell) {
        case RnnCell::kLstm:
            return CUDNN_LSTM;
        case RnnCell::kGru:
            return CUDNN_GRU;
        case RnnCell::kRnnTanh:
            return CUDNN_RNN_TANH;
        default:
            return CUDNN_RNN_RELU;
    }
}

// An operand as cuDNN reads it: C-contiguous and 16-byte aligned.
Array Contiguous(const Array& a) { return a.IsContiguous() && IsCudnnAligned(a) ? a : a.Copy(); }

// A source of the copy table, which takes any alignment.
Array ContiguousSource(const Array& a) { return a.IsContiguous() ? a : a.Copy(); }

// The descriptors and operands of one network, kept from the forward call for its gradient.
struct CudnnRnn {
    CudaDevice& device;
    Dtype dtype;
    int64_t entries;  // layers * directions
    int64_t lin_layers;  // 2 * gates
    std::vector<int64_t> batches;  // B_t
    DropoutDescriptor dropout;
    RnnDescriptor rnn;
    RnnDataDescriptor x_desc;
    RnnDataDescriptor y_desc;
    std::optional<TensorDescriptor> h_desc;
    Array seq_lengths;  // int32, on the device
    Array weight_space;  // uint8
    size_t work_space_size{0};
    size_t reserve_space_size{0};
    std::shared_ptr<void> reserve_space;
    bool reserve_used{false};
    Array x;
    Array hx;
    std::optional<Array> cx;
    Array y;

    CudnnRnn(CudaDevice& device, Dtype dtype) : device{device}, dtype{dtype} {}

    // Runs call(handle) holding the device's cuDNN lock; false when cuDNN reports the case as not supported.
    template <typename Call>
    bool Run(Call&& call) {
        return RunCudnn(device, std::forward<Call>(call));
    }

    // Where linear layer `lin` of pseudo-layer `entry` and its bias sit in `space` (a weight space of this network),
    // as byte offsets; their element counts are checked against the routine's (H, cols) and (H,).
    std::pair<int64_t, int64_t> ParamOffsets(cudnnHandle_t handle, const Array& space, int64_t entry, int64_t lin,
                                             int64_t matrix_size, int64_t bias_size) {
        BareTensorDescriptor m_desc;
        BareTensorDescriptor b_desc;
        void* m_addr = nullptr;
        void* b_addr = nullptr;
        CheckCudnnError(cudnnGetRNNWeightParams(
                handle,
                rnn.get(),
                static_cast<int32_t>(entry),
                static_cast<size_t>(space.GetNBytes()),
                space.raw_data(),
                static_cast<int32_t>(lin),
                m_desc.get(),
                &m_addr,
                b_desc.get(),
                &b_addr));
        if (ElementCount(m_desc) != matrix_size || ElementCount(b_desc) != bias_size) {
            throw ChainerxError{"cuDNN's weight ", lin, " of layer and direction ", entry, " has ",
                                ElementCount(m_desc), " elements and its bias ", ElementCount(b_desc), ", not ",
                                matrix_size, " and ", bias_size};
        }
        const char* base = static_cast<const char*>(space.raw_data());
        return {static_cast<const char*>(m_addr) - base, static_cast<const char*>(b_addr) - base};
    }

    static int64_t ElementCount(const BareTensorDescriptor& desc) {
        cudnnDataType_t type{};
        int nb_dims = 0;
        int dims[CUDNN_DIM_MAX]{};
        int strides[CUDNN_DIM_MAX]{};
        CheckCudnnError(cudnnGetTensorNdDescriptor(desc.get(), CUDNN_DIM_MAX, &type, &nb_dims, dims, strides));
        int64_t count = 1;
        for (int d = 0; d < nb_dims; ++d) {
            count *= dims[d];
        }
        return count;
    }
};

bool FitsInt(int64_t v) { return v <= std::numeric_limits<int>::max(); }

// A set-up call's status as RunCudnn takes it: any failure means "not supported here" (see the note).
cudnnStatus_t SetUpStatus(cudnnStatus_t status) {
    return status == CUDNN_STATUS_SUCCESS ? status : CUDNN_STATUS_NOT_SUPPORTED;
}

template <typename T>
std::optional<NStepRnnOutputs> CudnnNStepRnn(const NStepRnnInputs& in, bool training) {
    using Types = CudnnTypes<T>;
    auto& device = dynamic_cast<CudaDevice&>(in.hx.device());
    CudaSetDeviceScope scope{device.index()};
    const int64_t dirs = in.bidirectional ? 2 : 1;
    const int64_t batch = in.hx.shape()[1];
    const int64_t hidden = in.hx.shape()[2];
    const int64_t input = in.xs[0].shape()[1];
    const auto steps = static_cast<int64_t>(in.xs.size());
    int64_t rows = 0;
    for (const Array& x : in.xs) {
        rows += x.shape()[0];
    }
    if (!FitsInt(rows * std::max(input, dirs * hidden)) || !FitsInt(in.n_layers * dirs * batch * hidden)) {
        return std::nullopt;
    }
    auto net = std::make_shared<CudnnRnn>(device, in.hx.dtype());
    net->entries = in.n_layers * dirs;
    net->lin_layers = 2 * GateCount(in.cell);

    // Sequence b is as long as the time steps with more than b rows.
    std::vector<int> lengths(static_cast<size_t>(batch), 0);
    for (const Array& x : in.xs) {
        net->batches.push_back(x.shape()[0]);
        for (int64_t b = 0; b < x.shape()[0]; ++b) {
            ++lengths[b];
        }
    }
    bool done = net->Run([&](cudnnHandle_t handle) {
        cudnnStatus_t status = cudnnSetDropoutDescriptor(net->dropout.get(), handle, 0.0f, nullptr, 0, 0);
        if (status == CUDNN_STATUS_SUCCESS) {
            status = cudnnSetRNNDescriptor_v8(
                    net->rnn.get(),
                    CUDNN_RNN_ALGO_STANDARD,
                    CudnnMode(in.cell),
                    CUDNN_RNN_DOUBLE_BIAS,
                    in.bidirectional ? CUDNN_BIDIRECTIONAL : CUDNN_UNIDIRECTIONAL,
                    CUDNN_LINEAR_INPUT,
                    Types::kData,
                    Types::kCompute,
                    Types::kMath,
                    static_cast<int32_t>(input),
                    static_cast<int32_t>(hidden),
                    static_cast<int32_t>(hidden),
                    static_cast<int32_t>(in.n_layers),
                    net->dropout.get(),
                    CUDNN_RNN_PADDED_IO_DISABLED);
        }
        for (auto [desc, size] : {std::pair{net->x_desc.get(), input}, std::pair{net->y_desc.get(), dirs * hidden}}) {
            if (status == CUDNN_STATUS_SUCCESS) {
                status = cudnnSetRNNDataDescriptor(
                        desc,
                        Types::kData,
                        CUDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_PACKED,
                        static_cast<int>(steps),
                        static_cast<int>(batch),
                        static_cast<int>(size),
                        lengths.data(),
                        nullptr);
            }
        }
        return SetUpStatus(status);
    });
    if (!done) {
        return std::nullopt;
    }
    net->h_desc.emplace(Types::kData, std::vector<int>{static_cast<int>(net->entries), static_cast<int>(batch),
                                                       static_cast<int>(hidden)});
    size_t weight_space_size = 0;
    done = net->Run([&](cudnnHandle_t handle) {
        cudnnStatus_t status = cudnnGetRNNWeightSpaceSize(handle, net->rnn.get(), &weight_space_size);
        if (status == CUDNN_STATUS_SUCCESS) {
            status = cudnnGetRNNTempSpaceSizes(
                    handle,
                    net->rnn.get(),
                    training ? CUDNN_FWD_MODE_TRAINING : CUDNN_FWD_MODE_INFERENCE,
                    net->x_desc.get(),
                    &net->work_space_size,
                    &net->reserve_space_size);
        }
        return SetUpStatus(status);
    });
    if (!done) {
        return std::nullopt;
    }

    // The time steps' inputs packed into x, and the weights into cuDNN's weight space, in one launch (Note [Copies in
    // one launch]).
    net->x = in.xs.size() == 1 ? Contiguous(in.xs[0]) : Empty({rows, input}, net->dtype, device);
    net->weight_space = Empty({static_cast<int64_t>(weight_space_size)}, Dtype::kUInt8, device);
    {
        std::vector<Array> sources;  // kept alive until the copies are queued
        sources.reserve(in.xs.size() + 2 * net->entries * net->lin_layers);
        CopyBatch copies;
        if (in.xs.size() > 1) {
            char* packed = static_cast<char*>(net->x.raw_data());
            for (const Array& x : in.xs) {
                const Array& source = sources.emplace_back(ContiguousSource(x));
                copies.Add(packed, source.raw_data(), source.GetNBytes());
                packed += source.GetNBytes();
            }
        }
        cudnnHandle_t handle = device.cudnn_handle();
        std::lock_guard<std::mutex> lock{device.cudnn_mutex()};
        char* base = static_cast<char*>(net->weight_space.raw_data());
        for (int64_t k = 0; k < net->entries; ++k) {
            for (int64_t j = 0; j < net->lin_layers; ++j) {
                const Array& w = sources.emplace_back(ContiguousSource(in.ws[k][j]));
                const Array& b = sources.emplace_back(ContiguousSource(in.bs[k][j]));
                auto [w_offset, b_offset] =
                        net->ParamOffsets(handle, net->weight_space, k, j, w.GetTotalSize(), b.GetTotalSize());
                copies.Add(base + w_offset, w.raw_data(), w.GetNBytes());
                copies.Add(base + b_offset, b.raw_data(), b.GetNBytes());
            }
        }
        copies.Launch();
    }
    // The lengths again on the device, where the kernels read them.
    auto host_lengths = std::make_shared<std::vector<int32_t>>(lengths.begin(), lengths.end());
    Array native_lengths = FromContiguousHostData(
            {batch}, Dtype::kInt32, std::shared_ptr<void>{host_lengths, host_lengths->data()},
            device.context().GetNativeBackend().GetDevice(0));
    net->seq_lengths = native_lengths.ToDevice(device);

    net->hx = Contiguous(in.hx);
    if (in.cx.has_value()) {
        net->cx = Contiguous(*in.cx);
    }
    net->y = Empty({rows, dirs * hidden}, net->dtype, device);
    Array hy = Empty(in.hx.shape(), net->dtype, device);
    std::optional<Array> cy;
    if (in.cx.has_value()) {
        cy = Empty(in.hx.shape(), net->dtype, device);
    }
    std::shared_ptr<void> work_space = device.Allocate(net->work_space_size);
    if (training) {
        net->reserve_space = device.Allocate(net->reserve_space_size);
    }
    done = net->Run([&](cudnnHandle_t handle) {
        return cudnnRNNForward(
                handle,
                net->rnn.get(),
                training ? CUDNN_FWD_MODE_TRAINING : CUDNN_FWD_MODE_INFERENCE,
                static_cast<const int32_t*>(net->seq_lengths.raw_data()),
                net->x_desc.get(),
                net->x.raw_data(),
                net->y_desc.get(),
                net->y.raw_data(),
                net->h_desc->get(),
                net->hx.raw_data(),
                hy.raw_data(),
                net->h_desc->get(),
                net->cx.has_value() ? net->cx->raw_data() : nullptr,
                cy.has_value() ? cy->raw_data() : nullptr,
                weight_space_size,
                net->weight_space.raw_data(),
                net->work_space_size,
                work_space.get(),
                training ? net->reserve_space_size : 0,
                training ? net->reserve_space.get() : nullptr);
    });
    if (!done) {
        return std::nullopt;
    }
    return NStepRnnOutputs{net->y, hy, cy, training ? std::shared_ptr<void>{net} : nullptr};
}

// The time steps' output gradients packed as y, zeros for those that did not flow (one launch for the copies, one
// for the zeros).
Array PackOutputGrads(const CudnnRnn& net, const std::vector<std::optional<Array>>& gys) {
    if (gys.size() == 1 && gys[0].has_value()) {
        return Contiguous(*gys[0]);
    }
    const bool all = std::all_of(gys.begin(), gys.end(), [](const std::optional<Array>& g) { return g.has_value(); });
    Array gy = all ? Empty(net.y.shape(), net.dtype, net.device) : Zeros(net.y.shape(), net.dtype, net.device);
    std::vector<Array> sources;
    sources.reserve(gys.size());
    CopyBatch copies;
    char* packed = static_cast<char*>(gy.raw_data());
    const int64_t row_bytes = net.y.shape()[1] * GetItemSize(net.dtype);
    for (size_t t = 0; t < gys.size(); ++t) {
        if (gys[t].has_value()) {
            const Array& source = sources.emplace_back(ContiguousSource(*gys[t]));
            copies.Add(packed, source.raw_data(), source.GetNBytes());
        }
        packed += net.batches[t] * row_bytes;
    }
    copies.Launch();
    return gy;
}

template <typename T>
NStepRnnGrads CudnnNStepRnnGrad(CudnnRnn& net, const std::vector<std::optional<Array>>& gys,
                                const std::optional<Array>& ghy, const std::optional<Array>& gcy) {
    CudaDevice& device = net.device;
    CudaSetDeviceScope scope{device.index()};
    std::shared_ptr<void> reserve_space = net.reserve_space;
    if (net.reserve_used) {  // cudnnRNNBackwardData_v8 may have changed it
        reserve_space = device.Allocate(net.reserve_space_size);
        CheckCudaError(cudaMemcpyAsync(reserve_space.get(), net.reserve_space.get(), net.reserve_space_size,
                                       cudaMemcpyDeviceToDevice, nullptr));
    }
    net.reserve_used = true;
    const Array gy_c = PackOutputGrads(net, gys);
    // The states' gradients (null: zero) as cuDNN reads them.
    Array ghy_c;
    Array gcy_c;
    const void* ghy_data = nullptr;
    const void* gcy_data = nullptr;
    if (ghy.has_value()) {
        ghy_c = Contiguous(*ghy);
        ghy_data = ghy_c.raw_data();
    }
    if (gcy.has_value()) {
        gcy_c = Contiguous(*gcy);
        gcy_data = gcy_c.raw_data();
    }
    Array gx = Empty(net.x.shape(), net.dtype, device);  // packed as x
    NStepRnnGrads grads{{}, Empty(net.hx.shape(), net.dtype, device), std::nullopt, {}, {}};
    if (net.cx.has_value()) {
        grads.gcx = Empty(net.hx.shape(), net.dtype, device);
    }
    // cuDNN only adds weight gradients (CUDNN_WGRAD_MODE_ADD): the space starts at zero.
    Array dweight_space = Zeros(net.weight_space.shape(), Dtype::kUInt8, device);
    std::shared_ptr<void> work_space = device.Allocate(net.work_space_size);
    const auto* seq_lengths = static_cast<const int32_t*>(net.seq_lengths.raw_data());
    const size_t weight_space_size = static_cast<size_t>(net.weight_space.GetNBytes());
    bool done = net.Run([&](cudnnHandle_t handle) {
        cudnnStatus_t status = cudnnRNNBackwardData_v8(
                handle,
                net.rnn.get(),
                seq_lengths,
                net.y_desc.get(),
                net.y.raw_data(),
                gy_c.raw_data(),
                net.x_desc.get(),
                gx.raw_data(),
                net.h_desc->get(),
                net.hx.raw_data(),
                ghy_data,
                grads.ghx.raw_data(),
                net.h_desc->get(),
                net.cx.has_value() ? net.cx->raw_data() : nullptr,
                gcy_data,
                grads.gcx.has_value() ? grads.gcx->raw_data() : nullptr,
                weight_space_size,
                net.weight_space.raw_data(),
                net.work_space_size,
                work_space.get(),
                net.reserve_space_size,
                reserve_space.get());
        if (status != CUDNN_STATUS_SUCCESS) {
            return status;
        }
        return cudnnRNNBackwardWeights_v8(
                handle,
                net.rnn.get(),
                CUDNN_WGRAD_MODE_ADD,
                seq_lengths,
                net.x_desc.get(),
                net.x.raw_data(),
                net.h_desc->get(),
                net.hx.raw_data(),
                net.y_desc.get(),
                net.y.raw_data(),
                weight_space_size,
                dweight_space.raw_data(),
                net.work_space_size,
                work_space.get(),
                net.reserve_space_size,
                reserve_space.get());
    });
    if (!done) {
        throw ChainerxError{"cuDNN does not support the gradient of the recurrent network that it ran forward"};
    }
    // Each gradient in an array of its own, as stored gradients must be (Note [Stored gradients own their memory] in
    // core/backward.cc): the weights' out of dweight_space and the time steps' out of the packed gx, in one launch
    // (Note [Copies in one launch]).
    const int64_t hidden = net.hx.shape()[2];
    const int64_t input = net.x.shape()[1];
    const int64_t dirs = net.y.shape()[1] / hidden;
    CopyBatch copies;
    const char* gx_rows = static_cast<const char*>(gx.raw_data());
    for (int64_t batch : net.batches) {
        const Array& g = grads.gxs.emplace_back(Empty({batch, input}, net.dtype, device));
        copies.Add(g.raw_data(), gx_rows, g.GetNBytes());
        gx_rows += g.GetNBytes();
    }
    const char* base = static_cast<const char*>(dweight_space.raw_data());
    grads.gws.resize(static_cast<size_t>(net.entries));
    grads.gbs.resize(static_cast<size_t>(net.entries));
    {
        cudnnHandle_t handle = device.cudnn_handle();
        std::lock_guard<std::mutex> lock{device.cudnn_mutex()};
        for (int64_t k = 0; k < net.entries; ++k) {
            const int64_t layer_input = k < dirs ? input : dirs * hidden;
            for (int64_t j = 0; j < net.lin_layers; ++j) {
                const Shape w_shape{hidden, j < net.lin_layers / 2 ? layer_input : hidden};
                auto [w_offset, b_offset] =
                        net.ParamOffsets(handle, dweight_space, k, j, w_shape.GetTotalSize(), hidden);
                const Array& gw = grads.gws[k].emplace_back(Empty(w_shape, net.dtype, device));
                const Array& gb = grads.gbs[k].emplace_back(Empty({hidden}, net.dtype, device));
                copies.Add(gw.raw_data(), base + w_offset, gw.GetNBytes());
                copies.Add(gb.raw_data(), base + b_offset, gb.GetNBytes());
            }
        }
    }
    copies.Launch();
    return grads;
}

// Calls f(PrimitiveType<T>{}) with T the device type of a floating dtype.
template <typename F>
decltype(auto) VisitCudnnFloat(Dtype dtype, F&& f) {
    switch (dtype) {
        case Dtype::kFloat16:
            return f(PrimitiveType<__half>{});
        case Dtype::kFloat32:
            return f(PrimitiveType<float>{});
        case Dtype::kFloat64:
            return f(PrimitiveType<double>{});
        default:
            throw DtypeError{"cuDNN's recurrent networks take float16, float32 or float64, not ", dtype};
    }
}

class CudaNStepRnnKernel : public NStepRnnKernel {
public:
    std::optional<NStepRnnOutputs> Call(const NStepRnnInputs& inputs, bool training) override {
        return VisitCudnnFloat(inputs.hx.dtype(), [&](auto pt) {
            return CudnnNStepRnn<typename decltype(pt)::type>(inputs, training);
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(NStepRnnKernel, CudaNStepRnnKernel);

class CudaNStepRnnGradKernel : public NStepRnnGradKernel {
public:
    NStepRnnGrads Call(const std::shared_ptr<void>& state, const std::vector<std::optional<Array>>& gys,
                       const std::optional<Array>& ghy, const std::optional<Array>& gcy) override {
        if (state == nullptr) {  // the forward ran for inference (the routine records no graph then)
            throw ChainerxError{"the gradient of a recurrent network that cuDNN ran for inference"};
        }
        auto& net = *static_cast<CudnnRnn*>(state.get());
        return VisitCudnnFloat(net.dtype, [&](auto pt) {
            return CudnnNStepRnnGrad<typename decltype(pt)::type>(net, gys, ghy, gcy);
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(NStepRnnGradKernel, CudaNStepRnnGradKernel);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
