#include "chainerx/native/parallel.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "chainerx/core/error.h"

namespace chainerx {
namespace native {
namespace {

// Runs ParallelFor and checks that every index is visited once and every chunk is at least `grain` long.
void CheckCoversOnce(int64_t n, int64_t grain) {
    std::vector<std::atomic<int>> visits(static_cast<size_t>(n));
    std::mutex mutex;
    std::vector<std::pair<int64_t, int64_t>> chunks;
    ParallelFor(n, grain, [&](int64_t begin, int64_t end) {
        for (int64_t i = begin; i < end; ++i) {
            visits[i].fetch_add(1);
        }
        std::lock_guard<std::mutex> lock{mutex};
        chunks.emplace_back(begin, end);
    });
    for (int64_t i = 0; i < n; ++i) {
        ASSERT_EQ(visits[i].load(), 1) << "index " << i << " of " << n;
    }
    for (const auto& chunk : chunks) {
        EXPECT_TRUE(chunk.second - chunk.first >= grain || n < grain) << chunk.first << ".." << chunk.second;
    }
    EXPECT_LE(static_cast<int>(chunks.size()), GetNumThreads());
}

TEST(ParallelTest, CoversRangeOnceForEveryThreadCount) {
    for (int threads : {1, 2, 3, 4, 7}) {
        NumThreadsScope scope{threads};
        for (int64_t n : {0, 1, 5, 99, 100, 101, 1000, 12345}) {
            CheckCoversOnce(n, 100);
        }
    }
}

TEST(ParallelTest, SmallRangeRunsOnCaller) {
    NumThreadsScope scope{4};
    std::thread::id caller = std::this_thread::get_id();
    int calls = 0;
    ParallelFor(150, 100, [&](int64_t begin, int64_t end) {
        ++calls;
        EXPECT_EQ(std::this_thread::get_id(), caller);
        EXPECT_EQ(begin, 0);
        EXPECT_EQ(end, 150);
    });
    EXPECT_EQ(calls, 1);
}

TEST(ParallelTest, UsesSeveralThreads) {
    NumThreadsScope scope{4};
    std::mutex mutex;
    std::vector<std::thread::id> ids;
    ParallelFor(4, 1, [&](int64_t, int64_t) {
        // Keep each chunk busy long enough that a single thread cannot take them all before workers wake.
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        std::lock_guard<std::mutex> lock{mutex};
        ids.push_back(std::this_thread::get_id());
    });
    std::sort(ids.begin(), ids.end());
    EXPECT_GT(std::unique(ids.begin(), ids.end()) - ids.begin(), 1);
}

TEST(ParallelTest, ExceptionPropagatesToCaller) {
    NumThreadsScope scope{4};
    std::atomic<int> finished{0};
    EXPECT_THROW(
            ParallelFor(4000, 1000,
                        [&](int64_t begin, int64_t) {
                            if (begin >= 2000) {
                                throw DimensionError{"chunk ", begin};
                            }
                            finished.fetch_add(1);
                        }),
            DimensionError);
    // The pool still works afterwards.
    CheckCoversOnce(4000, 1000);
}

TEST(ParallelTest, NestedCallsRunSerially) {
    NumThreadsScope scope{4};
    std::atomic<int> inner_calls{0};
    ParallelFor(4, 1, [&](int64_t, int64_t) {
        EXPECT_TRUE(IsInParallelRegion());
        std::thread::id outer = std::this_thread::get_id();
        ParallelFor(1000, 1, [&](int64_t begin, int64_t end) {
            EXPECT_EQ(std::this_thread::get_id(), outer);
            EXPECT_EQ(end - begin, 1000);
            inner_calls.fetch_add(1);
        });
    });
    EXPECT_FALSE(IsInParallelRegion());
    EXPECT_EQ(inner_calls.load(), 4);
    EXPECT_THROW(ParallelFor(2, 1, [](int64_t, int64_t) { SetNumThreads(2); }), ChainerxError);
}

TEST(ParallelTest, ConcurrentCallersGetCorrectResults) {
    NumThreadsScope scope{3};
    constexpr int64_t kN = 100000;
    auto sum_range = [] {
        std::vector<int64_t> partial(kN);
        for (int rep = 0; rep < 50; ++rep) {
            ParallelFor(kN, 1000, [&](int64_t begin, int64_t end) {
                for (int64_t i = begin; i < end; ++i) {
                    partial[i] = i;
                }
            });
        }
        int64_t total = 0;
        for (int64_t v : partial) {
            total += v;
        }
        return total;
    };
    int64_t other = 0;
    std::thread thread{[&] { other = sum_range(); }};
    int64_t mine = sum_range();
    thread.join();
    EXPECT_EQ(mine, kN * (kN - 1) / 2);
    EXPECT_EQ(other, mine);
}

TEST(ParallelTest, SetNumThreads) {
    NumThreadsScope scope{3};
    EXPECT_EQ(GetNumThreads(), 3);
    SetNumThreads(1);
    EXPECT_EQ(GetNumThreads(), 1);
    CheckCoversOnce(1000, 10);
    EXPECT_THROW(SetNumThreads(0), ChainerxError);
    EXPECT_THROW(SetNumThreads(-2), ChainerxError);
    EXPECT_EQ(GetNumThreads(), 1);
}

}  // namespace
}  // namespace native
}  // namespace chainerx
