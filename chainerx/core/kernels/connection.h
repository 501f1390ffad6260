// Key kernels of the connection family: N-d convolution, its transpose, and the convolution's weight gradient.
//
// Kernels may assume validated input: x, w and gy C-contiguous and of out's dtype (any dtype; bool sums are ORs),
// b null or a C-contiguous (O,) array of that dtype, at least one spatial axis, stride and pad with one entry per
// spatial axis, and out allocated C-contiguous with its final shape (which fixes the output size, so cover_all
// never reaches a kernel).
#pragma once

#include <cstdint>
#include <optional>

#include "chainerx/core/array.h"
#include "chainerx/core/kernel_registry.h"
#include "chainerx/core/stack_vector.h"

namespace chainerx {

// Per-spatial-axis sizes (kernel size, stride, padding, output size).
using Dims = StackVector<int64_t, kMaxNdim>;

// out (N, O, o...) = the correlation of x (N, C, d...) with w (O, C, k...) plus b (O,):
// out[n, o, p] = b[o] + sum over c, q of x[n, c, p * stride - pad + q] · w[o, c, q], x being 0 outside.
class ConvKernel : public Kernel {
public:
    static const char* name() { return "Conv"; }
    virtual void Call(
            const Array& x,
            const Array& w,
            const std::optional<Array>& b,
            const Dims& stride,
            const Dims& pad,
            const Array& out) = 0;
};

// out (N, O, d...) = the transposed convolution of x (N, C, i...) with w (C, O, k...) plus b (O,): each
// x[n, c, p] adds x[n, c, p] · w[c, o, q] to out[n, o, p * stride - pad + q] (positions outside are dropped).
// It is the adjoint of ConvKernel with the same w, stride and pad.
class ConvTransposeKernel : public Kernel {
public:
    static const char* name() { return "ConvTranspose"; }
    virtual void Call(
            const Array& x,
            const Array& w,
            const std::optional<Array>& b,
            const Dims& stride,
            const Dims& pad,
            const Array& out) = 0;
};

// gw (O, C, k...) = the gradient of a convolution's weight from its input x (N, C, d...) and output gradient
// gy (N, O, o...): gw[o, c, q] = sum over n, p of gy[n, o, p] · x[n, c, p * stride - pad + q].
class ConvGradWeightKernel : public Kernel {
public:
    static const char* name() { return "ConvGradWeight"; }
    virtual void Call(const Array& x, const Array& gy, const Dims& stride, const Dims& pad, const Array& gw) = 0;
};

}  // namespace chainerx
