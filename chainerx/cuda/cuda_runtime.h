// Error checking for the CUDA runtime, cuBLAS and cuDNN: every failing call becomes a chainerx exception
// naming the call's error.
#pragma once

#include <string>

#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cudnn.h>

#include "chainerx/core/error.h"

namespace chainerx {
namespace cuda {

class CudaRuntimeError : public ChainerxError {
public:
    using ChainerxError::ChainerxError;
};

void CheckCudaError(cudaError_t error);
void CheckCublasError(cublasStatus_t status);
void CheckCudnnError(cudnnStatus_t status);

// The number of usable CUDA devices; 0 when there is no driver or no device (never throws).
int GetDeviceCountNoExcept();

// Why there is no CUDA device: the runtime's message (e.g. "no CUDA-capable device is detected").
std::string DescribeMissingDevices();

// Makes `index` the current CUDA device of the thread until destruction.
class CudaSetDeviceScope {
public:
    explicit CudaSetDeviceScope(int index);
    ~CudaSetDeviceScope();
    CudaSetDeviceScope(const CudaSetDeviceScope&) = delete;
    CudaSetDeviceScope& operator=(const CudaSetDeviceScope&) = delete;

private:
    int orig_index_{0};
    int index_;
};

}  // namespace cuda
}  // namespace chainerx
