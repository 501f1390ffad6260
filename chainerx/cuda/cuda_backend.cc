#include "chainerx/cuda/cuda_backend.h"

#include <cstdlib>
#include <string>

#include "chainerx/core/context.h"
#include "chainerx/cuda/cuda_device.h"
#include "chainerx/cuda/cuda_runtime.h"

namespace chainerx {
namespace cuda {

CudaBackend::CudaBackend(Context& context) : Backend{context, &GetGlobalKernelRegistry()} {}

int CudaBackend::GetDeviceCount() const { return GetDeviceCountNoExcept(); }

bool CudaBackend::SupportsTransfer(const Backend& dst_backend) const {
    return dynamic_cast<const CudaBackend*>(&dst_backend) != nullptr;
}

KernelRegistry& CudaBackend::GetGlobalKernelRegistry() {
    static KernelRegistry registry;
    return registry;
}

std::unique_ptr<Device> CudaBackend::CreateDevice(int index) { return std::make_unique<CudaDevice>(*this, index); }

void CudaBackend::ThrowDeviceOutOfRange(int index, int count) const {
    if (count == 0) {
        throw BackendError{"cuda:", index, " is not available: ", DescribeMissingDevices()};
    }
    Backend::ThrowDeviceOutOfRange(index, count);
}

namespace {

const bool s_registered = internal::RegisterBuiltinBackend(
        CudaBackend::kDefaultName, [](Context& context) -> std::unique_ptr<Backend> {
            return std::make_unique<CudaBackend>(context);
        });

// cudaMalloc/cudaFree on one device, for the device's memory pool.
class DeviceMemoryAllocator : public Allocator {
public:
    explicit DeviceMemoryAllocator(int index) : index_{index} {}

    void* Malloc(size_t bytesize) override {
        CudaSetDeviceScope scope{index_};
        void* ptr = nullptr;
        cudaError_t error = cudaMalloc(&ptr, bytesize);
        if (error == cudaErrorMemoryAllocation) {
            cudaGetLastError();  // not sticky, but clear it so that the next check is not blamed for it
            return nullptr;
        }
        CheckCudaError(error);
        return ptr;
    }

    void Free(void* ptr) noexcept override {
        // No error check: this runs from destructors, and at process exit the driver may be gone already.
        int orig_index = 0;
        cudaGetDevice(&orig_index);
        cudaSetDevice(index_);
        cudaFree(ptr);
        cudaSetDevice(orig_index);
    }

private:
    int index_;
};

size_t MemoryLimitFromEnvironment(int index) {
    const char* value = std::getenv("CHAINERX_CUDA_MEMORY_LIMIT");
    if (value == nullptr || *value == '\0') {
        return MemoryPool::kNoLimit;
    }
    size_t free_bytes = 0;
    size_t total_bytes = 0;
    {
        CudaSetDeviceScope scope{index};
        CheckCudaError(cudaMemGetInfo(&free_bytes, &total_bytes));
    }
    try {
        return ParseMemoryLimit(value, total_bytes);
    } catch (const ChainerxError& e) {
        throw DeviceError{"CHAINERX_CUDA_MEMORY_LIMIT: ", e.what()};
    }
}

}  // namespace

CudaDevice::CudaDevice(Backend& backend, int index)
    : Device{backend, index},
      memory_pool_{std::make_shared<MemoryPool>(
              std::make_unique<DeviceMemoryAllocator>(index), MemoryLimitFromEnvironment(index))} {}

CudaDevice::~CudaDevice() {
    // Handles are destroyed without error checks: a destructor must not throw, and at process exit the
    // driver may already be shutting down.
    if (cublas_handle_ != nullptr) {
        cublasDestroy(cublas_handle_);
    }
    if (cudnn_handle_ != nullptr) {
        cudnnDestroy(cudnn_handle_);
    }
}

std::shared_ptr<void> CudaDevice::Allocate(size_t bytesize) {
    void* ptr = memory_pool_->Malloc(bytesize);
    return std::shared_ptr<void>{ptr, [pool = memory_pool_](void* p) { pool->Free(p); }};
}

std::shared_ptr<void> CudaDevice::FromHostMemory(const std::shared_ptr<void>& src, size_t bytesize) {
    std::shared_ptr<void> dst = Allocate(bytesize);
    MemoryCopyFromHost(dst.get(), src.get(), bytesize);
    return dst;
}

void CudaDevice::MemoryCopyFromHost(void* dst, const void* src, size_t bytesize) {
    CudaSetDeviceScope scope{index()};
    CheckCudaError(cudaMemcpy(dst, src, bytesize, cudaMemcpyHostToDevice));
}

void CudaDevice::MemoryCopyToHost(void* dst, const void* src, size_t bytesize) {
    CudaSetDeviceScope scope{index()};
    CheckCudaError(cudaMemcpy(dst, src, bytesize, cudaMemcpyDeviceToHost));
}

bool CudaDevice::MemoryCopyFromDevice(void* dst, Device& src_device, const void* src, size_t bytesize) {
    if (dynamic_cast<CudaDevice*>(&src_device) == nullptr) {
        return false;
    }
    CudaSetDeviceScope scope{index()};
    CheckCudaError(cudaMemcpyPeer(dst, index(), src, src_device.index(), bytesize));
    return true;
}

void CudaDevice::Synchronize() {
    CudaSetDeviceScope scope{index()};
    CheckCudaError(cudaDeviceSynchronize());
}

cublasHandle_t CudaDevice::cublas_handle() {
    std::lock_guard<std::mutex> lock{handle_mutex_};
    if (cublas_handle_ == nullptr) {
        CudaSetDeviceScope scope{index()};
        CheckCublasError(cublasCreate(&cublas_handle_));
    }
    return cublas_handle_;
}

cudnnHandle_t CudaDevice::cudnn_handle() {
    std::lock_guard<std::mutex> lock{handle_mutex_};
    if (cudnn_handle_ == nullptr) {
        CudaSetDeviceScope scope{index()};
        CheckCudnnError(cudnnCreate(&cudnn_handle_));
    }
    return cudnn_handle_;
}

}  // namespace cuda
}  // namespace chainerx
