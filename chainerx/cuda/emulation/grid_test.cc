// The CUDA emulation itself (Note [CUDA emulation on the host] in device.h): barriers, shuffles, built-in variables,
// launch errors, and device memory out of the host's reach.
#include "chainerx/cuda/emulation/device.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include <cublas_v2.h>
#include <gtest/gtest.h>

#include "chainerx/cuda/emulation/grid.h"

extern "C" uint64_t chainerx_cuda_emulation_launches();

namespace chainerx {
namespace cuda {
namespace emulation {
namespace {

// Each block sums its threads' values through shared memory, halving the active threads at each barrier.
void BlockSumKernel(const int* in, int* out) {
    __shared__ int partial[256];
    partial[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
    for (unsigned width = blockDim.x / 2; width > 0; width /= 2) {
        if (threadIdx.x < width) {
            partial[threadIdx.x] += partial[threadIdx.x + width];
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        out[blockIdx.x] = partial[0];
    }
}

TEST(CudaEmulationTest, BarriersOrderSharedMemory) {
    std::vector<int> in(3 * 256);
    for (size_t i = 0; i < in.size(); ++i) {
        in[i] = static_cast<int>(i);
    }
    std::vector<int> out(3);
    Launch("BlockSumKernel", 3, 256, [](auto&... p) { BlockSumKernel(p...); })(in.data(), out.data());
    EXPECT_EQ(cudaGetLastError(), cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    for (int b = 0; b < 3; ++b) {
        EXPECT_EQ(out[b], 256 * 256 * b + 255 * 256 / 2);
    }
}

// Thread 0 of each block reads a shared variable before any thread writes it, then writes it.
void UninitializedSharedReadKernel(int* seen) {
    __shared__ int value;
    static uint64_t poisoned = 0;  // what rewrite_kernels.py adds after each __shared__ declaration
    PoisonSharedOncePerBlock(value, poisoned);
    if (threadIdx.x == 0) {
        seen[blockIdx.x] = value;
        value = 7;
    }
}

TEST(CudaEmulationTest, EachBlockStartsWithGarbageInSharedMemory) {
    std::vector<int> seen(3);
    Launch("UninitializedSharedReadKernel", 3, 64, [](auto&... p) { UninitializedSharedReadKernel(p...); })(
            seen.data());
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    EXPECT_EQ(seen, std::vector<int>(3, -1));  // neither a static's zero nor the previous block's 7
}

// Each block's thread 0 notes how many blocks ran before it; each thread notes how many of its block ran before it
// (the threads run to completion one at a time, without barriers). Under any schedule (Note [Emulated schedules]),
// both are permutations.
void RunOrderKernel(int* blocks_before, int* threads_before, int* block_counter, int* thread_counters) {
    threads_before[blockIdx.x * blockDim.x + threadIdx.x] = atomicAdd(&thread_counters[blockIdx.x], 1);
    if (threadIdx.x == 0) {
        blocks_before[blockIdx.x] = atomicAdd(block_counter, 1);
    }
}

TEST(CudaEmulationTest, BlocksAndThreadsRunOnceInTheScheduleOrder) {
    constexpr int kBlocks = 30;
    constexpr int kThreads = 96;
    std::vector<int> blocks_before(kBlocks);
    std::vector<int> threads_before(kBlocks * kThreads);
    int block_counter = 0;
    std::vector<int> thread_counters(kBlocks);
    Launch("RunOrderKernel", kBlocks, kThreads, [](auto&... p) { RunOrderKernel(p...); })(
            blocks_before.data(), threads_before.data(), &block_counter, thread_counters.data());
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    std::vector<int> sorted = blocks_before;
    std::sort(sorted.begin(), sorted.end());
    for (int b = 0; b < kBlocks; ++b) {
        EXPECT_EQ(sorted[b], b);
        std::vector<int> block_threads{
                threads_before.begin() + b * kThreads, threads_before.begin() + (b + 1) * kThreads};
        std::sort(block_threads.begin(), block_threads.end());
        for (int t = 0; t < kThreads; ++t) {
            EXPECT_EQ(block_threads[t], t);
        }
    }
    const char* schedule = std::getenv("CHAINERX_CUDA_EMULATION_SCHEDULE");
    if (schedule == nullptr || std::string{schedule} == "in-order") {
        EXPECT_EQ(blocks_before[kBlocks - 1], kBlocks - 1);
        EXPECT_EQ(threads_before[kThreads - 1], kThreads - 1);
    } else if (std::string{schedule} == "reversed") {
        EXPECT_EQ(blocks_before[kBlocks - 1], 0);
        EXPECT_EQ(threads_before[kThreads - 1], 0);
    }
}

void WarpShuffleKernel(int* xor_sums, int* down_sums, int* from_lane_3) {
    int lane = static_cast<int>(threadIdx.x) % 32;
    int sum = lane;
    for (int offset = 16; offset > 0; offset /= 2) {
        sum += __shfl_xor_sync(0xffffffff, sum, offset);
    }
    int down = lane;
    for (int offset = 16; offset > 0; offset /= 2) {
        down += __shfl_down_sync(0xffffffff, down, offset);
    }
    xor_sums[threadIdx.x] = sum;
    down_sums[threadIdx.x] = down;
    from_lane_3[threadIdx.x] = __shfl_sync(0xffffffff, lane * 10, 3);
}

TEST(CudaEmulationTest, WarpShufflesExchangeWithinEachWarp) {
    std::vector<int> xor_sums(64);
    std::vector<int> down_sums(64);
    std::vector<int> from_lane_3(64);
    Launch("WarpShuffleKernel", 1, 64, [](auto&... p) { WarpShuffleKernel(p...); })(
            xor_sums.data(), down_sums.data(), from_lane_3.data());
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    for (int t = 0; t < 64; ++t) {
        EXPECT_EQ(xor_sums[t], 31 * 32 / 2) << t;  // every lane holds the warp's sum
        EXPECT_EQ(from_lane_3[t], 30) << t;
    }
    EXPECT_EQ(down_sums[0], 31 * 32 / 2);  // lane 0 holds the sum; shifts past the warp keep a lane's own value
    EXPECT_EQ(down_sums[32], 31 * 32 / 2);
    EXPECT_EQ(down_sums[31], 31 << 5);  // every shift reads its own value back: doubled five times
}

void PositionKernel(int* out) {
    unsigned block = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    unsigned thread = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    out[block * blockDim.x * blockDim.y * blockDim.z + thread] += 1;
}

TEST(CudaEmulationTest, EveryThreadOfAThreeDimensionalGridRunsOnce) {
    std::vector<int> out(2 * 3 * 4 * 5 * 6 * 7);
    Launch("PositionKernel", dim3{2, 3, 4}, dim3{5, 6, 7}, [](auto&... p) { PositionKernel(p...); })(out.data());
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    for (int v : out) {
        ASSERT_EQ(v, 1);
    }
}

TEST(CudaEmulationTest, ConfigurationsThatCudaRefusesAreLaunchErrors) {
    std::vector<int> out(2048);
    for (dim3 block : {dim3{2048}, dim3{32, 64}, dim3{1, 1, 65}}) {
        Launch("PositionKernel", 1, block, [](auto&... p) { PositionKernel(p...); })(out.data());
        EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidConfiguration);
    }
    Launch("PositionKernel", 0, 32, [](auto&... p) { PositionKernel(p...); })(out.data());
    EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidConfiguration);
    EXPECT_EQ(cudaGetLastError(), cudaSuccess);  // read and cleared
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    for (int v : out) {
        ASSERT_EQ(v, 0);  // nothing ran
    }
}

// Lane 0 waits for the block, the other lanes for the warp, which lane 0 never joins: on a GPU, a hang.
void SplitBarrierKernel() {
    if (threadIdx.x == 0) {
        __syncthreads();
    } else {
        __syncwarp();
    }
}

TEST(CudaEmulationDeathTest, ThreadsWaitingAtDifferentBarriersAbort) {
    EXPECT_DEATH(
            {
                Launch("SplitBarrierKernel", 1, 32, [](auto&... p) { SplitBarrierKernel(p...); })();
                cudaDeviceSynchronize();
            },
            "deadlock");
}

void StoreKernel(int* out, int value) { *out = value; }

// Note [Deferred device work]: kernels and asynchronous copies run when the host waits.
TEST(CudaEmulationTest, DeviceWorkRunsWhenTheHostWaits) {
    int* pinned = nullptr;
    ASSERT_EQ(cudaHostAlloc(reinterpret_cast<void**>(&pinned), sizeof(int), 0), cudaSuccess);
    *pinned = 0;
    int* device = nullptr;
    ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&device), sizeof(int)), cudaSuccess);
    cudaEvent_t event{};
    ASSERT_EQ(cudaEventCreateWithFlags(&event, cudaEventDisableTiming), cudaSuccess);

