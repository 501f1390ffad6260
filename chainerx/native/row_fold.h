// Folds along a row for the native row kernels (softmax.cc, normalization.cc): sums and maxima of one row in
// interleaved lanes.
#pragma once

#include <algorithm>
#include <cstdint>

namespace chainerx {
namespace native {

// op folded over value_at(k) for k in [0, n) in kLanes interleaved lanes combined in a fixed order: independent
// chains that the CPU overlaps and the compiler vectorises (one running sum would wait on each addition), and a
// result that depends on n alone, so not on how rows are split over threads.
template <typename T, typename Op, typename ValueAt>
T FoldRow(int64_t n, T init, Op op, ValueAt value_at) {
    constexpr int64_t kLanes = 8;
    T lanes[kLanes];
    std::fill(lanes, lanes + kLanes, init);
    int64_t k = 0;
    for (; k + kLanes <= n; k += kLanes) {
        for (int64_t j = 0; j < kLanes; ++j) {
            lanes[j] = op(lanes[j], value_at(k + j));
        }
    }
    for (; k < n; ++k) {
        lanes[k % kLanes] = op(lanes[k % kLanes], value_at(k));
    }
    for (int64_t width = kLanes / 2; width > 0; width /= 2) {
        for (int64_t j = 0; j < width; ++j) {
            lanes[j] = op(lanes[j], lanes[j + width]);
        }
    }
    return lanes[0];
}

struct AddOp {
    template <typename T>
    T operator()(T a, T b) const {
        return a + b;
    }
};

// The sum of value_at(k) for k in [0, n).
template <typename T, typename ValueAt>
T SumRow(int64_t n, ValueAt value_at) {
    return FoldRow(n, T{0}, AddOp{}, value_at);
}

}  // namespace native
}  // namespace chainerx
