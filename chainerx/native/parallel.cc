#include "chainerx/native/parallel.h"

#include <pthread.h>
#include <sched.h>

#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <new>
#include <thread>
#include <vector>

#include <cblas.h>

#include "chainerx/core/error.h"
#include "chainerx/native/spin_lock.h"

// Note [Native thread pool]
// The pool runs one job at a time. The caller of RunParallel owns the pool for the job's duration (submit_mutex_,
// taken with try_lock so that a second Python thread calling in meanwhile runs serially instead of queueing).
// The job lives on the caller's stack. Workers pick chunks from an atomic counter, the caller included, so a
// worker that wakes late finds nothing left and the caller never waits for a sleeping worker to do its share.
// The caller may return (destroying the job) only once every chunk has finished and every worker that saw the
// job has left it: workers check in and out under mutex_, and the caller waits for both counts under mutex_.
// Workers spin briefly on the job generation before sleeping, which keeps back-to-back kernels from paying a
// futex wake-up each; the spin is short because on a machine with more busy threads than cores it only steals
// time from others.
// After fork() only the forking thread exists in the child; the atfork handlers take both mutexes around the
// fork and make the child's pool forget its (non-existent) workers, so a child can still run parallel kernels.

namespace chainerx {
namespace native {
namespace {

// Upper bound for SetNumThreads: a guard against typos (e.g. 10000), not a tuning knob.
constexpr int kMaxThreads = 1024;
// Pause iterations a worker spins on the job generation before sleeping (about 10-50 microseconds).
constexpr int kWorkerSpin = 2000;
// Pause iterations the caller spins waiting for the other chunks before sleeping.
constexpr int kCallerSpin = 20000;

thread_local bool t_in_parallel_region = false;

int UsableCpuCount() {
#ifdef __linux__
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof(set), &set) == 0) {
        return CPU_COUNT(&set);
    }
#endif
    return static_cast<int>(std::thread::hardware_concurrency());
}

int DefaultNumThreads() {
    if (const char* env = std::getenv("CHAINERX_NUM_THREADS")) {
        char* end = nullptr;
        long value = std::strtol(env, &end, 10);  // NOLINT(google-runtime-int): strtol's type
        if (end != env && *end == '\0' && value >= 1 && value <= kMaxThreads) {
            return static_cast<int>(value);
        }
    }
    int cpus = UsableCpuCount();
    return cpus < 1 ? 1 : (cpus > kMaxThreads ? kMaxThreads : cpus);
}

struct Job {
    Job(int64_t n, int chunks, internal::ChunkFunction fn) : n{n}, chunks{chunks}, fn{fn}, unfinished{chunks} {}

    int64_t n;
    int chunks;
    internal::ChunkFunction fn;
    std::atomic<int> next_chunk{0};
    std::atomic<int> unfinished;  // chunks neither finished nor skipped
    std::atomic<bool> failed{false};
    std::exception_ptr error;  // written once, by the thread that set `failed`
    int workers_inside = 0;  // guarded by ThreadPool::mutex_
};

// Runs chunks of `job` until none is left; every thread of the job (caller and workers) runs this.
void RunChunks(Job& job) {
    bool was_in_region = t_in_parallel_region;
    t_in_parallel_region = true;
    int64_t base = job.n / job.chunks;
    int64_t extra = job.n % job.chunks;  // the first `extra` chunks get one more item
    for (int c = job.next_chunk.fetch_add(1, std::memory_order_relaxed); c < job.chunks;
         c = job.next_chunk.fetch_add(1, std::memory_order_relaxed)) {
        if (!job.failed.load(std::memory_order_relaxed)) {
            int64_t begin = base * c + (c < extra ? c : extra);
            int64_t end = begin + base + (c < extra ? 1 : 0);
            try {
                job.fn.call(job.fn.fn, begin, end);
            } catch (...) {
                if (!job.failed.exchange(true)) {
                    job.error = std::current_exception();
                }
            }
        }
        job.unfinished.fetch_sub(1, std::memory_order_acq_rel);
    }
    t_in_parallel_region = was_in_region;
}

class ThreadPool {
public:
    // Never destroyed: kernels may run from other static destructors or from threads still alive at exit, and
    // the idle workers need no clean-up (the process ends them). Reachable memory, so LeakSanitizer is quiet.
    static ThreadPool& Get() {
        static ThreadPool* pool = new ThreadPool{};
        return *pool;
    }

    int num_threads() const { return num_threads_.load(std::memory_order_relaxed); }

    void SetNumThreads(int n) {
        if (t_in_parallel_region) {
            throw ChainerxError{"set_num_threads: cannot change the thread count inside a parallel region"};
        }
        std::lock_guard<std::mutex> submit{submit_mutex_};
        StopWorkers();
        num_threads_.store(n, std::memory_order_relaxed);
    }

