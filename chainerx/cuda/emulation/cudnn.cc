// cuDNN's calls of the backend on the host: see Note [CUDA emulation on the host] in device.h. The descriptors
// keep what they are given; the convolutions, AddTensor and batch normalisation check their descriptors against each
// other, as cuDNN does (CUDNN_STATUS_BAD_PARAM), and compute the documented formulas in double, one element at a
// time. The algorithm queries answer algorithm 0 with no workspace.
#include <cudnn.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "chainerx/cuda/emulation/elements.h"
#include "chainerx/cuda/emulation/grid.h"

using chainerx::cuda::emulation::DeviceCodeScope;

struct cudnnContext {};
struct cudnnTensorStruct {
    cudnnDataType_t type{};
    std::vector<int> dims;
    std::vector<int> strides;
};
struct cudnnFilterStruct {
    cudnnDataType_t type{};
    cudnnTensorFormat_t format{};
    std::vector<int> dims;
};
struct cudnnConvolutionStruct {
    std::vector<int> pad;
    std::vector<int> stride;
    std::vector<int> dilation;
    cudnnConvolutionMode_t mode{};
};

namespace {

using chainerx::cuda::emulation::FloatType;

FloatType FloatTypeOf(cudnnDataType_t type) {
    return type == CUDNN_DATA_HALF ? FloatType::kHalf
                                   : type == CUDNN_DATA_FLOAT ? FloatType::kFloat : FloatType::kDouble;
}

double Load(cudnnDataType_t type, const void* data, int64_t offset) {
    return chainerx::cuda::emulation::LoadFloat(FloatTypeOf(type), data, offset);
}

void Store(cudnnDataType_t type, void* data, int64_t offset, double value) {
    chainerx::cuda::emulation::StoreFloat(FloatTypeOf(type), data, offset, value);
}

bool SupportedType(cudnnDataType_t type) {
    return type == CUDNN_DATA_HALF || type == CUDNN_DATA_FLOAT || type == CUDNN_DATA_DOUBLE;
}

// alpha and beta point to double for double data, to float otherwise.
double Scale(cudnnDataType_t type, const void* scale) {
    return type == CUDNN_DATA_DOUBLE ? *static_cast<const double*>(scale) : *static_cast<const float*>(scale);
}

// dst = alpha * value + beta * dst; dst is not read when beta is 0.
void Blend(cudnnDataType_t type, void* data, int64_t offset, double alpha, double value, double beta) {
    Store(type, data, offset, alpha * value + (beta == 0 ? 0.0 : beta * Load(type, data, offset)));
}

int64_t Count(const std::vector<int>& dims) {
    int64_t n = 1;
    for (int d : dims) {
        n *= d;
    }
    return n;
}

// The element offset (through `strides`) of the element with C-order linear index `index` of `dims`.
int64_t OffsetOf(int64_t index, const std::vector<int>& dims, const std::vector<int>& strides) {
    int64_t offset = 0;
    for (size_t d = dims.size(); d-- > 0;) {
        offset += index % dims[d] * strides[d];
        index /= dims[d];
    }
    return offset;
}

std::vector<int> PackedStrides(const std::vector<int>& dims) {
    std::vector<int> strides(dims.size());
    int stride = 1;
    for (size_t d = dims.size(); d-- > 0;) {
        strides[d] = stride;
        stride *= dims[d];
    }
    return strides;
}

// Calls tap(x_offset, w_offset, y_offset) for each product of a cross-correlation y = x (*) w (cuDNN's
// CUDNN_CROSS_CORRELATION; CUDNN_CONVOLUTION flips the filter), after checking that the descriptors agree.
template <typename Tap>
cudnnStatus_t ForEachTap(
        const cudnnTensorStruct& x, const cudnnFilterStruct& w, const cudnnConvolutionStruct& conv,
        const cudnnTensorStruct& y, Tap tap) {
    const size_t nd = x.dims.size();
    const size_t spatial = nd - 2;
    if (w.dims.size() != nd || y.dims.size() != nd || conv.pad.size() != spatial || x.type != w.type ||
        x.type != y.type || w.format != CUDNN_TENSOR_NCHW || x.dims[0] != y.dims[0] || x.dims[1] != w.dims[1] ||
        y.dims[1] != w.dims[0]) {
        return CUDNN_STATUS_BAD_PARAM;
    }
    for (size_t i = 0; i < spatial; ++i) {
        int window = (w.dims[2 + i] - 1) * conv.dilation[i] + 1;
        if (conv.stride[i] < 1 || y.dims[2 + i] != (x.dims[2 + i] + 2 * conv.pad[i] - window) / conv.stride[i] + 1) {
            return CUDNN_STATUS_BAD_PARAM;
        }
    }
    const std::vector<int> w_strides = PackedStrides(w.dims);
    const std::vector<int> y_spatial(y.dims.begin() + 2, y.dims.end());
    const std::vector<int> y_spatial_strides(y.strides.begin() + 2, y.strides.end());
    const std::vector<int> k_spatial(w.dims.begin() + 2, w.dims.end());
    const bool flip = conv.mode == CUDNN_CONVOLUTION;
    for (int n = 0; n < y.dims[0]; ++n) {
        for (int o = 0; o < y.dims[1]; ++o) {
            for (int c = 0; c < x.dims[1]; ++c) {
                for (int64_t yo = 0; yo < Count(y_spatial); ++yo) {
                    for (int64_t ko = 0; ko < Count(k_spatial); ++ko) {
                        int64_t x_offset = int64_t{n} * x.strides[0] + int64_t{c} * x.strides[1];
                        int64_t y_offset = OffsetOf(yo, y_spatial, y_spatial_strides) + int64_t{n} * y.strides[0] +
                                           int64_t{o} * y.strides[1];
                        int64_t w_offset = int64_t{o} * w_strides[0] + int64_t{c} * w_strides[1];
                        bool inside = true;
                        int64_t yi = yo;
                        int64_t ki = ko;
                        for (size_t d = spatial; d-- > 0;) {
                            int oc = static_cast<int>(yi % y_spatial[d]);
                            int kc = static_cast<int>(ki % k_spatial[d]);
                            yi /= y_spatial[d];
                            ki /= k_spatial[d];
                            int in = oc * conv.stride[d] - conv.pad[d] + kc * conv.dilation[d];
                            inside &= in >= 0 && in < x.dims[2 + d];
                            x_offset += int64_t{in} * x.strides[2 + d];
                            w_offset += int64_t{flip ? k_spatial[d] - 1 - kc : kc} * w_strides[2 + d];
                        }
                        if (inside) {
                            tap(x_offset, w_offset, y_offset);
                        }
                    }
                }
            }
        }
    }
    return CUDNN_STATUS_SUCCESS;
}

// Accumulates sum[offset] over the taps and blends the sums into `data` (described by dims and strides) as
// data = alpha * sum + beta * data, element by element.
class Accumulator {
public:
    explicit Accumulator(int64_t span) : sums_(static_cast<size_t>(span), 0.0) {}
    void Add(int64_t offset, double value) { sums_[offset] += value; }
    void BlendInto(cudnnDataType_t type, void* data, const std::vector<int>& dims, const std::vector<int>& strides,
                   double alpha, double beta) {
        for (int64_t i = 0; i < Count(dims); ++i) {
            int64_t offset = OffsetOf(i, dims, strides);
            Blend(type, data, offset, alpha, sums_[offset], beta);
        }
    }

private:
    std::vector<double> sums_;
};

// The number of elements from the first to past the last (strides are non-negative in the backend's descriptors).
int64_t Span(const std::vector<int>& dims, const std::vector<int>& strides) {
    int64_t last = 0;
    for (size_t d = 0; d < dims.size(); ++d) {
        last += int64_t{dims[d] - 1} * strides[d];
    }
    return Count(dims) == 0 ? 0 : last + 1;
}

template <typename Descriptor>
cudnnStatus_t Create(Descriptor** descriptor) {
    *descriptor = new Descriptor{};
    return CUDNN_STATUS_SUCCESS;
}

template <typename Descriptor>
cudnnStatus_t Destroy(Descriptor* descriptor) {
    delete descriptor;
    return CUDNN_STATUS_SUCCESS;
}

// The algorithm queries answer one algorithm (0) with no workspace.
template <typename Perf>
cudnnStatus_t OneAlgorithm(int requested, int* returned, Perf* perf) {
    if (requested < 1) {
        return CUDNN_STATUS_BAD_PARAM;
    }
    *returned = 1;
    perf[0] = Perf{};
    perf[0].status = CUDNN_STATUS_SUCCESS;
    perf[0].determinism = CUDNN_DETERMINISTIC;
    return CUDNN_STATUS_SUCCESS;
}

}  // namespace

