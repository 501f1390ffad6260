#include "chainerx/cuda/staging_pool.h"

#include <cstring>
#include <utility>

#include "chainerx/core/error.h"

namespace chainerx {
namespace cuda {

StagingPool::StagingPool(std::unique_ptr<StagingBackend> backend, size_t max_cached_bytes)
    : backend_{std::move(backend)}, max_cached_bytes_{max_cached_bytes} {}

StagingPool::~StagingPool() {
    std::lock_guard<std::mutex> lock{mutex_};
    try {
        ReleaseAllLocked();
    } catch (...) {  // NOLINT(bugprone-empty-catch): a destructor must not throw; at exit CUDA may be gone
    }
}

bool StagingPool::CopyToDevice(void* dst, const void* src, size_t bytesize) {
    if (bytesize > kMaxStagedBytes) {
        return false;
    }
    if (bytesize == 0) {
        return true;
    }
    size_t size = kMinBufferBytes;
    while (size < bytesize) {
        size *= 2;
    }
    std::lock_guard<std::mutex> lock{mutex_};
    Buffer* buffer = AcquireLocked(size);
    if (buffer == nullptr) {
        return false;
    }
    std::memcpy(buffer->ptr, src, bytesize);
    backend_->CopyToDeviceAsync(dst, buffer->ptr, bytesize, buffer->event);
    buffer->busy = true;
    return true;
}

size_t StagingPool::cached_bytes() const {
    std::lock_guard<std::mutex> lock{mutex_};
    return cached_bytes_;
}

bool StagingPool::IsIdleLocked(Buffer& buffer) {
    if (buffer.busy && backend_->IsDone(buffer.event)) {
        buffer.busy = false;
    }
    return !buffer.busy;
}

StagingPool::Buffer* StagingPool::AcquireLocked(size_t size) {
    for (Buffer& buffer : buffers_) {
        if (buffer.size == size && IsIdleLocked(buffer)) {
            return &buffer;
        }
    }
    if (cached_bytes_ + size > max_cached_bytes_) {
        ReleaseIdleLocked();
    }
    if (cached_bytes_ + size > max_cached_bytes_) {
        // Every buffer left is busy: wait for one of this size, or else for all of them.
        for (Buffer& buffer : buffers_) {
            if (buffer.size == size) {
                backend_->Wait(buffer.event);
                buffer.busy = false;
                return &buffer;
            }
        }
        ReleaseAllLocked();
    }
    return AddBufferLocked(size);
}

StagingPool::Buffer* StagingPool::AddBufferLocked(size_t size) {
    void* ptr = nullptr;
    try {
        ptr = backend_->AllocatePinned(size);
    } catch (const ChainerxError&) {
        return nullptr;  // no pinned memory (a container's locked-memory limit, say): copy directly
    }
    void* event = nullptr;
    try {
        event = backend_->CreateEvent();
    } catch (...) {
        backend_->FreePinned(ptr);
        throw;
    }
    buffers_.push_back(Buffer{ptr, size, event, false});
    cached_bytes_ += size;
    return &buffers_.back();
}

void StagingPool::ReleaseIdleLocked() {
    for (auto it = buffers_.begin(); it != buffers_.end();) {
        if (IsIdleLocked(*it)) {
            backend_->DestroyEvent(it->event);
            backend_->FreePinned(it->ptr);
            cached_bytes_ -= it->size;
            it = buffers_.erase(it);
        } else {
            ++it;
        }
    }
}

void StagingPool::ReleaseAllLocked() {
    for (Buffer& buffer : buffers_) {
        if (buffer.busy) {
            backend_->Wait(buffer.event);
            buffer.busy = false;
        }
    }
    ReleaseIdleLocked();
}

}  // namespace cuda
}  // namespace chainerx
