// A convolution's image copied with zeros around it, laid out so that every window (cover_all's last one included)
// lies inside and each kernel offset of an output row is read at a constant shift: what the direct kernels (Note
// [Direct convolution]) and the depthwise ones (Note [Native depthwise convolution]) read.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "chainerx/core/kernels/connection.h"
#include "chainerx/native/im2col.h"

namespace chainerx {
namespace native {

// Where a padded image's elements are, for one geometry.
struct PaddedLayout {
    Dims extent;  // padded size per axis
    Dims step;  // elements between neighbours along each axis of the padded image
    int64_t channel = 1;  // elements of one padded channel
    int64_t corner = 0;  // where an input channel's element 0 lands in its padded channel
    std::vector<int64_t> offsets;  // per kernel offset (C order): its shift in the padded image
    std::vector<int64_t> runs;  // per run of outputs along the last axis: where its first window starts
    int64_t run_length = 0;  // outputs per run (the last output size)

    explicit PaddedLayout(const ConvGeometry& g) {
        const int64_t nd = static_cast<int64_t>(g.in.size());
        extent.resize(nd);
        step.resize(nd);
        for (int64_t d = nd - 1; d >= 0; --d) {
            extent[d] = std::max(g.in[d] + 2 * g.pad[d], (g.out[d] - 1) * g.stride[d] + g.k[d]);
            step[d] = channel;
            channel *= extent[d];
            corner += g.pad[d] * step[d];
        }
        int64_t q[kMaxNdim] = {};
        for (int64_t i = 0; i < g.k_size; ++i, Increment(q, g.k, nd)) {
            int64_t offset = 0;
            for (int64_t d = 0; d < nd; ++d) {
                offset += q[d] * step[d];
            }
            offsets.push_back(offset);
        }
        run_length = g.out[nd - 1];
        int64_t p[kMaxNdim] = {};
        for (int64_t r = 0; r < g.out_size / std::max<int64_t>(run_length, 1); ++r, Increment(p, g.out, nd - 1)) {
            int64_t offset = 0;
            for (int64_t d = 0; d < nd - 1; ++d) {
                offset += p[d] * g.stride[d] * step[d];
            }
            runs.push_back(offset);
        }
    }

    // Calls fn(image offset, padded offset, length) for each row along the last axis of `channels` image channels.
    template <typename Fn>
    void ForEachImageRow(const ConvGeometry& g, int64_t channels, Fn&& fn) const {
        const int64_t nd = static_cast<int64_t>(g.in.size());
        const int64_t length = g.in[nd - 1];
        if (length == 0) {
            return;
        }
        const int64_t rows = g.in_size / length;
        for (int64_t c = 0; c < channels; ++c) {
            int64_t i[kMaxNdim] = {};
            for (int64_t r = 0; r < rows; ++r, Increment(i, g.in, nd - 1)) {
                int64_t offset = c * channel + corner;
                for (int64_t d = 0; d < nd - 1; ++d) {
                    offset += i[d] * step[d];
                }
                fn((c * rows + r) * length, offset, length);
            }
        }
    }
};

// padded (C, extent...) = x (C, in...) with zeros around it; padded has room for C · layout.channel elements.
template <typename T>
void PadImage(const ConvGeometry& g, const PaddedLayout& layout, int64_t channels, const T* x, T* padded) {
    std::fill_n(padded, channels * layout.channel, T{0});
    layout.ForEachImageRow(g, channels, [&](int64_t image_offset, int64_t padded_offset, int64_t length) {
        std::memcpy(padded + padded_offset, x + image_offset, length * sizeof(T));
    });
}

// x (one channel, in...) += the part of padded that PadImage fills from it (the adjoint of PadImage).
template <typename T>
void AddPaddedInterior(const ConvGeometry& g, const PaddedLayout& layout, const T* padded, T* x) {
    layout.ForEachImageRow(g, 1, [&](int64_t image_offset, int64_t padded_offset, int64_t length) {
        for (int64_t i = 0; i < length; ++i) {
            x[image_offset + i] += padded[padded_offset + i];
        }
    });
}

}  // namespace native
}  // namespace chainerx
