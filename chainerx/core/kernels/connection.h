// Key kernels of the connection family: N-d convolution, its transpose, and the convolution's weight gradient.
//
// Kernels may assume validated input: x, w and gy C-contiguous and of out's dtype (any dtype; bool sums are ORs),
// b null or a C-contiguous (O,) array of that dtype, at least one spatial axis, stride and pad with one entry per
// spatial axis, groups >= 1 dividing both channel counts, and out allocated C-contiguous with its final shape (which
// fixes the output size, so cover_all never reaches a kernel).
//
// Note [Channel groups]
// With G groups, the C input channels and the O output channels are each cut into G consecutive parts of C/G and
// O/G, and output channel o sees only the input channels of its part g = o / (O/G): a convolution's w is
// (O, C/G, k...), its row o holding the taps for input channels g·C/G .. (g+1)·C/G - 1. G = 1 is the plain
// convolution; G = C with O = m·C is the depthwise one (m filters per channel). One kernel call covers all groups
// (cuDNN's group count on CUDA, a loop over groups on native): splitting the operands into one call per group made
// a depthwise layer of C channels cost C convolutions and a concatenation, each way.
#pragma once

#include <cstdint>
#include <optional>

#include "chainerx/core/array.h"
#include "chainerx/core/kernel_registry.h"
#include "chainerx/core/stack_vector.h"

namespace chainerx {

// Per-spatial-axis sizes (kernel size, stride, padding, output size).
using Dims = StackVector<int64_t, kMaxNdim>;

// out (N, O, o...) = the correlation of x (N, C, d...) with w (O, C/G, k...) plus b (O,) (G = groups, Note
// [Channel groups]): out[n, o, p] = b[o] + sum over c < C/G, q of x[n, g·C/G + c, p * stride - pad + q] · w[o, c, q]
// with g = o / (O/G), x being 0 outside.
class ConvKernel : public Kernel {
public:
    static const char* name() { return "Conv"; }
    virtual void Call(
            const Array& x,
            const Array& w,
            const std::optional<Array>& b,
            const Dims& stride,
            const Dims& pad,
            int64_t groups,
            const Array& out) = 0;
};

// out (N, O, d...) = the transposed convolution of x (N, C, i...) with w (C, O/G, k...) plus b (O,): each
// x[n, c, p] adds x[n, c, p] · w[c, o', q] to out[n, g·O/G + o', p * stride - pad + q] with g = c / (C/G)
// (positions outside are dropped). It is the adjoint of ConvKernel with the same w, stride, pad and groups.
class ConvTransposeKernel : public Kernel {
public:
    static const char* name() { return "ConvTranspose"; }
    virtual void Call(
            const Array& x,
            const Array& w,
            const std::optional<Array>& b,
            const Dims& stride,
            const Dims& pad,
            int64_t groups,
            const Array& out) = 0;
};

// gw (O, C/G, k...) = the gradient of a convolution's weight from its input x (N, C, d...) and output gradient
// gy (N, O, o...): gw[o, c, q] = sum over n, p of gy[n, o, p] · x[n, g·C/G + c, p * stride - pad + q], g = o / (O/G).
class ConvGradWeightKernel : public Kernel {
public:
    static const char* name() { return "ConvGradWeight"; }
    virtual void Call(
            const Array& x, const Array& gy, const Dims& stride, const Dims& pad, int64_t groups, const Array& gw) = 0;
};

}  // namespace chainerx