cudnnStatus_t cudnnCreate(cudnnHandle_t* handle) { return Create(handle); }
cudnnStatus_t cudnnDestroy(cudnnHandle_t handle) { return Destroy(handle); }
cudnnStatus_t cudnnCreateTensorDescriptor(cudnnTensorDescriptor_t* d) { return Create(d); }
cudnnStatus_t cudnnDestroyTensorDescriptor(cudnnTensorDescriptor_t d) { return Destroy(d); }
cudnnStatus_t cudnnCreateFilterDescriptor(cudnnFilterDescriptor_t* d) { return Create(d); }
cudnnStatus_t cudnnDestroyFilterDescriptor(cudnnFilterDescriptor_t d) { return Destroy(d); }
cudnnStatus_t cudnnCreateConvolutionDescriptor(cudnnConvolutionDescriptor_t* d) { return Create(d); }
cudnnStatus_t cudnnDestroyConvolutionDescriptor(cudnnConvolutionDescriptor_t d) { return Destroy(d); }

// cuDNN's Nd descriptors take 3 to 8 dims (4 or more for the convolutions) of positive sizes.
cudnnStatus_t cudnnSetTensorNdDescriptor(
        cudnnTensorDescriptor_t desc, cudnnDataType_t type, int nb_dims, const int dims[], const int strides[]) {
    if (nb_dims < 3 || nb_dims > CUDNN_DIM_MAX || !SupportedType(type)) {
        return CUDNN_STATUS_BAD_PARAM;
    }
    desc->type = type;
    desc->dims.assign(dims, dims + nb_dims);
    desc->strides.assign(strides, strides + nb_dims);
    for (int d = 0; d < nb_dims; ++d) {
        if (dims[d] < 1 || strides[d] < 1) {
            return CUDNN_STATUS_BAD_PARAM;
        }
    }
    return CUDNN_STATUS_SUCCESS;
}
cudnnStatus_t cudnnSetFilterNdDescriptor(
        cudnnFilterDescriptor_t desc, cudnnDataType_t type, cudnnTensorFormat_t format, int nb_dims, const int dims[]) {
    if (nb_dims < 3 || nb_dims > CUDNN_DIM_MAX || !SupportedType(type)) {
        return CUDNN_STATUS_BAD_PARAM;
    }
    desc->type = type;
    desc->format = format;
    desc->dims.assign(dims, dims + nb_dims);
    for (int d = 0; d < nb_dims; ++d) {
        if (dims[d] < 1) {
            return CUDNN_STATUS_BAD_PARAM;
        }
    }
    return CUDNN_STATUS_SUCCESS;
}
cudnnStatus_t cudnnSetConvolutionNdDescriptor(
        cudnnConvolutionDescriptor_t desc,
        int length,
        const int pad[],
        const int stride[],
        const int dilation[],
        cudnnConvolutionMode_t mode,
        cudnnDataType_t compute) {
    if (length < 1 || !SupportedType(compute)) {
        return CUDNN_STATUS_BAD_PARAM;
    }
    desc->pad.assign(pad, pad + length);
    desc->stride.assign(stride, stride + length);
    desc->dilation.assign(dilation, dilation + length);
    desc->mode = mode;
    for (int i = 0; i < length; ++i) {
        if (pad[i] < 0 || stride[i] < 1 || dilation[i] < 1) {
            return CUDNN_STATUS_BAD_PARAM;
        }
    }
    return CUDNN_STATUS_SUCCESS;
}
cudnnStatus_t cudnnSetConvolutionMathType(cudnnConvolutionDescriptor_t, cudnnMathType_t) {
    return CUDNN_STATUS_SUCCESS;
}

