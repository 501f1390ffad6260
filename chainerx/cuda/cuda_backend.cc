#include "chainerx/cuda/cuda_backend.h"

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

namespace {

const bool s_registered = internal::RegisterBuiltinBackend(
        CudaBackend::kDefaultName, [](Context& context) -> std::unique_ptr<Backend> {
            return std::make_unique<CudaBackend>(context);
        });

}  // namespace

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
    // TODO(#4): a caching memory pool; cudaMalloc synchronises and costs microseconds.
    CudaSetDeviceScope scope{index()};
    void* ptr = nullptr;
    CheckCudaError(cudaMalloc(&ptr, bytesize == 0 ? 1 : bytesize));
    return std::shared_ptr<void>{ptr, [](void* p) { cudaFree(p); }};
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
