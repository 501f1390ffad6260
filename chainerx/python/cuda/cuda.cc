// Bindings of the CUDA backend's memory pool and library status, in CUDA builds only (no_cuda.cc is the other build's twin).
// Private names: chainerx._cuda wraps them (see its docstrings).
#include <pybind11/pybind11.h>

#include <cstddef>
#include <cstdint>

#include "chainerx/core/context.h"
#include "chainerx/core/error.h"
#include "chainerx/cuda/cuda_device.h"
#include "chainerx/cuda/cusolver.h"
#include "chainerx/python/common.h"
#include "chainerx/python/init.h"

namespace chainerx {
namespace python {
namespace internal {
namespace {

cuda::MemoryPool& GetMemoryPool(py::handle device_handle) {
    Device& device = GetDevice(device_handle);
    auto* cuda_device = dynamic_cast<cuda::CudaDevice*>(&device);
    if (cuda_device == nullptr) {
        throw DeviceError{device.name(), " is not a CUDA device"};
    }
    return cuda_device->memory_pool();
}

// CuPy's CFunctionAllocator calls these with the Context as `param`; no exception may cross into CuPy, which
// reads a null pointer as out of memory.
cuda::MemoryPool& GetMemoryPool(void* context, int device_id) {
    Device& device = static_cast<Context*>(context)->GetDevice("cuda", device_id);
    return dynamic_cast<cuda::CudaDevice&>(device).memory_pool();
}

void* CupyMalloc(void* param, size_t bytesize, int device_id) noexcept {
    try {
        return GetMemoryPool(param, device_id).Malloc(bytesize);
    } catch (...) {
        return nullptr;
    }
}

void CupyFree(void* param, void* ptr, int device_id) noexcept {
    try {
        GetMemoryPool(param, device_id).Free(ptr);
    } catch (...) {
        // CuPy frees only what CupyMalloc gave it; there is nobody to report to from a C callback.
    }
}

}  // namespace

void InitCuda(py::module& m) {
    m.def("_cuda_memory_pool_stats",
          [](py::handle device) {
              cuda::MemoryPool& pool = GetMemoryPool(device);
              cuda::MemoryPoolStats stats = pool.GetStats();
              size_t limit = pool.limit();
              py::dict result;
              result["malloc_count"] = stats.malloc_count;
              result["free_count"] = stats.free_count;
              result["used_bytes"] = stats.used_bytes;
              result["cached_bytes"] = stats.cached_bytes;
              result["peak_cached_bytes"] = stats.peak_cached_bytes;
              result["limit"] = limit == cuda::MemoryPool::kNoLimit ? py::object{py::none()} : py::int_{limit};
              return result;
          },
          py::arg("device"));
    m.def("_cuda_memory_pool_free_all", [](py::handle device) { GetMemoryPool(device).FreeUnusedBlocks(); },
          py::arg("device"));
    m.def("_cuda_memory_pool_set_limit",
          [](py::handle device, py::handle limit) {
              GetMemoryPool(device).SetLimit(limit.is_none() ? cuda::MemoryPool::kNoLimit : limit.cast<size_t>());
          },
          py::arg("device"),
          py::arg("limit"));
    m.def("_cuda_c_allocator",
          [](py::handle context) {
              Context& ctx = ToContext(context);
              ctx.GetBackend("cuda");  // BackendError if it cannot be loaded
              return py::make_tuple(reinterpret_cast<intptr_t>(&ctx),
                                    reinterpret_cast<intptr_t>(&CupyMalloc),
                                    reinterpret_cast<intptr_t>(&CupyFree));
          },
          py::arg("context"));
    // None once cuSOLVER is loaded (it is loaded here if it was not yet), else why it cannot be.
    m.def("_cuda_cusolver_load_failure", []() -> py::object {
        if (cuda::GetCusolverLibrary() != nullptr) {
            return py::none();
        }
        return py::str(cuda::DescribeCusolverLoadFailure());
    });
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
