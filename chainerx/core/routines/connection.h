// Connection routines: the fully connected layer and N-d (transposed) convolution, with their gradients.
//
//     Array y = Conv(x, w, b, {1, 1}, {1, 1});          // x (N, C, H, W), w (O, C, kh, kw) → (N, O, H, W)
//     Array h = Linear(x, w, b);                       // x (N, I), w (O, I) → (N, O)
//
// The result dtype is ResultType of the operands (bias included); all-bool operands give bool, each output the OR
// over the ANDs of its products (plus the bias, ORed). Backward functions are written with these same routines,
// so they can be differentiated again.
//
// Note [Convolution without spatial axes]
// x (N, C) and w (O, C) (for the transpose, w (C, O)) are a convolution with 0 spatial axes: stride, pad and
// outsize are then empty and the result is x · wᵀ + b (x · w + b), shape (N, O). Both routines hand this case to
// Linear, whose backward and dtype rules are the same as the convolution's; cover_all has no effect. With
// groups > 1 (which Linear has not), the operands get a spatial axis of size 1 and the result loses it again.
#pragma once

#include <cstdint>
#include <optional>

#include "chainerx/core/array.h"
#include "chainerx/core/kernels/connection.h"
#include "chainerx/core/routines/linear.h"  // Linear is declared there (and tuned in linear.cc)

namespace chainerx {

// The N-d convolution (correlation, as in Chainer) of x (N, C, d1..dn) with w (O, C/groups, k1..kn), plus b (O,):
// y (N, O, o1..on) with o = (d + 2·pad - k) / stride + 1, or (d + 2·pad - k + stride - 1) / stride + 1 when
// cover_all (which covers every input element with stride > 1). stride and pad have exactly one entry per
// spatial axis (a binding broadcasts an int argument itself; a sequence of another length is an error, even of
// length 1). With groups G > 1 each output channel sees the C/G input channels of its group (Note [Channel groups]
// in kernels/connection.h: G = C is a depthwise convolution). Throws DimensionError for ranks below 2 or that
// differ, mismatched channels, groups below 1 or not dividing O, a b that is not (O,),
// stride or pad of the wrong length, a stride below 1 or a negative pad, sizes that overflow int64, and an output
// size below 1 (kernel larger than the padded input); DeviceError for operands on different devices. Rank 2: see
// Note [Convolution without spatial axes].
// Backward: gx = ConvTranspose(gy, w), gw by a weight-gradient convolution, gb = gy summed over N and space.
Array Conv(
        const Array& x,
        const Array& w,
        const std::optional<Array>& b,
        const Dims& stride,
        const Dims& pad,
        bool cover_all = false,
        int64_t groups = 1);

// The transposed convolution (the gradient of Conv with respect to its input) of x (N, C, i1..in) with
// w (C, O/groups, k1..kn), plus b (O,): y (N, O, d1..dn) with d = stride · (i - 1) + k - 2·pad unless `outsize`
// gives it; an outsize must be one that Conv maps back to i (with or without cover_all), else DimensionError.
// groups as Conv's (it must divide C). Other errors as Conv.
Array ConvTranspose(
        const Array& x,
        const Array& w,
        const std::optional<Array>& b,
        const Dims& stride,
        const Dims& pad,
        const std::optional<Dims>& outsize = std::nullopt,
        int64_t groups = 1);

namespace internal {

// The number of positions of a window of size k sliding by s over an axis of length `in` padded by p on both
// sides: (in + 2·p - k) / s + 1, or with s - 1 added to the numerator when cover_all; 0 when the window is larger
// than the padded axis. Requires k >= 0, s >= 1, p >= 0; DimensionError (naming `op`) when int64 overflows.
// Shared with pooling.
int64_t SlidingWindowOutSize(const char* op, int64_t in, int64_t k, int64_t s, int64_t p, bool cover_all);

// The gradient of Conv's weight, of shape w_shape and dtype of gy, from the convolution input x and output
// gradient gy; differentiable in x and gy (used by Conv's and ConvTranspose's backward).
Array ConvGradWeight(
        const Shape& w_shape,
        const Array& x,
        const Array& gy,
        const Dims& stride,
        const Dims& pad,
        bool cover_all,
        int64_t groups = 1);

}  // namespace internal
}  // namespace chainerx
