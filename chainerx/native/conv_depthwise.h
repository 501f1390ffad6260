// Depthwise convolutions on the native backend: one input channel per group (Note [Channel groups]), each channel
// convolved with its own m filters. See Note [Native depthwise convolution].
//
//     if (IsDepthwise(x.shape()[1], groups)) {
//         DepthwiseConv<float>(geometry, batch, channels, multiplier, x, w, b, out);
//     }
#pragma once

#include <cstdint>

#include "chainerx/native/im2col.h"

namespace chainerx {
namespace native {

// Whether a grouped convolution of `channels` input channels (for a transposed one: output channels) is depthwise:
// more than one group, each of one channel.
inline bool IsDepthwise(int64_t channels, int64_t groups) { return groups > 1 && channels == groups; }

// out (N, C·m, o...) = x (N, C, d...) with channel c correlated with w[c·m + j, 0] (w (C·m, 1, k...)) into output
// channel c·m + j, plus b (C·m,) unless b is null. g is the convolution's geometry (image x, output out).
template <typename T>
void DepthwiseConv(
        const ConvGeometry& g, int64_t batch, int64_t channels, int64_t multiplier, const T* x, const T* w, const T* b,
        T* out);

// out (N, C, d...) = the transposed depthwise convolution of x (N, C·m, o...) with w (C·m, 1, k...), plus b (C,)
// unless b is null: the adjoint of DepthwiseConv. g is the geometry of the convolution out -> x (image out).
template <typename T>
void DepthwiseConvTranspose(
        const ConvGeometry& g, int64_t batch, int64_t channels, int64_t multiplier, const T* x, const T* w, const T* b,
        T* out);

// gw (C·m, 1, k...) = the weight gradient of DepthwiseConv from x (N, C, d...) and gy (N, C·m, o...). Overwrites gw.
template <typename T>
void DepthwiseConvGradWeight(
        const ConvGeometry& g, int64_t batch, int64_t channels, int64_t multiplier, const T* x, const T* gy, T* gw);

}  // namespace native
}  // namespace chainerx
