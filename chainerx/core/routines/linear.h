// The fully connected layer y = x · wᵀ + b, with its gradients (its own file so that the dense-layer path can be
// tuned without touching convolution; routines/connection.h includes it).
//
//     Array h = Linear(x, w, b);                       // x (N, I), w (O, I), b (O,) → (N, O)
//     Array y = Linear(x3d, w, std::nullopt, 2);       // x (N, T, I) → (N, T, O)
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "chainerx/core/array.h"

namespace chainerx {

// y = x · wᵀ + b over the trailing axes of x: x (B1..Bk, I...) is read as a (B1·..·Bk, I1·..·Im) matrix with
// k = n_batch_axes, w is (O, I1·..·Im), b (O,); y has shape (B1..Bk, O) and dtype ResultType(x, w, b) (all-bool
// operands give bool: each output is the OR over the ANDs of its products, ORed with b). Throws DimensionError
// for n_batch_axes outside [1, x.ndim()], a w that is not 2-D, w's columns not matching x's features, or a b that
// is not (O,); DeviceError for operands on different devices.
//
// One kernel call computes the product with the bias folded in (a matrix-vector product for one row). Backward
// (each gradient only when its input requires one): gx = gy · w, gw = gyᵀ · x (C-contiguous, like w), gb = gy
// summed over the batch; all three are Linear products themselves, so they can be differentiated again.
// Retains x for gw and w for gx.
Array Linear(const Array& x, const Array& w, const std::optional<Array>& b = std::nullopt, int64_t n_batch_axes = 1);

class BackwardContext;

namespace internal {

// For the backward functions of matrix products: adds a (m, k) · bᵀ (b is (n, k)) into the gradient the backward
// pass holds for the target input, of shape (m, n), and returns true; false when it cannot, and the caller sets
// input_grad() as usual. Note [Product gradients added in place] in linear.cc.
bool AddProductToAccumulatedGrad(BackwardContext& bctx, size_t target_index, const Array& a, const Array& b);

}  // namespace internal

}  // namespace chainerx
