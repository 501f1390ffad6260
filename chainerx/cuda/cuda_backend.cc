#include "chainerx/cuda/cuda_backend.h"

#include <dlfcn.h>

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
        cudaGetLastError();  // a failure must not be reported by the next kernel launch's check
    }

private:
    int index_;
};

// Pinned host memory, events and asynchronous copies to one device, for the device's staging pool.
class DeviceStagingBackend : public StagingBackend {
public:
    explicit DeviceStagingBackend(int index) : index_{index} {}

    void* AllocatePinned(size_t bytesize) override {
        CudaSetDeviceScope scope{index_};
        void* ptr = nullptr;
        cudaError_t error = cudaHostAlloc(&ptr, bytesize, cudaHostAllocDefault);
        if (error != cudaSuccess) {
            cudaGetLastError();
            throw CudaRuntimeError{"cudaHostAlloc of ", bytesize, " bytes: ", cudaGetErrorString(error)};
        }
        return ptr;
    }

    void* CreateEvent() override {
        CudaSetDeviceScope scope{index_};
        cudaEvent_t event{};
        CheckCudaError(cudaEventCreateWithFlags(&event, cudaEventDisableTiming));
        return event;
    }

    // No error checks, as in DeviceMemoryAllocator::Free.
    void FreePinned(void* ptr) noexcept override {
        cudaFreeHost(ptr);
        cudaGetLastError();
    }

    void DestroyEvent(void* event) noexcept override {
        cudaEventDestroy(static_cast<cudaEvent_t>(event));
        cudaGetLastError();
    }

    void CopyToDeviceAsync(void* dst, const void* src, size_t bytesize, void* event) override {
        CudaSetDeviceScope scope{index_};
        CheckCudaError(cudaMemcpyAsync(dst, src, bytesize, cudaMemcpyHostToDevice, nullptr));
        CheckCudaError(cudaEventRecord(static_cast<cudaEvent_t>(event), nullptr));
    }

    bool IsDone(void* event) override {
        cudaError_t error = cudaEventQuery(static_cast<cudaEvent_t>(event));
        if (error == cudaErrorNotReady) {
            cudaGetLastError();  // "not ready" is an answer, not an error for the next check to report
            return false;
        }
        CheckCudaError(error);
        return true;
    }

    void Wait(void* event) override { CheckCudaError(cudaEventSynchronize(static_cast<cudaEvent_t>(event))); }

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
              std::make_unique<DeviceMemoryAllocator>(index),
              MemoryLimitFromEnvironment(index),
              MemoryCachingFromValue(std::getenv("CHAINERX_CUDA_MEMORY_CACHING")))},
      staging_pool_{std::make_unique<StagingPool>(std::make_unique<DeviceStagingBackend>(index))} {}

CudaDevice::~CudaDevice() {
    if (cublas_handle_ == nullptr && cublas_lt_handle_ == nullptr && cudnn_handle_ == nullptr) {
        return;
    }
    // The handles belong to this device: destroy them with it current (cublasDestroy synchronises the current
    // device and frees the handle's workspace). No error checks, since a destructor must not throw. If the CUDA
    // runtime is gone already (a context destroyed by a static destructor at process exit), the handles are left
    // to the process's end: destroying them then can crash inside the libraries.
    int orig_index = 0;
    if (cudaGetDevice(&orig_index) != cudaSuccess || cudaSetDevice(index()) != cudaSuccess) {
        cudaGetLastError();
        return;
    }
    if (cublas_handle_ != nullptr) {
        cublasDestroy(cublas_handle_);
    }
    if (cublas_lt_handle_ != nullptr) {
        cublasLtDestroy(cublas_lt_handle_);
    }
    if (cudnn_handle_ != nullptr) {
        cudnnDestroy(cudnn_handle_);
    }
    cudaSetDevice(orig_index);
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
    if (staging_pool_->CopyToDevice(dst, src, bytesize)) {
        return;
    }
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
        // float16 products accumulate in float32 all the way (Note [CUDA matrix products]): without this flag
        // cuBLAS may add up the partial sums of a long inner dimension in half precision.
        CheckCublasError(cublasSetMathMode(
                cublas_handle_,
                static_cast<cublasMath_t>(CUBLAS_DEFAULT_MATH | CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION)));
    }
    return cublas_handle_;
}

cublasLtHandle_t CudaDevice::cublas_lt_handle() {
    std::lock_guard<std::mutex> lock{handle_mutex_};
    if (cublas_lt_handle_ == nullptr) {
        CudaSetDeviceScope scope{index()};
        CheckCublasError(cublasLtCreate(&cublas_lt_handle_));
    }
    return cublas_lt_handle_;
}

namespace {

// Note [NVRTC for cuDNN]
// cuDNN compiles some of its engines at run time with NVRTC, which it dlopens as libnvrtc.so.13 from its own
// RUNPATH ($ORIGIN and the older wheels' nvidia/cuda_nvrtc/lib). The CUDA 13 wheels put NVRTC in nvidia/cu13/lib,
// where cuDNN does not look, so those engines would be missing (PyTorch links NVRTC, so it is loaded there). Before
// the first cuDNN handle, the extension loads it by soname once: through its RUNPATH (nvidia/cu13/lib beside
// chainerx), LD_LIBRARY_PATH, or chainerx._cuda_libraries.preload, which loads it when it finds it on sys.path.
// cuDNN's own dlopen then finds it loaded. Without NVRTC, cuDNN runs its precompiled engines only.
void LoadNvrtcForCudnn() {
    static const bool s_loaded = dlopen("libnvrtc.so.13", RTLD_NOW | RTLD_GLOBAL) != nullptr;
    static_cast<void>(s_loaded);
}

}  // namespace

cudnnHandle_t CudaDevice::cudnn_handle() {
    std::lock_guard<std::mutex> lock{handle_mutex_};
    if (cudnn_handle_ == nullptr) {
        LoadNvrtcForCudnn();
        CudaSetDeviceScope scope{index()};
        CheckCudnnError(cudnnCreate(&cudnn_handle_));
    }
    return cudnn_handle_;
}

}  // namespace cuda
}  // namespace chainerx