cudnnStatus_t cudnnGetConvolutionForwardAlgorithmMaxCount(cudnnHandle_t, int* count) {
    *count = 1;
    return CUDNN_STATUS_SUCCESS;
}
cudnnStatus_t cudnnGetConvolutionBackwardDataAlgorithmMaxCount(cudnnHandle_t, int* count) {
    *count = 1;
    return CUDNN_STATUS_SUCCESS;
}
cudnnStatus_t cudnnGetConvolutionBackwardFilterAlgorithmMaxCount(cudnnHandle_t, int* count) {
    *count = 1;
    return CUDNN_STATUS_SUCCESS;
}

cudnnStatus_t cudnnGetConvolutionForwardAlgorithm_v7(
        cudnnHandle_t,
        const cudnnTensorDescriptor_t,
        const cudnnFilterDescriptor_t,
        const cudnnConvolutionDescriptor_t,
        const cudnnTensorDescriptor_t,
        const int requested,
        int* returned,
        cudnnConvolutionFwdAlgoPerf_t* perf) {
    return OneAlgorithm(requested, returned, perf);
}
cudnnStatus_t cudnnGetConvolutionBackwardDataAlgorithm_v7(
        cudnnHandle_t,
        const cudnnFilterDescriptor_t,
        const cudnnTensorDescriptor_t,
        const cudnnConvolutionDescriptor_t,
        const cudnnTensorDescriptor_t,
        const int requested,
        int* returned,
        cudnnConvolutionBwdDataAlgoPerf_t* perf) {
    return OneAlgorithm(requested, returned, perf);
}
cudnnStatus_t cudnnGetConvolutionBackwardFilterAlgorithm_v7(
        cudnnHandle_t,
        const cudnnTensorDescriptor_t,
        const cudnnTensorDescriptor_t,
        const cudnnConvolutionDescriptor_t,
        const cudnnFilterDescriptor_t,
        const int requested,
        int* returned,
        cudnnConvolutionBwdFilterAlgoPerf_t* perf) {
    return OneAlgorithm(requested, returned, perf);
}

