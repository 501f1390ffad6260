// N-d max and average pooling over the spatial axes of (N, C, d1, ..., dn) arrays, n >= 1.
//
//     Array y = MaxPool(x, {2, 2}, {2, 2}, {0, 0});  // (N, C, 32, 32) -> (N, C, 16, 16)
//
// ksize, stride and pad have one entry per spatial axis. The output length of an axis of length d is
// (d + 2 * pad - ksize) / stride + 1, rounded down, or rounded up when `cover_all` (so that every input element
// is in some window). Errors: DimensionError if x has fewer than 3 axes, if ksize/stride/pad have the wrong
// length (or more entries than kMaxNdim), ksize or stride are not positive, pad is negative, the sizes overflow
// int64, or the kernel is bigger than the padded input (an output length below 1). pad may reach ksize: windows of
// padding only are then allowed (see each routine for their value).
#pragma once

#include <cstdint>

#include "chainerx/core/array.h"
#include "chainerx/core/shape.h"
#include "chainerx/core/stack_vector.h"

namespace chainerx {

// Per spatial axis sizes (the same alias as in kernels/pooling.h).
using Dims = StackVector<int64_t, kMaxNdim>;

// The maximum of each window; padding never wins (it acts as -inf). Any dtype; the result keeps it. Backward:
// gout routed to the position of each window's maximum (the first one on ties), accumulated where windows
// overlap; the backward is itself differentiable (its adjoint gathers from the same positions).
Array MaxPool(const Array& x, const Dims& ksize, const Dims& stride, const Dims& pad, bool cover_all = false);

// How AveragePool divides: kZero counts padding as zeros (divides by ksize's product), kIgnore averages the
// input elements of the window only (Chainer's pad_mode='ignore').
enum class AveragePoolPadMode { kZero, kIgnore };

// The mean of each window, in the math dtype (non-float inputs give float32); in kIgnore mode a window of padding
// only is 0 / 0 = NaN, as in Chainer. Backward: gout spread evenly over each window (a linear map, differentiable
// to any order).
Array AveragePool(
        const Array& x,
        const Dims& ksize,
        const Dims& stride,
        const Dims& pad,
        AveragePoolPadMode pad_mode = AveragePoolPadMode::kIgnore);

}  // namespace chainerx
