// Activation functions of neural networks. All of them compute in the math dtype (floating-point inputs keep
// their dtype; bool and integer inputs give float32), never throw for valid arrays, and are differentiable to
// any order (their backward is written with routines). relu and sigmoid have kernels of their own; the others
// are compositions of arithmetic routines.
//
//     Array h = Relu(Linear(x, w, b));
#pragma once

#include <cstdint>

#include "chainerx/core/array.h"

namespace chainerx {

// max(x, 0) elementwise (NaN stays NaN). Backward: gout where out > 0, else 0.
Array Relu(const Array& x);

// 1 / (1 + exp(-x)), computed without overflow for large |x|. Backward: gout * out * (1 - out).
Array Sigmoid(const Array& x);

// x for x > 0, alpha * (exp(x) - 1) otherwise. Backward: gout for x > 0, gout * alpha * exp(x) otherwise.
Array Elu(const Array& x, double alpha = 1.0);

// x for x >= 0, slope * x otherwise. Backward: gout or gout * slope.
Array LeakyRelu(const Array& x, double slope = 0.2);

// The parametric ReLU (not in the original's API: what F.prelu runs on chainerx): x where x >= 0, else w * x, w
// broadcast to x's shape (NumPy's rules; DimensionError otherwise). x and w of one floating-point dtype (DtypeError),
// one device. Backward: gout (or gout * w) for x, the sum of gout * x over x < 0 for w; differentiable to any order.
Array PRelu(const Array& x, const Array& w);

// Swish (not in the original's API: what F.swish runs on chainerx): x * sigmoid(beta * x), beta broadcast to x's
// shape, with the dtype, shape and device checks of PRelu. Backward: gout * (s + beta * y * (1 - s)) for x and the
// sum of gout * y * (x - y) over the broadcast axes for beta (s = sigmoid(beta * x), y the output); differentiable
// to any order.
Array Swish(const Array& x, const Array& beta);

// min(max(x, 0), z). Backward: gout for 0 < x < z, else 0.
Array ClippedRelu(const Array& x, double z = 20.0);

// Concatenation of relu(x) and relu(-x) along `axis`, which doubles that axis. DimensionError if `axis` is
// out of range (0-d inputs included).
Array Crelu(const Array& x, int8_t axis = 1);

// log(1 + exp(beta * x)) / beta, computed without overflow for large |beta * x|. Backward: gout * sigmoid(beta * x).
Array Softplus(const Array& x, double beta = 1.0);

}  // namespace chainerx