cudnnStatus_t cudnnGetConvolutionForwardWorkspaceSize(
        cudnnHandle_t,
        const cudnnTensorDescriptor_t,
        const cudnnFilterDescriptor_t,
        const cudnnConvolutionDescriptor_t,
        const cudnnTensorDescriptor_t,
        cudnnConvolutionFwdAlgo_t,
        size_t* bytes) {
    *bytes = 0;
    return CUDNN_STATUS_SUCCESS;
}
cudnnStatus_t cudnnGetConvolutionBackwardDataWorkspaceSize(
        cudnnHandle_t,
        const cudnnFilterDescriptor_t,
        const cudnnTensorDescriptor_t,
        const cudnnConvolutionDescriptor_t,
        const cudnnTensorDescriptor_t,
        cudnnConvolutionBwdDataAlgo_t,
        size_t* bytes) {
    *bytes = 0;
    return CUDNN_STATUS_SUCCESS;
}
cudnnStatus_t cudnnGetConvolutionBackwardFilterWorkspaceSize(
        cudnnHandle_t,
        const cudnnTensorDescriptor_t,
        const cudnnTensorDescriptor_t,
        const cudnnConvolutionDescriptor_t,
        const cudnnFilterDescriptor_t,
        cudnnConvolutionBwdFilterAlgo_t,
        size_t* bytes) {
    *bytes = 0;
    return CUDNN_STATUS_SUCCESS;
}

