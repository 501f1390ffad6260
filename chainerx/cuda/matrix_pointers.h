// The address arrays of batched matrix products, kept per device. Host code.
//
// Note [Cached matrix pointers]
// A batched product whose operands are not evenly spaced along the batch (attention's heads taken from a transposed
// projection, a broadcast batch) gives cublasGemmBatchedEx the address of every matrix in device memory, which a
// kernel writes before each call (cuda/blas.cu). Those addresses follow from the operands' base addresses and batch
// layouts alone, and a steady training loop gets the same blocks from the memory pool at every iteration: so each
// device keeps the arrays it wrote by that key, and a product met again launches the GEMM alone. A cached array
// never goes stale (its contents are a function of the key), however the memory at those addresses is reused. The
// cache holds at most kMaxEntries arrays (then it starts afresh; dropped arrays go back to the pool, which hands
// them only to work queued after the products that read them) and belongs to the device, so that its blocks return
// to the device's pool before the device goes (a static cache would outlive the pool at exit).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <tuple>
#include <vector>

#include "chainerx/cuda/choice_cache.h"

namespace chainerx {
namespace cuda {

struct MatrixPointersKey {
    std::array<intptr_t, 3> bases;  // the operands' first matrices, in the array's order
    std::vector<int64_t> layout;  // the batch shape, then each operand's strides along it, in bytes

    bool operator<(const MatrixPointersKey& other) const {
        return std::tie(bases, layout) < std::tie(other.bases, other.layout);
    }
};

using MatrixPointerCache = ChoiceCache<MatrixPointersKey, std::shared_ptr<void>, 256>;

}  // namespace cuda
}  // namespace chainerx
