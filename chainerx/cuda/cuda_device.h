// A CUDA device: device memory from a caching pool (see Note [CUDA memory pool]), kernels launched on the
// default stream, host-to-device copies through pinned staging buffers (Note [Pinned staging of host-to-device
// copies]), and lazily created cuBLAS/cuBLASLt/cuDNN handles.
#pragma once

#include <memory>
#include <mutex>

#include <cublasLt.h>
#include <cublas_v2.h>
#include <cudnn.h>

#include "chainerx/core/device.h"
#include "chainerx/cuda/matrix_pointers.h"
#include "chainerx/cuda/memory_pool.h"
#include "chainerx/cuda/staging_pool.h"

namespace chainerx {
namespace cuda {

class CudaDevice : public Device {
public:
    // The pool's limit comes from CHAINERX_CUDA_MEMORY_LIMIT (bytes, or a percentage of the device's memory).
    CudaDevice(Backend& backend, int index);
    ~CudaDevice() override;

    std::shared_ptr<void> Allocate(size_t bytesize) override;
    std::shared_ptr<void> FromHostMemory(const std::shared_ptr<void>& src, size_t bytesize) override;
    // Asynchronous through a pinned staging buffer where the size allows: the host does not wait for the device.
    void MemoryCopyFromHost(void* dst, const void* src, size_t bytesize) override;
    void MemoryCopyToHost(void* dst, const void* src, size_t bytesize) override;
    // From another CUDA device: cudaMemcpyPeer (through the host only where the driver must).
    bool MemoryCopyFromDevice(void* dst, Device& src_device, const void* src, size_t bytesize) override;
    bool IsHostAccessible() const override { return false; }
    void Synchronize() override;

    cublasHandle_t cublas_handle();
    cublasLtHandle_t cublas_lt_handle();
    cudnnHandle_t cudnn_handle();
    // cuDNN handles must not be used by two threads at once: hold this around every call that uses the handle.
    std::mutex& cudnn_mutex() { return cudnn_mutex_; }

    MemoryPool& memory_pool() { return *memory_pool_; }

    // The address arrays of this device's batched products (Note [Cached matrix pointers]).
    MatrixPointerCache& matrix_pointer_cache() { return matrix_pointer_cache_; }

private:
    // Shared with the deleter of every block, so memory freed after the device is gone still finds its pool.
    std::shared_ptr<MemoryPool> memory_pool_;
    // Declared after the memory pool: destroyed first, it waits for its copies into the pool's memory.
    std::unique_ptr<StagingPool> staging_pool_;
    // After the memory pool too: its arrays return to the pool first.
    MatrixPointerCache matrix_pointer_cache_;
    std::mutex handle_mutex_;
    std::mutex cudnn_mutex_;
    cublasHandle_t cublas_handle_{nullptr};
    cublasLtHandle_t cublas_lt_handle_{nullptr};
    cudnnHandle_t cudnn_handle_{nullptr};
};

}  // namespace cuda
}  // namespace chainerx
