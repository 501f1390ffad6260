// im2col and col2im for N-d convolutions on one image, the data movement that turns a convolution into a GEMM.
//
// For an image x (C, d1..dn) the column matrix col has one row per (channel, kernel offset) and one column per
// output position: col[(c, q), p] = x[c, p * stride - pad + q], 0 where that falls into the padding. Then
// conv = w (O, C·K) · col, and col2im (the adjoint: summing col back into the image) gives the input gradient.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/kernels/connection.h"

namespace chainerx {
namespace native {

// The sizes of one convolution, per spatial axis.
struct ConvGeometry {
    // in: image sizes, out: output sizes, k: kernel sizes, in_step: elements between neighbours along an axis
    // of the image (C order).
    Dims in, out, k, stride, pad, in_step;
    int64_t in_size = 1;  // elements of one channel of the image
    int64_t out_size = 1;  // output positions (columns of col)
    int64_t k_size = 1;  // kernel offsets per channel

    // From an image shape (N, C, d...), a kernel shape (., ., k...) and an output shape (., ., o...).
    ConvGeometry(const Shape& image, const Shape& kernel, const Shape& output, const Dims& stride_, const Dims& pad_);

    // Whether col is the image itself (1x1 kernels, stride 1, no padding): no im2col is needed.
    bool IsPointwise() const;
};

// Calls run(valid, image_offset, q_last, col_offset) for each run of out.back() columns of col that share the
// output position on the leading axes: row (c, q) of col and output position p on all but the last axis.
// `valid` is false when that position falls into the padding on some leading axis; otherwise image_offset is
// the image element at p * stride - pad + q on the leading axes and index 0 on the last one.
// Advances a multi-index (the first n axes of `index`, C order) within `sizes`; odometers keep the walk free of
// divisions.
inline void Increment(int64_t* index, const Dims& sizes, int64_t n) {
    for (int64_t d = n - 1; d >= 0; --d) {
        if (++index[d] < sizes[d]) {
            return;
        }
        index[d] = 0;
    }
}

template <typename RunFn>
void ForEachColRun(const ConvGeometry& g, int64_t channels, RunFn&& run) {
    const int64_t last = static_cast<int64_t>(g.in.size()) - 1;
    const int64_t runs_per_row = g.out_size / std::max<int64_t>(g.out[last], 1);
    int64_t q[kMaxNdim] = {};
    int64_t col_offset = 0;
    for (int64_t c = 0; c < channels; ++c) {
        for (int64_t qi = 0; qi < g.k_size; ++qi, Increment(q, g.k, last + 1)) {
            int64_t p[kMaxNdim] = {};
            for (int64_t r = 0; r < runs_per_row; ++r, Increment(p, g.out, last)) {
                bool valid = true;
                int64_t offset = c * g.in_size;
                for (int64_t d = 0; d < last; ++d) {
                    const int64_t i = p[d] * g.stride[d] - g.pad[d] + q[d];
                    valid = valid && i >= 0 && i < g.in[d];
                    offset += i * g.in_step[d];
                }
                run(valid, offset, q[last], col_offset);
                col_offset += g.out[last];
            }
        }
    }
}

// The output positions [lo, hi) along the last axis whose input index p * stride - pad + q is inside the image.
inline std::pair<int64_t, int64_t> ValidRange(const ConvGeometry& g, int64_t q) {
    const size_t last = g.in.size() - 1;
    const int64_t s = g.stride[last];
    const int64_t shift = g.pad[last] - q;  // p * s >= shift and p * s < in + shift
    const int64_t lo = shift <= 0 ? 0 : (shift + s - 1) / s;
    const int64_t end = g.in[last] + shift;
    const int64_t hi = end <= 0 ? 0 : std::min(g.out[last], (end + s - 1) / s);
    return {std::min(lo, hi), hi};
}

// col (C·K, out_size) of the image x (C, in...).
// ValidRange for each kernel offset along the last axis.
inline std::vector<std::pair<int64_t, int64_t>> ValidRanges(const ConvGeometry& g) {
    std::vector<std::pair<int64_t, int64_t>> ranges;
    for (int64_t q = 0; q < g.k.back(); ++q) {
        ranges.push_back(ValidRange(g, q));
    }
    return ranges;
}

// col (C·K, out_size) of the image x (C, in...). Runs are short (one output row), so they are plain loops: a
// memcpy/memset call would cost more than the copy.
template <typename T>
void Im2Col(const ConvGeometry& g, int64_t channels, const T* x, T* col) {
    const size_t last = g.in.size() - 1;
    const int64_t n_out = g.out[last];
    const int64_t s = g.stride[last];
    const std::vector<std::pair<int64_t, int64_t>> ranges = ValidRanges(g);
    ForEachColRun(g, channels, [&](bool valid, int64_t offset, int64_t q, int64_t col_offset) {
        T* dst = col + col_offset;
        const int64_t lo = valid ? ranges[q].first : n_out;
        const int64_t hi = valid ? ranges[q].second : n_out;
        const int64_t base = offset + q - g.pad[last];  // image index of output position 0 (may be negative)
        for (int64_t o = 0; o < lo; ++o) {
            dst[o] = T{0};
        }
        if (s == 1) {
            for (int64_t o = lo; o < hi; ++o) {
                dst[o] = x[base + o];
            }
        } else {
            for (int64_t o = lo; o < hi; ++o) {
                dst[o] = x[base + o * s];
            }
        }
        for (int64_t o = hi; o < n_out; ++o) {
            dst[o] = T{0};
        }
    });
}

// x (C, in...) += the sum of col (C·K, out_size) back into image positions (the adjoint of Im2Col).
template <typename T>
void Col2ImAdd(const ConvGeometry& g, int64_t channels, const T* col, T* x) {
    const size_t last = g.in.size() - 1;
    const int64_t s = g.stride[last];
    const std::vector<std::pair<int64_t, int64_t>> ranges = ValidRanges(g);
    ForEachColRun(g, channels, [&](bool valid, int64_t offset, int64_t q, int64_t col_offset) {
        if (!valid) {
            return;
        }
        const auto [lo, hi] = ranges[q];
        const T* src = col + col_offset;
        const int64_t base = offset + q - g.pad[last];
        if (s == 1) {
            for (int64_t o = lo; o < hi; ++o) {
                x[base + o] += src[o];
            }
        } else {
            for (int64_t o = lo; o < hi; ++o) {
                x[base + o * s] += src[o];
            }
        }
    });
}

}  // namespace native
}  // namespace chainerx