cudnnStatus_t cudnnConvolutionForward(
        cudnnHandle_t handle,
        const void* alpha,
        const cudnnTensorDescriptor_t x_desc,
        const void* x,
        const cudnnFilterDescriptor_t w_desc,
        const void* w,
        const cudnnConvolutionDescriptor_t conv_desc,
        cudnnConvolutionFwdAlgo_t,
        void*,
        size_t,
        const void* beta,
        const cudnnTensorDescriptor_t y_desc,
        void* y) {
    DeviceCodeScope device_code;
    Accumulator sums{Span(y_desc->dims, y_desc->strides)};
    const cudnnDataType_t type = x_desc->type;
    cudnnStatus_t status = ForEachTap(*x_desc, *w_desc, *conv_desc, *y_desc, [&](int64_t xo, int64_t wo, int64_t yo) {
        sums.Add(yo, Load(type, x, xo) * Load(type, w, wo));
    });
    if (status == CUDNN_STATUS_SUCCESS) {
        sums.BlendInto(type, y, y_desc->dims, y_desc->strides, Scale(type, alpha), Scale(type, beta));
    }
    return status;
}

cudnnStatus_t cudnnConvolutionBackwardData(
        cudnnHandle_t handle,
        const void* alpha,
        const cudnnFilterDescriptor_t w_desc,
        const void* w,
        const cudnnTensorDescriptor_t dy_desc,
        const void* dy,
        const cudnnConvolutionDescriptor_t conv_desc,
        cudnnConvolutionBwdDataAlgo_t,
        void*,
        size_t,
        const void* beta,
        const cudnnTensorDescriptor_t dx_desc,
        void* dx) {
    DeviceCodeScope device_code;
    Accumulator sums{Span(dx_desc->dims, dx_desc->strides)};
    const cudnnDataType_t type = dx_desc->type;
    cudnnStatus_t status = ForEachTap(*dx_desc, *w_desc, *conv_desc, *dy_desc, [&](int64_t xo, int64_t wo, int64_t yo) {
        sums.Add(xo, Load(type, dy, yo) * Load(type, w, wo));
    });
    if (status == CUDNN_STATUS_SUCCESS) {
        sums.BlendInto(type, dx, dx_desc->dims, dx_desc->strides, Scale(type, alpha), Scale(type, beta));
    }
    return status;
}

cudnnStatus_t cudnnConvolutionBackwardFilter(
        cudnnHandle_t handle,
        const void* alpha,
        const cudnnTensorDescriptor_t x_desc,
        const void* x,
        const cudnnTensorDescriptor_t dy_desc,
        const void* dy,
        const cudnnConvolutionDescriptor_t conv_desc,
        cudnnConvolutionBwdFilterAlgo_t,
        void*,
        size_t,
        const void* beta,
        const cudnnFilterDescriptor_t dw_desc,
        void* dw) {
    DeviceCodeScope device_code;
    const std::vector<int> w_strides = PackedStrides(dw_desc->dims);
    Accumulator sums{Count(dw_desc->dims)};
    const cudnnDataType_t type = x_desc->type;
    cudnnStatus_t status = ForEachTap(*x_desc, *dw_desc, *conv_desc, *dy_desc, [&](int64_t xo, int64_t wo, int64_t yo) {
        sums.Add(wo, Load(type, dy, yo) * Load(type, x, xo));
    });
    if (status == CUDNN_STATUS_SUCCESS) {
        sums.BlendInto(type, dw, dw_desc->dims, w_strides, Scale(type, alpha), Scale(type, beta));
    }
    return status;
}

// C = alpha * A + beta * C, A broadcast along its axes of size 1.
cudnnStatus_t cudnnAddTensor(
        cudnnHandle_t,
        const void* alpha,
        const cudnnTensorDescriptor_t a_desc,
        const void* a,
        const void* beta,
        const cudnnTensorDescriptor_t c_desc,
        void* c) {
    DeviceCodeScope device_code;
    const cudnnTensorStruct& ad = *a_desc;
    const cudnnTensorStruct& cd = *c_desc;
    if (ad.dims.size() != cd.dims.size() || ad.type != cd.type) {
        return CUDNN_STATUS_BAD_PARAM;
    }
    std::vector<int> a_strides = ad.strides;
    for (size_t d = 0; d < ad.dims.size(); ++d) {
        if (ad.dims[d] != cd.dims[d] && ad.dims[d] != 1) {
            return CUDNN_STATUS_BAD_PARAM;
        }
        if (ad.dims[d] == 1) {
            a_strides[d] = 0;
        }
    }
    for (int64_t i = 0; i < Count(cd.dims); ++i) {
        double value = Load(ad.type, a, OffsetOf(i, cd.dims, a_strides));
        Blend(cd.type, c, OffsetOf(i, cd.dims, cd.strides), Scale(cd.type, alpha), value, Scale(cd.type, beta));
    }
    return CUDNN_STATUS_SUCCESS;
}

