// What the native kernels that work row by row share (softmax.cc, normalization.cc): which operands they take,
// their dtypes, how rows are split over the thread pool, and sums and maxima of a row in interleaved lanes.
#pragma once

#include <algorithm>
#include <cstdint>
#include <initializer_list>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/native/parallel.h"

namespace chainerx {
namespace native {

// Whether every operand is C-contiguous float32 or float64 (the row kernels' case; others take the compositions).
inline bool AreContiguousRows(std::initializer_list<const Array*> arrays) {
    return std::all_of(arrays.begin(), arrays.end(), [](const Array* a) {
        return a->IsContiguous() && (a->dtype() == Dtype::kFloat32 || a->dtype() == Dtype::kFloat64);
    });
}

// Calls f(PrimitiveType<T>{}) for float32 or float64.
template <typename F>
void VisitRowDtype(Dtype dtype, F&& f) {
    if (dtype == Dtype::kFloat32) {
        f(PrimitiveType<float>{});
    } else {
        f(PrimitiveType<double>{});
    }
}

template <typename T>
T* RowData(const Array& a) {
    return static_cast<T*>(a.raw_data());
}

// Rows per chunk of the thread pool for rows of n elements (a chunk of about kElementwiseGrain elements).
inline int64_t RowGrain(int64_t n) { return std::max<int64_t>(1, kElementwiseGrain / std::max<int64_t>(n, 1)); }

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
