// A CUDA device: device memory, kernels launched on the default stream, and lazily created cuBLAS/cuDNN
// handles.
#pragma once

#include <memory>
#include <mutex>

#include <cublas_v2.h>
#include <cudnn.h>

#include "chainerx/core/device.h"

namespace chainerx {
namespace cuda {

class CudaDevice : public Device {
public:
    CudaDevice(Backend& backend, int index) : Device{backend, index} {}
    ~CudaDevice() override;

    std::shared_ptr<void> Allocate(size_t bytesize) override;
    std::shared_ptr<void> FromHostMemory(const std::shared_ptr<void>& src, size_t bytesize) override;
    void MemoryCopyFromHost(void* dst, const void* src, size_t bytesize) override;
    void MemoryCopyToHost(void* dst, const void* src, size_t bytesize) override;
    bool IsHostAccessible() const override { return false; }
    void Synchronize() override;

    cublasHandle_t cublas_handle();
    cudnnHandle_t cudnn_handle();

private:
    std::mutex handle_mutex_;
    cublasHandle_t cublas_handle_{nullptr};
    cudnnHandle_t cudnn_handle_{nullptr};
};

}  // namespace cuda
}  // namespace chainerx
