// Pinned host buffers through which host-to-device copies go, so that they need not wait for the device.
//
// Note [Pinned staging of host-to-device copies]
// cudaMemcpy from pageable host memory returns only when the copy is done, and on the legacy default stream (where
// a CUDA device of chainerx queues all its work) the copy first waits for every kernel queued before it. Sending
// each batch of a training loop to the GPU made the host wait for the whole previous step. A copy from pinned
// (page-locked) memory can be asynchronous instead, so a host-to-device copy goes through a pinned staging buffer:
// - The source is copied into the buffer on the host, so the caller may reuse or free its memory as soon as the
//   call returns (as with cudaMemcpy). The device copy is queued after the kernels queued before it, as before,
//   and an event recorded after it tells when the buffer may be reused.
// - Buffers are kept for reuse, since pinning memory costs far more than a copy. Their sizes are powers of two from
//   kMinBufferBytes, so a loop sending same-sized batches reuses the same few buffers.
// - A copy above kMaxStagedBytes goes directly: staging would double its host traffic for little gain. At most
//   kMaxCachedBytes stay pinned: beyond that, idle buffers are returned, then a busy one is waited for.
// The bookkeeping knows nothing of CUDA: pinned memory, events and copies come from a StagingBackend (the CUDA
// runtime in cuda_backend.cc, a host fake in staging_pool_test.cc), so that it is tested without a GPU.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <vector>

namespace chainerx {
namespace cuda {

class StagingBackend {
public:
    virtual ~StagingBackend() = default;
    // Both throw on failure.
    virtual void* AllocatePinned(size_t bytesize) = 0;
    virtual void* CreateEvent() = 0;
    virtual void FreePinned(void* ptr) noexcept = 0;
    virtual void DestroyEvent(void* event) noexcept = 0;
    // Queues the copy of `bytesize` bytes from the pinned `src` to the device's `dst`, then records `event`.
    virtual void CopyToDeviceAsync(void* dst, const void* src, size_t bytesize, void* event) = 0;
    // Whether everything before `event` is done; Wait blocks until it is.
    virtual bool IsDone(void* event) = 0;
    virtual void Wait(void* event) = 0;
};

class StagingPool {
public:
    static constexpr size_t kMinBufferBytes = size_t{64} << 10;
    static constexpr size_t kMaxStagedBytes = size_t{64} << 20;
    static constexpr size_t kMaxCachedBytes = size_t{256} << 20;

    explicit StagingPool(std::unique_ptr<StagingBackend> backend, size_t max_cached_bytes = kMaxCachedBytes);
    // Waits for the copies in flight and returns every buffer.
    ~StagingPool();
    StagingPool(const StagingPool&) = delete;
    StagingPool& operator=(const StagingPool&) = delete;

    // Copies `bytesize` bytes from host `src` to device `dst` through a staging buffer. False, copying nothing,
    // when the copy is too large to stage: the caller then copies directly.
    bool CopyToDevice(void* dst, const void* src, size_t bytesize);

    // Pinned bytes held, idle or busy.
    size_t cached_bytes() const;

private:
    struct Buffer {
        void* ptr;
        size_t size;
        void* event;
        bool busy;  // a copy from it was queued and not yet seen done
    };

    // An idle buffer of `size` bytes; nullptr when no pinned memory can be had.
    Buffer* AcquireLocked(size_t size);
    Buffer* AddBufferLocked(size_t size);
    bool IsIdleLocked(Buffer& buffer);
    void ReleaseIdleLocked();
    void ReleaseAllLocked();

    std::unique_ptr<StagingBackend> backend_;
    size_t max_cached_bytes_;
    mutable std::mutex mutex_;
    std::vector<Buffer> buffers_;
    size_t cached_bytes_{0};
};

}  // namespace cuda
}  // namespace chainerx