namespace {

// The channels of a batch normalisation: for each element of x (C order), its offset in x and the index of its
// channel in the parameters (packed, of dims (1, C, 1, 1) for the spatial modes, (1, C, H, W) per activation).
struct BatchNormChannels {
    std::vector<int64_t> x_offsets;
    std::vector<int64_t> channel_of;
    int64_t channels{0};
    int64_t per_channel{0};  // elements per channel
};

cudnnStatus_t GetChannels(
        cudnnBatchNormMode_t mode, const cudnnTensorStruct& x, const cudnnTensorStruct& param, BatchNormChannels& out) {
    const size_t nd = x.dims.size();
    if (param.dims.size() != nd || param.dims[0] != 1 || param.dims[1] != x.dims[1] ||
        param.type != (x.type == CUDNN_DATA_DOUBLE ? CUDNN_DATA_DOUBLE : CUDNN_DATA_FLOAT)) {
        return CUDNN_STATUS_BAD_PARAM;
    }
    const bool per_activation = mode == CUDNN_BATCHNORM_PER_ACTIVATION;
    std::vector<int> param_strides = PackedStrides(param.dims);
    for (size_t d = 2; d < nd; ++d) {
        if (param.dims[d] != (per_activation ? x.dims[d] : 1)) {
            return CUDNN_STATUS_BAD_PARAM;
        }
    }
    param_strides[0] = 0;  // the batch axis is reduced in every mode
    for (size_t d = 2; d < nd && !per_activation; ++d) {
        param_strides[d] = 0;
    }
    const int64_t total = Count(x.dims);
    out.channels = Count(param.dims);
    out.per_channel = total / out.channels;
    out.x_offsets.resize(static_cast<size_t>(total));
    out.channel_of.resize(static_cast<size_t>(total));
    for (int64_t i = 0; i < total; ++i) {
        out.x_offsets[i] = OffsetOf(i, x.dims, x.strides);
        out.channel_of[i] = OffsetOf(i, x.dims, param_strides);
    }
    // cuDNN refuses a batch of one value per channel (no variance) in the spatial modes.
    bool single = out.per_channel < 2 && mode != CUDNN_BATCHNORM_PER_ACTIVATION;
    return single ? CUDNN_STATUS_BAD_PARAM : CUDNN_STATUS_SUCCESS;
}

// Per channel: the batch's mean and biased variance of x.
void Moments(const BatchNormChannels& ch, cudnnDataType_t type, const void* x, std::vector<double>& mean,
             std::vector<double>& var) {
    mean.assign(static_cast<size_t>(ch.channels), 0.0);
    var.assign(static_cast<size_t>(ch.channels), 0.0);
    for (size_t i = 0; i < ch.x_offsets.size(); ++i) {
        mean[ch.channel_of[i]] += Load(type, x, ch.x_offsets[i]);
    }
    for (double& m : mean) {
        m /= static_cast<double>(ch.per_channel);
    }
    for (size_t i = 0; i < ch.x_offsets.size(); ++i) {
        double dev = Load(type, x, ch.x_offsets[i]) - mean[ch.channel_of[i]];
        var[ch.channel_of[i]] += dev * dev;
    }
    for (double& v : var) {
        v /= static_cast<double>(ch.per_channel);
    }
}

}  // namespace

