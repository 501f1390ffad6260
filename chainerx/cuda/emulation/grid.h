// Runs a CUDA grid on the host, one block after another, the threads of a block as coroutines: see
// Note [CUDA emulation on the host] in device.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>

#include <cuda_runtime.h>

namespace chainerx {
namespace cuda {
namespace emulation {

constexpr int kWarpSize = 32;

// The built-in variables of the thread that runs now.
struct ThreadPosition {
    uint3 thread_idx;
    uint3 block_idx;
    dim3 block_dim;
    dim3 grid_dim;
};

const ThreadPosition& CurrentThread();

// The number of the block that runs now, counting every block run so far from 1.
uint64_t CurrentBlockSerial();

// __syncthreads(): waits until every thread of the block that has not exited arrives.
void SyncThreads();

// __syncwarp(): waits until every lane of the warp that has not exited arrives.
void SyncWarp();

// The exchange of a warp shuffle: deposits `size` bytes of `value`, waits for the warp, copies lane `src_lane`'s
// bytes to `result` (its own when src_lane is outside the warp), and waits again so that the next exchange cannot
// overwrite what a slower lane has still to read.
void ExchangeInWarp(const void* value, size_t size, int src_lane, void* result);

// Queues a grid that runs `thread_body` once per thread (Note [Deferred device work] in queue.h). A configuration
// that CUDA would refuse (no blocks or threads, more than 1024 threads in a block, a dimension past its limit)
// queues nothing and is reported, as a launch error is, by the next cudaGetLastError(). A deadlock (a barrier that
// some live thread of the block never reaches) aborts with a message when the grid runs: on a GPU it would hang.
// `kernel` names the kernel as the launch spells it, for the count and trace of device work (CountDeviceWork).
void LaunchGrid(const char* kernel, dim3 grid, dim3 block, std::function<void()> thread_body);

// The launch error that cudaGetLastError() returns and clears (runtime.cc).
void RecordLaunchError(cudaError_t error);

// Note [Counting device work]
// On a GPU, each kernel launch and each library call costs the host a few microseconds, and small steps (a batch-32
// MLP) are bound by that cost, not by the device's arithmetic. So the emulation counts them: every queued grid and
// every library stand-in's call (cuBLAS, cuDNN, cuSOLVER, CUB) adds one to a count exported as
// chainerx_cuda_emulation_launches(), which tests read through ctypes to pin how many launches a training step
// makes. A library call counts as one although the real library may launch more than one kernel. With
// CHAINERX_CUDA_EMULATION_TRACE=1 in the environment, each is also printed to stderr as it is issued, with the
// kernel's name as its launch spells it (or the library function's name) and, for a kernel, its configuration.
void CountDeviceWork(const char* kind, const char* name, dim3 grid = dim3{0, 0, 0}, dim3 block = dim3{0, 0, 0});

// Note [Device memory out of the host's reach]
// On a GPU, host code that dereferences a device pointer crashes or reads garbage, the worst kind of bug. Here
// device memory is host memory, so such code would work unnoticed. So cudaMalloc carves device memory out of one
// reserved arena that is mapped inaccessible (PROT_NONE) except while device code runs: a grid, a copy, a CUB
// algorithm or a library stand-in's call, each inside a DeviceCodeScope. Host code that touches device memory then
// faults here as it would on the GPU. (Several threads: the arena is accessible while any of them runs device code,
// so a stray host access on another thread can go unnoticed then, never the other way round.)
class DeviceCodeScope {
public:
    DeviceCodeScope();
    ~DeviceCodeScope();
    DeviceCodeScope(const DeviceCodeScope&) = delete;
    DeviceCodeScope& operator=(const DeviceCodeScope&) = delete;
};

// The scope of a library stand-in's call (cuBLAS, cuDNN, cuSOLVER, CUB): it first finishes the queued work, which
// the call comes after (Note [Deferred device work] in queue.h), then reaches device memory as a DeviceCodeScope.
class LibraryCallScope {
public:
    // `call` names the library function (its __func__), for CountDeviceWork.
    explicit LibraryCallScope(const char* call);
    ~LibraryCallScope();
    LibraryCallScope(const LibraryCallScope&) = delete;
    LibraryCallScope& operator=(const LibraryCallScope&) = delete;
};

}  // namespace emulation
}  // namespace cuda
}  // namespace chainerx
