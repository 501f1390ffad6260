// Multithreading for native kernels: a persistent thread pool behind one call, ParallelFor.
//
//     ParallelFor(n, kElementwiseGrain, [&](int64_t begin, int64_t end) {
//         for (int64_t i = begin; i < end; ++i) out[i] = in[i] * 2;
//     });
//
// The range [0, n) is cut into at most GetNumThreads() contiguous chunks of at least `grain` items; the calling
// thread runs one chunk and the pool's workers the others. A range too small for two chunks, a call made from
// inside a chunk (nesting), and a call made while another thread's parallel job holds the pool all run the whole
// range serially on the calling thread, without touching the pool or any lock.
//
// See Note [Native thread pool] in parallel.cc for the synchronisation.
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>

namespace chainerx {
namespace native {

// The smallest range, in elements, worth one chunk of an elementwise kernel: waking a worker costs a few
// microseconds, about the time one thread needs for 32K float additions, so smaller chunks would be slower
// than running serially. Elementwise kernels therefore go parallel from 64K elements (two chunks).
constexpr int64_t kElementwiseGrain = int64_t{1} << 15;

// Number of threads ParallelFor uses, the caller included (>= 1). Initially the CHAINERX_NUM_THREADS environment
// variable if it is a positive integer, else the hardware concurrency.
int GetNumThreads();

// Sets the number of threads ParallelFor uses (1: everything runs on the calling thread); BLAS products follow it
// (they are split over this pool, see Note [BLAS threading] in blas.cc). Waits for a running parallel job, then
// stops the workers; new ones start with the next job. Throws ChainerxError if n < 1.
void SetNumThreads(int n);

// Whether the calling thread is running a chunk of a parallel job (where ParallelFor runs serially).
bool IsInParallelRegion();

// Sets the thread count for its lifetime and restores the previous one (tests run kernels at several counts).
class NumThreadsScope {
public:
    explicit NumThreadsScope(int n) : orig_{GetNumThreads()} { SetNumThreads(n); }
    ~NumThreadsScope() { SetNumThreads(orig_); }
    NumThreadsScope(const NumThreadsScope&) = delete;
    NumThreadsScope& operator=(const NumThreadsScope&) = delete;
    NumThreadsScope(NumThreadsScope&&) = delete;
    NumThreadsScope& operator=(NumThreadsScope&&) = delete;

private:
    int orig_;
};

namespace internal {

// A non-owning reference to the chunk function, so that the pool is not a template and a call does not
// allocate (no std::function).
struct ChunkFunction {
    void (*call)(const void* fn, int64_t begin, int64_t end);
    const void* fn;
};

// Runs `fn` over [0, n) in `chunks` contiguous chunks (2 <= chunks <= n) on the pool, or serially when the pool
// is busy or the caller is inside a chunk. Rethrows the first exception thrown by a chunk after all chunks
// have finished or been skipped.
void RunParallel(int64_t n, int chunks, ChunkFunction fn);

}  // namespace internal

// Calls fn(begin, end) on disjoint ranges covering [0, n), each at least `grain` long (except when n < grain),
// possibly on several threads at once; returns when all calls have returned. fn must be safe to call
// concurrently on disjoint ranges. An exception thrown by fn propagates to the caller (the first one, when
// several chunks throw; chunks not started yet are skipped).
template <typename F>
void ParallelFor(int64_t n, int64_t grain, F&& fn) {
    if (n <= 0) {
        return;
    }
    int64_t max_chunks = grain > 0 ? n / grain : n;
    int threads = max_chunks < 2 ? 1 : GetNumThreads();
    if (threads < 2) {
        fn(int64_t{0}, n);
        return;
    }
    int chunks = max_chunks < threads ? static_cast<int>(max_chunks) : threads;
    using Fn = std::remove_reference_t<F>;
    internal::RunParallel(
            n,
            chunks,
            {[](const void* f, int64_t begin, int64_t end) { (*static_cast<Fn*>(const_cast<void*>(f)))(begin, end); },
             static_cast<const void*>(&fn)});
}

// Calls fn(i) for every i in [0, n), each index a chunk of its own, picked by whichever thread is free: for a few
// large work items (the subtrees of a threaded reduction). With one chunk per thread, as ParallelFor makes, a
// worker that wakes late finds its chunk taken by the caller and the whole job runs on one thread.
template <typename F>
void ParallelForEachIndex(int64_t n, F&& fn) {
    if (n < 2 || n > std::numeric_limits<int>::max() || GetNumThreads() < 2) {
        for (int64_t i = 0; i < n; ++i) {
            fn(i);
        }
        return;
    }
    auto body = [&fn](int64_t begin, int64_t end) {
        for (int64_t i = begin; i < end; ++i) {
            fn(i);
        }
    };
    using Body = decltype(body);
    internal::RunParallel(
            n,
            static_cast<int>(n),
            {[](const void* f, int64_t begin, int64_t end) { (*static_cast<const Body*>(f))(begin, end); },
             static_cast<const void*>(&body)});
}

}  // namespace native
}  // namespace chainerx
