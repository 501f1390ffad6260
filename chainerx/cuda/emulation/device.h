// The CUDA device language for kernel sources compiled by the host compiler. rewrite_kernels.py puts this include
// first in every rewritten .cu/.cuh file.
//
// Note [CUDA emulation on the host]
// Most sessions have no GPU, and a GPU session has minutes: the CUDA backend's kernels and their plumbing (index
// arithmetic, grid-stride loops, barriers, warp shuffles, launch configurations, CUB calls, cuBLAS arguments) would
// otherwise first run there. So the same sources also build for the host:
// - rewrite_kernels.py turns each launch `Kernel<<<grid, block>>>(args)` into a call of Launch below, and points
//   the includes of the backend's .cuh files and of CUB at their rewritten or emulated counterparts;
// - this header defines the qualifiers as nothing, __shared__ as `static` (one copy for the block that runs, filled
//   with garbage as each block starts), the built-in variables, barriers, shuffles and atomics; grid.cc runs each
//   block's threads as coroutines that switch only at barriers and shuffles, one block after another, so that the
//   atomics need no atomicity (in an order that tools can vary: Note [Emulated schedules] in grid.cc);
// - kernels and asynchronous copies run when the host waits for them (Note [Deferred device work] in queue.h);
// - runtime.cc, cublas.cc, cudnn.cc and cusolver.cc stand in for the CUDA runtime (device memory is host memory),
//   cuBLAS's GEMM, cuDNN's convolutions and batch normalisation, and cuSOLVER's dense routines (a libcusolver.so.12
//   over LAPACK): each checks its arguments as the library documents and computes the documented formula, so what
//   is tested is the backend's side of each call (layouts, leading dimensions, descriptors, workspaces, info words).
// The emulated backend registers as "cuda" with two devices. CI runs the CUDA gtests and the whole chainerx suite on
// it (tools/pytest_emulated.sh). What it cannot show: speed, races between threads (coroutines never interleave
// between barriers, though the schedules vary the order between them), the GPU's float rounding (formulas take the
// host's math), the libraries' own behaviour (their algorithms, accuracy and limits), and device code that reads
// host memory (both are host memory here).
#pragma once

#define CHAINERX_CUDA_EMULATION 1

// Before cuda_runtime.h: its crt/host_defines.h keeps qualifiers that are already defined.
#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __launch_bounds__(...)
#define __shared__ static

#include <cstdint>
#include <cstring>
#include <tuple>
#include <type_traits>
#include <utility>

#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include "chainerx/cuda/emulation/grid.h"

#define threadIdx (::chainerx::cuda::emulation::CurrentThread().thread_idx)
#define blockIdx (::chainerx::cuda::emulation::CurrentThread().block_idx)
#define blockDim (::chainerx::cuda::emulation::CurrentThread().block_dim)
#define gridDim (::chainerx::cuda::emulation::CurrentThread().grid_dim)

namespace chainerx {
namespace cuda {
namespace emulation {

// What `kernel<<<grid, block>>>(args...)` becomes:
// Launch("kernel", grid, block, [](auto&... p) { kernel(p...); })(args...).
// The arguments are copied at the launch, and each thread gets its own copy of them, as kernel parameters are.
template <typename Kernel>
class Launcher {
public:
    Launcher(const char* name, dim3 grid, dim3 block, Kernel kernel)
        : name_{name}, grid_{grid}, block_{block}, kernel_{kernel} {}

    template <typename... Args>
    void operator()(const Args&... args) const {
        LaunchGrid(name_, grid_, block_, [kernel = kernel_, launched = std::tuple<Args...>{args...}]() {
            std::tuple<Args...> params = launched;
            std::apply(kernel, params);
        });
    }

private:
    const char* name_;
    dim3 grid_;
    dim3 block_;
    Kernel kernel_;
};

template <typename Kernel>
Launcher<Kernel> Launch(const char* name, dim3 grid, dim3 block, Kernel kernel) {
    return Launcher<Kernel>{name, grid, block, kernel};
}

template <typename T>
T ShuffleFromLane(T value, int src_lane) {
    static_assert(std::is_trivially_copyable<T>::value && sizeof(T) <= 16, "a shuffle moves up to 16 bytes");
    T result;
    ExchangeInWarp(&value, sizeof(T), src_lane, &result);
    return result;
}

// What rewrite_kernels.py puts after each __shared__ declaration: the first thread of a block to reach it fills the
// variable with all-one bytes (NaN for floats, -1 for integers), as uninitialised as a GPU's shared memory.
template <typename T>
void PoisonSharedOncePerBlock(T& variable, uint64_t& poisoned_in_block) {
    static_assert(std::is_trivially_copyable<T>::value, "shared variables are plain data");
    uint64_t block = CurrentBlockSerial();
    if (poisoned_in_block != block) {
        poisoned_in_block = block;
        std::memset(static_cast<void*>(&variable), 0xff, sizeof(T));
    }
}

inline int LaneId() {
    return static_cast<int>(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) % kWarpSize;
}

}  // namespace emulation
}  // namespace cuda
}  // namespace chainerx

inline void __syncthreads() { ::chainerx::cuda::emulation::SyncThreads(); }
inline void __syncwarp(unsigned /*mask*/ = 0xffffffff) { ::chainerx::cuda::emulation::SyncWarp(); }

// The shuffles of all lanes (mask 0xffffffff; the backend uses no other) within segments of `width` lanes.
template <typename T>
T __shfl_sync(unsigned /*mask*/, T value, int src_lane, int width = 32) {
    int lane = ::chainerx::cuda::emulation::LaneId();
    int src = (lane / width) * width + ((src_lane % width) + width) % width;
    return ::chainerx::cuda::emulation::ShuffleFromLane(value, src);
}
template <typename T>
T __shfl_xor_sync(unsigned /*mask*/, T value, int lane_mask, int width = 32) {
    int lane = ::chainerx::cuda::emulation::LaneId();
    int src = lane ^ lane_mask;
    return ::chainerx::cuda::emulation::ShuffleFromLane(value, src / width == lane / width ? src : lane);
}
template <typename T>
T __shfl_down_sync(unsigned /*mask*/, T value, unsigned delta, int width = 32) {
    int lane = ::chainerx::cuda::emulation::LaneId();
    int src = lane + static_cast<int>(delta);
    return ::chainerx::cuda::emulation::ShuffleFromLane(value, src / width == lane / width ? src : lane);
}
template <typename T>
T __shfl_up_sync(unsigned /*mask*/, T value, unsigned delta, int width = 32) {
    int lane = ::chainerx::cuda::emulation::LaneId();
    int src = lane - static_cast<int>(delta);
    return ::chainerx::cuda::emulation::ShuffleFromLane(value, src >= 0 && src / width == lane / width ? src : lane);
}

// Atomics: the threads of a grid never run at the same time here (see the Note), so plain reads and writes are
// atomic. Each returns the old value, as CUDA's do.
template <typename T>
T atomicAdd(T* address, T value) {
    T old = *address;
    *address = old + value;
    return old;
}
template <typename T>
T atomicMin(T* address, T value) {
    T old = *address;
    *address = value < old ? value : old;
    return old;
}
template <typename T>
T atomicMax(T* address, T value) {
    T old = *address;
    *address = old < value ? value : old;
    return old;
}
template <typename T>
T atomicExch(T* address, T value) {
    T old = *address;
    *address = value;
    return old;
}
template <typename T>
T atomicCAS(T* address, T compare, T value) {
    T old = *address;
    if (old == compare) {
        *address = value;
    }
    return old;
}

template <typename T>
T __ldg(const T* address) {
    return *address;
}
