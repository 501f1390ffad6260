// Squashing the shape that N arrays share into the fewest axes their strides allow.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>

#include "chainerx/core/shape.h"

namespace chainerx {
namespace internal {

// The iteration space of N arrays of one shape after squashing: size-1 axes dropped and neighbouring axes merged
// wherever every array steps over the outer one as over the whole inner one (contiguous across them, a broadcast
// over both, evenly spaced blocks): `nd` axes of `dims`, C order, with each array's byte step per axis. nd == 0
// means a single element; total == 0, no element at all. The native elementwise loops (native/elementwise.h), the
// CUDA indexers (cuda/elementwise.cuh) and the batch axes of a batched product (routines/linalg.cc) use it.
template <size_t N>
struct SquashedLayout {
    int nd = 0;
    int64_t total = 1;
    int64_t dims[kMaxNdim];
    int64_t steps[N][kMaxNdim];
};

template <size_t N>
SquashedLayout<N> Squash(const Shape& shape, const std::array<const Strides*, N>& strides) {
    SquashedLayout<N> layout;
    if (std::find(shape.begin(), shape.end(), int64_t{0}) != shape.end()) {
        layout.total = 0;  // no element; the other dims may be huge, and merging them could overflow
        return layout;
    }
    for (int8_t i = 0; i < shape.ndim(); ++i) {
        int64_t dim = shape[i];
        layout.total *= dim;
        if (dim <= 1) {
            continue;
        }
        int nd = layout.nd;
        bool mergeable = nd > 0;
        for (size_t k = 0; k < N && mergeable; ++k) {
            mergeable = layout.steps[k][nd - 1] == (*strides[k])[i] * dim;
        }
        if (mergeable) {
            layout.dims[nd - 1] *= dim;
        } else {
            layout.dims[nd] = dim;
            ++layout.nd;
        }
        for (size_t k = 0; k < N; ++k) {
            layout.steps[k][layout.nd - 1] = (*strides[k])[i];
        }
    }
    return layout;
}

}  // namespace internal
}  // namespace chainerx
