#include "chainerx/cuda/cusolver.h"

#include <dlfcn.h>

#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "chainerx/cuda/cuda_runtime.h"

namespace chainerx {
namespace cuda {
namespace {

// What libcusolver.so.12 needs beyond cuBLAS (which the extension links): loaded first, so that the loader finds
// them by soname when it resolves cuSOLVER's own dependencies. cuSOLVER's RUNPATH ($ORIGIN) finds them only where
// their wheels share its folder (nvidia/cu13/lib), not in the older layouts of one folder per wheel.
constexpr const char* kCusolverDependencies[] = {"libnvJitLink.so.13", "libcusparse.so.12"};
constexpr const char* kCusolverSoname = "libcusolver.so.12";

struct LoadResult {
    CusolverLibrary library;
    bool loaded{false};
    std::string failure;
};

template <typename Function>
bool LookUp(void* handle, const char* name, Function*& function, std::string& failure) {
    function = reinterpret_cast<Function*>(dlsym(handle, name));
    if (function == nullptr) {
        failure = std::string{kCusolverSoname} + " has no " + name;
    }
    return function != nullptr;
}

LoadResult Load() {
    LoadResult result;
    for (const char* dependency : kCusolverDependencies) {
        // A failure here shows up below, as cuSOLVER's own.
        dlopen(dependency, RTLD_NOW | RTLD_LOCAL);
    }
    void* handle = dlopen(kCusolverSoname, RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
        const char* error = dlerror();
        result.failure = error != nullptr ? error : kCusolverSoname;
        return result;
    }
    CusolverLibrary& lib = result.library;
    std::string& failure = result.failure;
    bool ok = LookUp(handle, "cusolverDnCreate", lib.create, failure);
#define CHAINERX_CUSOLVER_LOOK_UP(routines, prefix, name) \
    ok = ok && LookUp(handle, "cusolverDn" #prefix #name, lib.routines.name, failure);
#define CHAINERX_CUSOLVER_LOOK_UP_FLOAT(prefix, name) CHAINERX_CUSOLVER_LOOK_UP(float_routines, prefix, name)
#define CHAINERX_CUSOLVER_LOOK_UP_DOUBLE(prefix, name) CHAINERX_CUSOLVER_LOOK_UP(double_routines, prefix, name)
    CHAINERX_CUSOLVER_TYPED_ROUTINES(CHAINERX_CUSOLVER_LOOK_UP_FLOAT, S)
    CHAINERX_CUSOLVER_TYPED_ROUTINES(CHAINERX_CUSOLVER_LOOK_UP_DOUBLE, D)
#undef CHAINERX_CUSOLVER_LOOK_UP_DOUBLE
#undef CHAINERX_CUSOLVER_LOOK_UP_FLOAT
#undef CHAINERX_CUSOLVER_LOOK_UP
    result.loaded = ok;
    return result;
}

const LoadResult& GetLoadResult() {
    static const LoadResult result = Load();
    return result;
}

const char* CusolverStatusName(cusolverStatus_t status) {
    switch (status) {
        case CUSOLVER_STATUS_NOT_INITIALIZED:
            return "CUSOLVER_STATUS_NOT_INITIALIZED";
        case CUSOLVER_STATUS_ALLOC_FAILED:
            return "CUSOLVER_STATUS_ALLOC_FAILED";
        case CUSOLVER_STATUS_INVALID_VALUE:
            return "CUSOLVER_STATUS_INVALID_VALUE";
        case CUSOLVER_STATUS_ARCH_MISMATCH:
            return "CUSOLVER_STATUS_ARCH_MISMATCH";
        case CUSOLVER_STATUS_EXECUTION_FAILED:
            return "CUSOLVER_STATUS_EXECUTION_FAILED";
        case CUSOLVER_STATUS_INTERNAL_ERROR:
            return "CUSOLVER_STATUS_INTERNAL_ERROR";
        case CUSOLVER_STATUS_NOT_SUPPORTED:
            return "CUSOLVER_STATUS_NOT_SUPPORTED";
        default:
            return "cusolverStatus_t";
    }
}

// One GPU's handle and the lock its users hold.
struct DeviceHandle {
    std::mutex mutex;
    cusolverDnHandle_t handle{nullptr};
};

DeviceHandle& GetDeviceHandle(int device_index) {
    static std::mutex map_mutex;
    static auto* handles = new std::map<int, std::unique_ptr<DeviceHandle>>{};  // never destroyed: see the Note
    std::lock_guard<std::mutex> lock{map_mutex};
    std::unique_ptr<DeviceHandle>& entry = (*handles)[device_index];
    if (entry == nullptr) {
        entry = std::make_unique<DeviceHandle>();
    }
    return *entry;
}

}  // namespace

const CusolverLibrary* GetCusolverLibrary() {
    const LoadResult& result = GetLoadResult();
    return result.loaded ? &result.library : nullptr;
}

std::string DescribeCusolverLoadFailure() { return GetLoadResult().failure; }

void CheckCusolverError(cusolverStatus_t status) {
    if (status != CUSOLVER_STATUS_SUCCESS) {
        throw CudaRuntimeError{"cuSOLVER error: ", CusolverStatusName(status), " (", static_cast<int>(status), ")"};
    }
}

CusolverHandleScope::CusolverHandleScope(int device_index) {
    DeviceHandle& entry = GetDeviceHandle(device_index);
    lock_ = std::unique_lock<std::mutex>{entry.mutex};
    if (entry.handle == nullptr) {
        const CusolverLibrary* lib = GetCusolverLibrary();
        if (lib == nullptr) {
            throw CudaRuntimeError{"cuSOLVER is not loaded: ", DescribeCusolverLoadFailure()};
        }
        CudaSetDeviceScope scope{device_index};
        CheckCusolverError(lib->create(&entry.handle));
    }
    handle_ = entry.handle;
}

}  // namespace cuda
}  // namespace chainerx