    Launch("StoreKernel", 1, 1, [](auto&... p) { StoreKernel(p...); })(device, 5);
    ASSERT_EQ(cudaMemcpyAsync(pinned, device, sizeof(int), cudaMemcpyDeviceToHost, nullptr), cudaSuccess);
    ASSERT_EQ(cudaEventRecord(event, nullptr), cudaSuccess);
    EXPECT_EQ(*pinned, 0);  // queued: the host has not waited
    EXPECT_EQ(cudaEventQuery(event), cudaErrorNotReady);
    EXPECT_EQ(cudaGetLastError(), cudaSuccess);  // not-ready is no error
    ASSERT_EQ(cudaEventSynchronize(event), cudaSuccess);
    EXPECT_EQ(cudaEventQuery(event), cudaSuccess);
    EXPECT_EQ(*pinned, 5);

    // From pageable memory, the source is taken at the call; a pageable destination waits for the queue.
    int pageable = 9;
    ASSERT_EQ(cudaMemcpyAsync(device, &pageable, sizeof(int), cudaMemcpyHostToDevice, nullptr), cudaSuccess);
    pageable = 0;
    ASSERT_EQ(cudaMemcpyAsync(&pageable, device, sizeof(int), cudaMemcpyDeviceToHost, nullptr), cudaSuccess);
    EXPECT_EQ(pageable, 9);

