// cuDNN's handles, descriptors, algorithm queries and error strings for the backend built for the host: see Note
// [CUDA emulation on the host] in device.h. The descriptors keep what they are given and check it as cuDNN does
// (CUDNN_STATUS_BAD_PARAM); the algorithm queries answer algorithm 0 with no workspace. The computations are in
// cudnn_convolution.cc, cudnn_batch_norm.cc and cudnn_rnn.cc.
#include <cudnn.h>

#include <algorithm>

#include "chainerx/cuda/emulation/cudnn_descriptors.h"

using chainerx::cuda::emulation::CreateDescriptor;
using chainerx::cuda::emulation::DestroyDescriptor;
using chainerx::cuda::emulation::SupportedType;

namespace {

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

cudnnStatus_t cudnnCreate(cudnnHandle_t* handle) { return CreateDescriptor(handle); }
cudnnStatus_t cudnnDestroy(cudnnHandle_t handle) { return DestroyDescriptor(handle); }
cudnnStatus_t cudnnCreateTensorDescriptor(cudnnTensorDescriptor_t* d) { return CreateDescriptor(d); }
cudnnStatus_t cudnnDestroyTensorDescriptor(cudnnTensorDescriptor_t d) { return DestroyDescriptor(d); }
cudnnStatus_t cudnnCreateFilterDescriptor(cudnnFilterDescriptor_t* d) { return CreateDescriptor(d); }
cudnnStatus_t cudnnDestroyFilterDescriptor(cudnnFilterDescriptor_t d) { return DestroyDescriptor(d); }
cudnnStatus_t cudnnCreateConvolutionDescriptor(cudnnConvolutionDescriptor_t* d) { return CreateDescriptor(d); }
cudnnStatus_t cudnnDestroyConvolutionDescriptor(cudnnConvolutionDescriptor_t d) { return DestroyDescriptor(d); }

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
cudnnStatus_t cudnnGetTensorNdDescriptor(const cudnnTensorDescriptor_t desc, int nb_dims_requested,
                                         cudnnDataType_t* type, int* nb_dims, int dims[], int strides[]) {
    if (nb_dims_requested < 0) {
        return CUDNN_STATUS_BAD_PARAM;
    }
    *type = desc->type;
    *nb_dims = static_cast<int>(desc->dims.size());
    for (int d = 0; d < std::min(nb_dims_requested, *nb_dims); ++d) {
        dims[d] = desc->dims[d];
        strides[d] = desc->strides[d];
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
cudnnStatus_t cudnnSetConvolutionGroupCount(cudnnConvolutionDescriptor_t desc, int groups) {
    if (groups < 1) {
        return CUDNN_STATUS_BAD_PARAM;
    }
    desc->groups = groups;
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
