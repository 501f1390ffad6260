// Bindings of the native backend's run-time knobs: the kernel thread count and the memory pool. Private names
// (leading underscore): they tune performance, not results, and are not part of the original ChainerX API.
#include <pybind11/pybind11.h>

#include <string>

#include "chainerx/native/cpu_level.h"
#include "chainerx/native/memory_pool.h"
#include "chainerx/native/parallel.h"
#include "chainerx/python/init.h"

namespace chainerx {
namespace python {
namespace internal {
namespace py = pybind11;

void InitThreading(py::module& m) {
    m.def("_get_num_threads", &native::GetNumThreads, "Number of threads native kernels use for large arrays.");
    m.def("_set_num_threads",
          &native::SetNumThreads,
          py::arg("n"),
          "Sets the number of threads native kernels use (1: single-threaded). ChainerxError unless n >= 1.");
    m.def("_cpu_level",
          [] { return std::string{native::CpuLevelName(native::GetCpuLevel())}; },
          "The instruction-set level native kernels use: 'baseline', 'avx2' or 'avx512' (CHAINERX_CPU_LEVEL "
          "lowers it).");
    m.def("_cpu_supported_level",
          [] { return std::string{native::CpuLevelName(native::GetCpuSupportedLevel())}; },
          "The highest instruction-set level this CPU supports.");
    m.def("_native_memory_pool_free_all",
          [] { native::GetNativeMemoryPool().FreeAll(); },
          "Returns the cached blocks of the native memory pool to the system (blocks in use stay).");
    m.def("_native_memory_pool_cached_bytes",
          [] { return native::GetNativeMemoryPool().cached_bytes(); },
          "Bytes held in cached (free) blocks of the native memory pool.");
    m.def("_native_memory_pool_set_limit",
          [](size_t bytes) { native::GetNativeMemoryPool().set_max_cached_bytes(bytes); },
          py::arg("bytes"),
          "Caps the bytes the native memory pool keeps cached (0 disables caching).");
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