    // A synchronous copy comes after the queued kernel.
    Launch("StoreKernel", 1, 1, [](auto&... p) { StoreKernel(p...); })(device, 11);
    int back = 0;
    ASSERT_EQ(cudaMemcpy(&back, device, sizeof(int), cudaMemcpyDeviceToHost), cudaSuccess);
    EXPECT_EQ(back, 11);

    ASSERT_EQ(cudaEventDestroy(event), cudaSuccess);
    ASSERT_EQ(cudaFree(device), cudaSuccess);
    ASSERT_EQ(cudaFreeHost(pinned), cudaSuccess);
}

// Note [Counting device work]: each queued grid and each library call counts one; a refused launch counts none.
TEST(CudaEmulationTest, KernelsAndLibraryCallsAreCounted) {
    int* device = nullptr;
    ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&device), sizeof(int)), cudaSuccess);
    uint64_t before = chainerx_cuda_emulation_launches();
    Launch("StoreKernel", 1, 1, [](auto&... p) { StoreKernel(p...); })(device, 1);
    Launch("StoreKernel", 2, 1, [](auto&... p) { StoreKernel(p...); })(device, 2);
    Launch("StoreKernel", 0, 1, [](auto&... p) { StoreKernel(p...); })(device, 3);
    EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidConfiguration);
    { LibraryCallScope library_call{"cublasGemmEx"}; }
    EXPECT_EQ(chainerx_cuda_emulation_launches() - before, 3u);
    int back = 0;
    ASSERT_EQ(cudaMemcpy(&back, device, sizeof(back), cudaMemcpyDeviceToHost), cudaSuccess);
    EXPECT_EQ(back, 2);
    EXPECT_EQ(chainerx_cuda_emulation_launches() - before, 3u);  // copies and waits are not launches
    ASSERT_EQ(cudaFree(device), cudaSuccess);
}

TEST(CudaEmulationDeathTest, HostCodeCannotTouchDeviceMemory) {
    void* device = nullptr;
    ASSERT_EQ(cudaMalloc(&device, 64), cudaSuccess);
    int value = 7;
    ASSERT_EQ(cudaMemcpy(device, &value, sizeof(value), cudaMemcpyHostToDevice), cudaSuccess);
    int back = 0;
    ASSERT_EQ(cudaMemcpy(&back, device, sizeof(back), cudaMemcpyDeviceToHost), cudaSuccess);
    EXPECT_EQ(back, 7);
    EXPECT_DEATH(std::printf("%d\n", *static_cast<volatile int*>(device)), "");
    EXPECT_EQ(cudaFree(device), cudaSuccess);
    EXPECT_EQ(cudaFree(&value), cudaErrorInvalidValue);  // not from cudaMalloc
    EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
}

TEST(CudaEmulationTest, AllocationsPastTheDeviceMemoryFail) {
    size_t free_bytes = 0;
    size_t total_bytes = 0;
    ASSERT_EQ(cudaMemGetInfo(&free_bytes, &total_bytes), cudaSuccess);
    void* p = nullptr;
    EXPECT_EQ(cudaMalloc(&p, total_bytes + 1), cudaErrorMemoryAllocation);
    EXPECT_EQ(p, nullptr);
    EXPECT_EQ(cudaGetLastError(), cudaErrorMemoryAllocation);
}

TEST(CudaEmulationTest, GemmChecksLeadingDimensions) {
    cublasHandle_t handle = nullptr;
    ASSERT_EQ(cublasCreate(&handle), CUBLAS_STATUS_SUCCESS);
    std::vector<float> a{1, 2, 3, 4, 5, 6};  // 2 x 3, column-major
    std::vector<float> b{1, 1, 1};  // 3 x 1
    std::vector<float> c{0, 0};
    float one = 1;
    float zero = 0;
    auto gemm = [&](int lda) {
        return cublasGemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, 2, 1, 3, &one, a.data(), CUDA_R_32F, lda, b.data(),
                            CUDA_R_32F, 3, &zero, c.data(), CUDA_R_32F, 2, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
    };
    EXPECT_EQ(gemm(1), CUBLAS_STATUS_INVALID_VALUE);  // lda < m
    EXPECT_EQ(gemm(2), CUBLAS_STATUS_SUCCESS);
    EXPECT_EQ(c, (std::vector<float>{1 + 3 + 5, 2 + 4 + 6}));
    EXPECT_EQ(cublasDestroy(handle), CUBLAS_STATUS_SUCCESS);
}

}  // namespace
}  // namespace emulation
}  // namespace cuda
}  // namespace chainerx
