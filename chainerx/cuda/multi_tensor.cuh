// The block table of multi-tensor launches (Note [Multi-tensor updates] in optimizer.cu): one kernel launch works
// on up to kMaxTensors tensors, each block on kChunk elements of one of them. The fused optimizer updates and the
// clipping by the global norm (clip_by_norm.cu) pass such a table, beside their own pointers, as a kernel argument.
#pragma once

#include <cstdint>

#include "chainerx/cuda/reduce.cuh"

namespace chainerx {
namespace cuda {

constexpr int kMaxTensors = 32;
constexpr int64_t kChunk = 16 * kBlockSize;

// The sizes of a launch's tensors and which blocks each owns: tensor t, the blocks [first_block[t],
// first_block[t + 1]).
struct BlockTable {
    int64_t size[kMaxTensors];
    int64_t first_block[kMaxTensors + 1];
    int count;

    // Appends a tensor of `size` (> 0) elements, while count < kMaxTensors; returns its index.
    int Add(int64_t tensor_size) {
        const int t = count++;
        size[t] = tensor_size;
        first_block[t + 1] = first_block[t] + (tensor_size + kChunk - 1) / kChunk;
        return t;
    }

    int64_t blocks() const { return first_block[count]; }
};

// The tensor of this block and its elements [begin, end).
struct BlockRange {
    int t;
    int64_t begin;
    int64_t end;
};

__device__ inline BlockRange RangeOfBlock(const BlockTable& table) {
    const int64_t block = blockIdx.x;
    int t = 0;
    while (t + 1 < table.count && table.first_block[t + 1] <= block) {
        ++t;
    }
    const int64_t begin = (block - table.first_block[t]) * kChunk;
    return {t, begin, begin + kChunk < table.size[t] ? begin + kChunk : table.size[t]};
}

}  // namespace cuda
}  // namespace chainerx