cudnnStatus_t cudnnBatchNormalizationForwardTraining(
        cudnnHandle_t,
        cudnnBatchNormMode_t mode,
        const void* alpha,
        const void* beta,
        const cudnnTensorDescriptor_t x_desc,
        const void* x,
        const cudnnTensorDescriptor_t y_desc,
        void* y,
        const cudnnTensorDescriptor_t param_desc,
        const void* scale,
        const void* bias,
        double factor,
        void* running_mean,
        void* running_var,
        double eps,
        void* save_mean,
        void* save_inv_std) {
    DeviceCodeScope device_code;
    BatchNormChannels ch;
    if (cudnnStatus_t status = GetChannels(mode, *x_desc, *param_desc, ch); status != CUDNN_STATUS_SUCCESS) {
        return status;
    }
    if (eps < CUDNN_BN_MIN_EPSILON || x_desc->dims != y_desc->dims) {
        return CUDNN_STATUS_BAD_PARAM;
    }
    const cudnnDataType_t xt = x_desc->type;
    const cudnnDataType_t pt = param_desc->type;
    std::vector<double> mean;
    std::vector<double> var;
    Moments(ch, xt, x, mean, var);
    for (size_t i = 0; i < ch.x_offsets.size(); ++i) {
        int64_t c = ch.channel_of[i];
        double x_hat = (Load(xt, x, ch.x_offsets[i]) - mean[c]) / std::sqrt(var[c] + eps);
        double value = Load(pt, scale, c) * x_hat + Load(pt, bias, c);
        Blend(y_desc->type, y, OffsetOf(static_cast<int64_t>(i), y_desc->dims, y_desc->strides), Scale(xt, alpha),
              value, Scale(xt, beta));
    }
    const double n = static_cast<double>(ch.per_channel);
    for (int64_t c = 0; c < ch.channels; ++c) {
        double unbiased = n > 1 ? var[c] * n / (n - 1) : var[c];
        if (running_mean != nullptr) {
            double old = factor == 1 ? 0.0 : Load(pt, running_mean, c);
            Store(pt, running_mean, c, (1 - factor) * old + factor * mean[c]);
        }
        if (running_var != nullptr) {
            double old = factor == 1 ? 0.0 : Load(pt, running_var, c);
            Store(pt, running_var, c, (1 - factor) * old + factor * unbiased);
        }
        if (save_mean != nullptr) {
            Store(pt, save_mean, c, mean[c]);
        }
        if (save_inv_std != nullptr) {
            Store(pt, save_inv_std, c, 1 / std::sqrt(var[c] + eps));
        }
    }
    return CUDNN_STATUS_SUCCESS;
}

cudnnStatus_t cudnnBatchNormalizationForwardInference(
        cudnnHandle_t,
        cudnnBatchNormMode_t mode,
        const void* alpha,
        const void* beta,
        const cudnnTensorDescriptor_t x_desc,
        const void* x,
        const cudnnTensorDescriptor_t y_desc,
        void* y,
        const cudnnTensorDescriptor_t param_desc,
        const void* scale,
        const void* bias,
        const void* mean,
        const void* var,
        double eps) {
    DeviceCodeScope device_code;
    BatchNormChannels ch;
    if (cudnnStatus_t status = GetChannels(mode, *x_desc, *param_desc, ch); status != CUDNN_STATUS_SUCCESS) {
        return status;
    }
    if (eps < CUDNN_BN_MIN_EPSILON || x_desc->dims != y_desc->dims) {
        return CUDNN_STATUS_BAD_PARAM;
    }
    const cudnnDataType_t xt = x_desc->type;
    const cudnnDataType_t pt = param_desc->type;
    for (size_t i = 0; i < ch.x_offsets.size(); ++i) {
        int64_t c = ch.channel_of[i];
        double x_hat = (Load(xt, x, ch.x_offsets[i]) - Load(pt, mean, c)) / std::sqrt(Load(pt, var, c) + eps);
        double value = Load(pt, scale, c) * x_hat + Load(pt, bias, c);
        Blend(y_desc->type, y, OffsetOf(static_cast<int64_t>(i), y_desc->dims, y_desc->strides), Scale(xt, alpha),
              value, Scale(xt, beta));
    }
    return CUDNN_STATUS_SUCCESS;
}

