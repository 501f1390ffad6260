// The emulated devices' work queue: kernels and asynchronous copies run when the host waits for them, not when they
// are issued. See Note [Deferred device work].
#pragma once

#include <cstdint>
#include <functional>

namespace chainerx {
namespace cuda {
namespace emulation {

// Note [Deferred device work]
// On a GPU, a kernel launch or a cudaMemcpyAsync only queues the work on a stream and returns; the host sees the
// results once it waits (a synchronous copy, cudaDeviceSynchronize, an event). Code that forgets to wait, or that
// reuses a host buffer that an asynchronous copy has yet to read, works whenever the GPU happens to be fast enough.
// If the emulation ran work as it was issued, such code would always work here. So the work goes into one queue, in
// issue order (every stream of the backend is the legacy default stream, which orders all work of a device; one
// queue for both devices orders more than a GPU does, never less), and runs only when the host waits:
// - cudaDeviceSynchronize, cudaMemcpy, cudaMemcpyPeer, cudaFree and cudaFreeHost finish all queued work first, as
//   they synchronise on a GPU;
// - cudaEventSynchronize finishes the work queued before the event's record; cudaEventQuery answers
//   cudaErrorNotReady while some of it is pending, and runs one item (so that a polling loop ends);
// - a library stand-in's call (cuBLAS, cuDNN, cuSOLVER, CUB) finishes the queued work, then computes at once
//   (LibraryCallScope in grid.h): its results are early, never late;
// - cudaMemcpyAsync between device memory and pinned host memory (cudaHostAlloc) is queued; with pageable host
//   memory it copies its source at once and queues the write (host to device), or finishes the queue and copies
//   (device to host), as the CUDA runtime stages such copies.
// A kernel's arguments are copied when it is launched, as a GPU copies them; a kernel that reads host memory
// through a pointer to the launching function's stack then reads it after that function has returned.
// The calls that make the host wait on a GPU (the first list, and cudaEventSynchronize) are counted; tests read the
// count (chainerx_cuda_emulation_host_waits in runtime.cc) to check that work such as a training step never waits.

// Appends work to the queue.
void Enqueue(std::function<void()> work);

// The number of items queued so far; an event recorded now completes when as many items have run.
uint64_t QueuedCount();

// The number of items that have run.
uint64_t CompletedCount();

// Runs queued work, in order, until `count` items have run in all (every queued item by default).
void FinishQueuedWork(uint64_t count = UINT64_MAX);

}  // namespace emulation
}  // namespace cuda
}  // namespace chainerx
