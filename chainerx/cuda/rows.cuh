// A row of a matrix read by a group of kLanes lanes (a warp, or a single thread), for the kernels that compute a
// softmax along rows: the loss family's (loss.cu) and softmax's own (softmax.cu). The lanes stride over the row, so
// that a warp's loads of a contiguous row are coalesced, and combine their maxima and sums with shuffles in a fixed
// order: every run gives the same bits.
#pragma once

#include <cstdint>

#include "chainerx/core/numeric/arithmetic.h"
#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/explog.h"
#include "chainerx/cuda/elementwise_kernels.cuh"

namespace chainerx {
namespace cuda {

constexpr int kWarpSize = 32;

// op over the values of the kLanes lanes of a group, the same result on every lane. A group of more than one lane
// is a whole warp (or an aligned part of one) whose lanes all call this together.
template <int kLanes, typename C, typename Op>
__device__ C CombineLanes(C value, Op op) {
    for (int offset = kLanes / 2; offset > 0; offset /= 2) {
        value = op(value, __shfl_xor_sync(0xffffffff, value, offset));
    }
    return value;
}

struct SumOp {
    template <typename C>
    __device__ C operator()(C a, C b) const {
        return a + b;
    }
};

template <typename T, int kLanes>
struct LaneRow {
    using C = numeric::ComputeType<T>;
    const char* data;
    int64_t stride;  // in bytes
    int64_t length;
    int lane;

    __device__ C operator[](int64_t k) const { return DeviceCast<C>(*reinterpret_cast<const T*>(data + k * stride)); }

    // The row's maximum (NaN if the row holds one, as AMax) and the sum of exp(x - maximum), the same on every lane.
    __device__ void MaxAndExpSum(C& max, C& sum) const {
        max = (*this)[0];
        for (int64_t k = lane; k < length; k += kLanes) {
            max = numeric::Maximum{}(max, (*this)[k]);
        }
        max = CombineLanes<kLanes>(max, numeric::Maximum{});
        sum = C{0};
        for (int64_t k = lane; k < length; k += kLanes) {
            sum += numeric::Exp{}((*this)[k] - max);
        }
        sum = CombineLanes<kLanes>(sum, SumOp{});
    }
};

// Calls f(row, lane) for each row in [0, rows) that this thread's group of kLanes lanes takes (the rows are
// uniform over the group, as the shuffles need); blocks of kRowBlockSize threads.
constexpr int kRowBlockSize = kBlockSize;

template <int kLanes, typename F>
__device__ void ForEachLaneRow(int64_t rows, F f) {
    const int lane = static_cast<int>(threadIdx.x % kLanes);
    constexpr int64_t kGroupsPerBlock = kRowBlockSize / kLanes;
    for (int64_t row = blockIdx.x * kGroupsPerBlock + threadIdx.x / kLanes; row < rows;
         row += static_cast<int64_t>(gridDim.x) * kGroupsPerBlock) {
        f(row, lane);
    }
}

// Blocks of kRowBlockSize threads for `rows` rows of kLanes lanes each.
template <int kLanes>
int RowBlocks(int64_t rows) {
    return CappedBlocks(rows, kRowBlockSize / kLanes, 65535);
}

}  // namespace cuda
}  // namespace chainerx
