#include "chainerx/cuda/cuda_runtime.h"

namespace chainerx {
namespace cuda {

void CheckCudaError(cudaError_t error) {
    if (error != cudaSuccess) {
        cudaGetLastError();  // clear the sticky non-fatal error so later calls are not blamed for it
        throw CudaRuntimeError{"CUDA error: ", cudaGetErrorName(error), ": ", cudaGetErrorString(error)};
    }
}

void CheckCublasError(cublasStatus_t status) {
    if (status != CUBLAS_STATUS_SUCCESS) {
        throw CudaRuntimeError{"cuBLAS error: ", cublasGetStatusName(status), ": ", cublasGetStatusString(status)};
    }
}

void CheckCudnnError(cudnnStatus_t status) {
    if (status != CUDNN_STATUS_SUCCESS) {
        throw CudaRuntimeError{"cuDNN error: ", cudnnGetErrorString(status)};
    }
}

int GetDeviceCountNoExcept() {
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess) {
        cudaGetLastError();
        return 0;
    }
    return count;
}

std::string DescribeMissingDevices() {
    int count = 0;
    cudaError_t error = cudaGetDeviceCount(&count);
    if (error == cudaSuccess) {
        return count == 0 ? "no CUDA device is visible (CUDA_VISIBLE_DEVICES?)" : "";
    }
    cudaGetLastError();
    return std::string{cudaGetErrorName(error)} + ": " + cudaGetErrorString(error);
}

CudaSetDeviceScope::CudaSetDeviceScope(int index) : index_{index} {
    CheckCudaError(cudaGetDevice(&orig_index_));
    if (orig_index_ != index_) {
        CheckCudaError(cudaSetDevice(index_));
    }
}

CudaSetDeviceScope::~CudaSetDeviceScope() {
    if (orig_index_ != index_ && cudaSetDevice(orig_index_) != cudaSuccess) {
        cudaGetLastError();  // not thrown from a destructor; not left for the next check either
    }
}

}  // namespace cuda
}  // namespace chainerx
