// cuDNN's calls of the backend on the host: see Note [CUDA emulation on the host] in device.h. Handles and
// descriptors work; the computations report CUDNN_STATUS_NOT_SUPPORTED, which the backend raises as an error.
#include <cudnn.h>

struct cudnnContext {};
struct cudnnTensorStruct {};
struct cudnnFilterStruct {};
struct cudnnConvolutionStruct {};

namespace {

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

cudnnStatus_t cudnnSetTensorNdDescriptor(
        cudnnTensorDescriptor_t, cudnnDataType_t, int nb_dims, const int[], const int[]) {
    return nb_dims < 3 ? CUDNN_STATUS_BAD_PARAM : CUDNN_STATUS_SUCCESS;
}
cudnnStatus_t cudnnSetFilterNdDescriptor(
        cudnnFilterDescriptor_t, cudnnDataType_t, cudnnTensorFormat_t, int nb_dims, const int[]) {
    return nb_dims < 3 ? CUDNN_STATUS_BAD_PARAM : CUDNN_STATUS_SUCCESS;
}
cudnnStatus_t cudnnSetConvolutionNdDescriptor(
        cudnnConvolutionDescriptor_t, int, const int[], const int[], const int[], cudnnConvolutionMode_t, cudnnDataType_t) {
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
        cudnnHandle_t,
        const void*,
        const cudnnTensorDescriptor_t,
        const void*,
        const cudnnFilterDescriptor_t,
        const void*,
        const cudnnConvolutionDescriptor_t,
        cudnnConvolutionFwdAlgo_t,
        void*,
        size_t,
        const void*,
        const cudnnTensorDescriptor_t,
        void*) {
    return CUDNN_STATUS_NOT_SUPPORTED;
}
cudnnStatus_t cudnnConvolutionBackwardData(
        cudnnHandle_t,
        const void*,
        const cudnnFilterDescriptor_t,
        const void*,
        const cudnnTensorDescriptor_t,
        const void*,
        const cudnnConvolutionDescriptor_t,
        cudnnConvolutionBwdDataAlgo_t,
        void*,
        size_t,
        const void*,
        const cudnnTensorDescriptor_t,
        void*) {
    return CUDNN_STATUS_NOT_SUPPORTED;
}
cudnnStatus_t cudnnConvolutionBackwardFilter(
        cudnnHandle_t,
        const void*,
        const cudnnTensorDescriptor_t,
        const void*,
        const cudnnTensorDescriptor_t,
        const void*,
        const cudnnConvolutionDescriptor_t,
        cudnnConvolutionBwdFilterAlgo_t,
        void*,
        size_t,
        const void*,
        const cudnnFilterDescriptor_t,
        void*) {
    return CUDNN_STATUS_NOT_SUPPORTED;
}
cudnnStatus_t cudnnAddTensor(
        cudnnHandle_t, const void*, const cudnnTensorDescriptor_t, const void*, const void*, const cudnnTensorDescriptor_t, void*) {
    return CUDNN_STATUS_NOT_SUPPORTED;
}
cudnnStatus_t cudnnBatchNormalizationForwardTraining(
        cudnnHandle_t,
        cudnnBatchNormMode_t,
        const void*,
        const void*,
        const cudnnTensorDescriptor_t,
        const void*,
        const cudnnTensorDescriptor_t,
        void*,
        const cudnnTensorDescriptor_t,
        const void*,
        const void*,
        double,
        void*,
        void*,
        double,
        void*,
        void*) {
    return CUDNN_STATUS_NOT_SUPPORTED;
}
cudnnStatus_t cudnnBatchNormalizationForwardInference(
        cudnnHandle_t,
        cudnnBatchNormMode_t,
        const void*,
        const void*,
        const cudnnTensorDescriptor_t,
        const void*,
        const cudnnTensorDescriptor_t,
        void*,
        const cudnnTensorDescriptor_t,
        const void*,
        const void*,
        const void*,
        const void*,
        double) {
    return CUDNN_STATUS_NOT_SUPPORTED;
}
cudnnStatus_t cudnnBatchNormalizationBackward(
        cudnnHandle_t,
        cudnnBatchNormMode_t,
        const void*,
        const void*,
        const void*,
        const void*,
        const cudnnTensorDescriptor_t,
        const void*,
        const cudnnTensorDescriptor_t,
        const void*,
        const cudnnTensorDescriptor_t,
        void*,
        const cudnnTensorDescriptor_t,
        const void*,
        void*,
        void*,
        double,
        const void*,
        const void*) {
    return CUDNN_STATUS_NOT_SUPPORTED;
}

const char* cudnnGetErrorString(cudnnStatus_t status) {
    switch (status) {
        case CUDNN_STATUS_SUCCESS:
            return "CUDNN_STATUS_SUCCESS";
        case CUDNN_STATUS_BAD_PARAM:
            return "CUDNN_STATUS_BAD_PARAM";
        case CUDNN_STATUS_NOT_SUPPORTED:
            return "CUDNN_STATUS_NOT_SUPPORTED (the CUDA emulation has no cuDNN)";
        default:
            return "CUDNN_STATUS_INTERNAL_ERROR";
    }
}