    void Run(int64_t n, int chunks, internal::ChunkFunction fn) {
        std::unique_lock<std::mutex> submit{submit_mutex_, std::try_to_lock};
        if (!submit.owns_lock()) {
            fn.call(fn.fn, 0, n);  // another thread's job holds the workers
            return;
        }
        StartWorkers();
        Job job{n, chunks, fn};
        {
            std::lock_guard<std::mutex> lock{mutex_};
            job_ = &job;
            generation_.fetch_add(1, std::memory_order_release);
        }
        wake_cv_.notify_all();
        RunChunks(job);
        for (int i = 0; i < kCallerSpin && job.unfinished.load(std::memory_order_acquire) != 0; ++i) {
            CpuRelax();
        }
        {
            std::unique_lock<std::mutex> lock{mutex_};
            done_cv_.wait(lock, [&job] {
                return job.unfinished.load(std::memory_order_acquire) == 0 && job.workers_inside == 0;
            });
            job_ = nullptr;
        }
        if (job.error) {
            std::rethrow_exception(job.error);
        }
    }

private:
    ThreadPool() : num_threads_{DefaultNumThreads()} {
        // BLAS products are split over this pool instead of OpenBLAS's own (Note [BLAS threading] in blas.cc).
        openblas_set_num_threads(1);
        pthread_atfork([] { Get().BeforeFork(); }, [] { Get().AfterForkInParent(); }, [] { Get().AfterForkInChild(); });
    }

    // Called with submit_mutex_ held.
    void StartWorkers() {
        int wanted = num_threads() - 1;
        if (static_cast<int>(workers_.size()) == wanted) {
            return;
        }
        StopWorkers();
        uint64_t generation = generation_.load(std::memory_order_relaxed);
        workers_.reserve(wanted);
        for (int i = 0; i < wanted; ++i) {
            workers_.emplace_back([this, generation] { WorkerLoop(generation); });
        }
    }

    // Called with submit_mutex_ held.
    void StopWorkers() {
        {
            std::lock_guard<std::mutex> lock{mutex_};
            stop_ = true;
        }
        wake_cv_.notify_all();
        for (std::thread& worker : workers_) {
            worker.join();
        }
        workers_.clear();
        std::lock_guard<std::mutex> lock{mutex_};
        stop_ = false;
    }

    void WorkerLoop(uint64_t seen) {
        for (;;) {
            for (int i = 0; i < kWorkerSpin && generation_.load(std::memory_order_acquire) == seen; ++i) {
                CpuRelax();
            }
            Job* job = nullptr;
            {
                std::unique_lock<std::mutex> lock{mutex_};
                wake_cv_.wait(lock, [this, seen] {
                    return stop_ || generation_.load(std::memory_order_relaxed) != seen;
                });
                if (stop_) {
                    return;
                }
                seen = generation_.load(std::memory_order_relaxed);
                job = job_;
                if (job == nullptr) {
                    continue;  // woke after the job had finished
                }
                ++job->workers_inside;
            }
            RunChunks(*job);
            std::lock_guard<std::mutex> lock{mutex_};
            if (--job->workers_inside == 0 && job->unfinished.load(std::memory_order_acquire) == 0) {
                done_cv_.notify_all();
            }
        }
    }

    void BeforeFork() {
        submit_mutex_.lock();
        mutex_.lock();
    }

    void AfterForkInParent() {
        mutex_.unlock();
        submit_mutex_.unlock();
    }

    void AfterForkInChild() {
        // The workers do not exist in the child; their std::thread objects must not be joined or destroyed
        // (destroying a joinable std::thread terminates), so the old vector is abandoned.
        new (&workers_) std::vector<std::thread>{};
        job_ = nullptr;
        stop_ = false;
        mutex_.unlock();
        submit_mutex_.unlock();
    }

    std::atomic<int> num_threads_;
    std::mutex submit_mutex_;  // held by the thread whose job uses the workers; guards workers_
    std::vector<std::thread> workers_;
    std::mutex mutex_;  // guards job_, stop_ and Job::workers_inside; generation_ changes under it
    std::condition_variable wake_cv_;
    std::condition_variable done_cv_;
    std::atomic<uint64_t> generation_{0};
    Job* job_ = nullptr;
    bool stop_ = false;
};

}  // namespace

int GetNumThreads() { return ThreadPool::Get().num_threads(); }

void SetNumThreads(int n) {
    if (n < 1 || n > kMaxThreads) {
        throw ChainerxError{"set_num_threads: the thread count must be in [1, ", kMaxThreads, "], got ", n};
    }
    ThreadPool::Get().SetNumThreads(n);
}

bool IsInParallelRegion() { return t_in_parallel_region; }

namespace internal {

void RunParallel(int64_t n, int chunks, ChunkFunction fn) {
    if (t_in_parallel_region) {
        fn.call(fn.fn, 0, n);
        return;
    }
    ThreadPool::Get().Run(n, chunks, fn);
}

}  // namespace internal
}  // namespace native
}  // namespace chainerx
