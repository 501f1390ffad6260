// cuDNN's batch normalisation (training, inference, backward) for the backend built for the host: see Note [CUDA
// emulation on the host] in device.h. Each checks its descriptors as cuDNN does (CUDNN_STATUS_BAD_PARAM) and
// computes the documented formulas in double: biased variance for the normalisation, unbiased for the running
// variance, the saved inverse standard deviation reused by the backward pass.
#include <cudnn.h>

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <vector>

#include "chainerx/cuda/emulation/cudnn_descriptors.h"
#include "chainerx/cuda/emulation/grid.h"

using chainerx::cuda::emulation::Blend;
using chainerx::cuda::emulation::Count;
using chainerx::cuda::emulation::LibraryCallScope;
using chainerx::cuda::emulation::Load;
using chainerx::cuda::emulation::OffsetOf;
using chainerx::cuda::emulation::PackedStrides;
using chainerx::cuda::emulation::Scale;
using chainerx::cuda::emulation::Store;

namespace {

// The channels of a batch normalisation: for each element of x (C order), its offset in x and the index of its
// channel in the parameters (packed, of dims (1, C, 1, 1) for the spatial modes, (1, C, H, W) per activation).
struct BatchNormChannels {
    std::vector<int64_t> x_offsets;
    std::vector<int64_t> channel_of;
    int64_t channels{0};
    int64_t per_channel{0};  // elements per channel
};

// Checks the descriptors (the outputs' dims against x's, the parameters' against the mode) and epsilon.
cudnnStatus_t GetChannels(
        cudnnBatchNormMode_t mode,
        const cudnnTensorStruct& x,
        std::initializer_list<const cudnnTensorStruct*> like_x,
        const cudnnTensorStruct& param,
        double eps,
        BatchNormChannels& out) {
    const size_t nd = x.dims.size();
    for (const cudnnTensorStruct* other : like_x) {
        if (other->dims != x.dims) {
            return CUDNN_STATUS_BAD_PARAM;
        }
    }
    if (eps < CUDNN_BN_MIN_EPSILON || param.dims.size() != nd || param.dims[0] != 1 || param.dims[1] != x.dims[1] ||
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

// y = alpha * (scale * (x - mean) * inv_std + bias) + beta * y, channel by channel.
void Normalize(
        const BatchNormChannels& ch,
        const cudnnTensorStruct& x_desc,
        const void* x,
        const cudnnTensorStruct& y_desc,
        void* y,
        const void* alpha,
        const void* beta,
        const cudnnTensorStruct& param_desc,
        const void* scale,
        const void* bias,
        const std::vector<double>& mean,
        const std::vector<double>& inv_std) {
    const cudnnDataType_t xt = x_desc.type;
    const cudnnDataType_t pt = param_desc.type;
    for (size_t i = 0; i < ch.x_offsets.size(); ++i) {
        int64_t c = ch.channel_of[i];
        double x_hat = (Load(xt, x, ch.x_offsets[i]) - mean[c]) * inv_std[c];
        double value = Load(pt, scale, c) * x_hat + Load(pt, bias, c);
        Blend(y_desc.type, y, OffsetOf(static_cast<int64_t>(i), y_desc.dims, y_desc.strides), Scale(xt, alpha), value,
              Scale(xt, beta));
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
    LibraryCallScope library_call{__func__};
    BatchNormChannels ch;
    if (cudnnStatus_t status = GetChannels(mode, *x_desc, {y_desc}, *param_desc, eps, ch);
        status != CUDNN_STATUS_SUCCESS) {
        return status;
    }
    const cudnnDataType_t pt = param_desc->type;
    std::vector<double> mean;
    std::vector<double> var;
    Moments(ch, x_desc->type, x, mean, var);
    std::vector<double> inv_std(var.size());
    for (size_t c = 0; c < var.size(); ++c) {
        inv_std[c] = 1 / std::sqrt(var[c] + eps);
    }
    Normalize(ch, *x_desc, x, *y_desc, y, alpha, beta, *param_desc, scale, bias, mean, inv_std);
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
            Store(pt, save_inv_std, c, inv_std[c]);
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
    LibraryCallScope library_call{__func__};
    BatchNormChannels ch;
    if (cudnnStatus_t status = GetChannels(mode, *x_desc, {y_desc}, *param_desc, eps, ch);
        status != CUDNN_STATUS_SUCCESS) {
        return status;
    }
    const cudnnDataType_t pt = param_desc->type;
    std::vector<double> estimated_mean(static_cast<size_t>(ch.channels));
    std::vector<double> inv_std(static_cast<size_t>(ch.channels));
    for (int64_t c = 0; c < ch.channels; ++c) {
        estimated_mean[c] = Load(pt, mean, c);
        inv_std[c] = 1 / std::sqrt(Load(pt, var, c) + eps);
    }
    Normalize(ch, *x_desc, x, *y_desc, y, alpha, beta, *param_desc, scale, bias, estimated_mean, inv_std);
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
    LibraryCallScope library_call{__func__};
    BatchNormChannels ch;
    if (cudnnStatus_t status = GetChannels(mode, *x_desc, {dy_desc, dx_desc}, *param_desc, eps, ch);
        status != CUDNN_STATUS_SUCCESS) {
        return status;
    }
    if ((saved_mean == nullptr) != (saved_inv_std == nullptr)) {
        return CUDNN_STATUS_BAD_PARAM;
    }
    const cudnnDataType_t xt = x_desc->type;
    const cudnnDataType_t pt = param_desc->type;
    // The forward pass's saved statistics when given (the backend always gives them), else the batch's.
    std::vector<double> mean(static_cast<size_t>(ch.channels));
    std::vector<double> inv_std(static_cast<size_t>(ch.channels));
    if (saved_mean != nullptr) {
        for (int64_t c = 0; c < ch.channels; ++c) {
            mean[c] = Load(pt, saved_mean, c);
            inv_std[c] = Load(pt, saved_inv_std, c);
        }
    } else {
        std::vector<double> var;
        Moments(ch, xt, x, mean, var);
        for (int64_t c = 0; c < ch.channels; ++c) {
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