cudnnStatus_t cudnnBatchNormalizationBackward(
        cudnnHandle_t,
        cudnnBatchNormMode_t mode,
        const void* alpha_data,
        const void* beta_data,
        const void* alpha_param,
        const void* beta_param,
        const cudnnTensorDescriptor_t x_desc,
        const void* x,
        const cudnnTensorDescriptor_t dy_desc,
        const void* dy,
        const cudnnTensorDescriptor_t dx_desc,
        void* dx,
        const cudnnTensorDescriptor_t param_desc,
        const void* scale,
        void* dscale,
        void* dbias,
        double eps,
        const void* saved_mean,
        const void* saved_inv_std) {
    DeviceCodeScope device_code;
    BatchNormChannels ch;
    if (cudnnStatus_t status = GetChannels(mode, *x_desc, *param_desc, ch); status != CUDNN_STATUS_SUCCESS) {
        return status;
    }
    if (eps < CUDNN_BN_MIN_EPSILON || x_desc->dims != dy_desc->dims || x_desc->dims != dx_desc->dims ||
        (saved_mean == nullptr) != (saved_inv_std == nullptr)) {
        return CUDNN_STATUS_BAD_PARAM;
    }
    const cudnnDataType_t xt = x_desc->type;
    const cudnnDataType_t pt = param_desc->type;
    std::vector<double> mean;
    std::vector<double> var;
    Moments(ch, xt, x, mean, var);
    std::vector<double> inv_std(mean.size());
    for (int64_t c = 0; c < ch.channels; ++c) {
        if (saved_mean != nullptr) {
            mean[c] = Load(pt, saved_mean, c);
            inv_std[c] = Load(pt, saved_inv_std, c);
        } else {
            inv_std[c] = 1 / std::sqrt(var[c] + eps);
        }
    }
    std::vector<double> sum_dy(mean.size(), 0.0);
    std::vector<double> sum_dy_xhat(mean.size(), 0.0);
    for (size_t i = 0; i < ch.x_offsets.size(); ++i) {
        int64_t c = ch.channel_of[i];
        double g = Load(xt, dy, OffsetOf(static_cast<int64_t>(i), dy_desc->dims, dy_desc->strides));
        sum_dy[c] += g;
        sum_dy_xhat[c] += g * (Load(xt, x, ch.x_offsets[i]) - mean[c]) * inv_std[c];
    }
    const double n = static_cast<double>(ch.per_channel);
    for (size_t i = 0; i < ch.x_offsets.size(); ++i) {
        int64_t c = ch.channel_of[i];
        double g = Load(xt, dy, OffsetOf(static_cast<int64_t>(i), dy_desc->dims, dy_desc->strides));
        double x_hat = (Load(xt, x, ch.x_offsets[i]) - mean[c]) * inv_std[c];
        double value = Load(pt, scale, c) * inv_std[c] * (g - sum_dy[c] / n - x_hat * sum_dy_xhat[c] / n);
        Blend(xt, dx, OffsetOf(static_cast<int64_t>(i), dx_desc->dims, dx_desc->strides), Scale(xt, alpha_data), value,
              Scale(xt, beta_data));
    }
    for (int64_t c = 0; c < ch.channels; ++c) {
        Blend(pt, dscale, c, Scale(xt, alpha_param), sum_dy_xhat[c], Scale(xt, beta_param));
        Blend(pt, dbias, c, Scale(xt, alpha_param), sum_dy[c], Scale(xt, beta_param));
    }
    return CUDNN_STATUS_SUCCESS;
}

const char* cudnnGetErrorString(cudnnStatus_t status) {
    switch (status) {
        case CUDNN_STATUS_SUCCESS:
            return "CUDNN_STATUS_SUCCESS";
        case CUDNN_STATUS_BAD_PARAM:
            return "CUDNN_STATUS_BAD_PARAM";
        case CUDNN_STATUS_NOT_SUPPORTED:
            return "CUDNN_STATUS_NOT_SUPPORTED";
        default:
            return "CUDNN_STATUS_INTERNAL_ERROR";
    }
}
