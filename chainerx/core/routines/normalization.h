// Batch normalization for training and inference, and layer normalization.
//
// `axis` lists the axes statistics are taken over (nullopt: axis 0, the batch axis; pass {0, 2, 3} for the
// channels of images). gamma, beta and the statistics hold one value per position of the other axes: their total
// size must be the product of x's non-reduced dimensions (they are reshaped to x's rank, so (C,) fits x of shape
// (N, C, H, W) with axis {0, 2, 3}). Errors: DimensionError for bad axes or parameter sizes, DeviceError for
// parameters on another device, DtypeError for an x that is not floating point. The result has x's dtype: the
// computation runs in ResultType of x and the parameters (gamma, beta, and for FixedBatchNorm mean and var) and is
// cast back, so float16 x with float32 parameters is normalized in float32. Each gradient has its input's dtype.
//
//     Array y = BatchNorm(x, gamma, beta, running_mean, running_var, 2e-5, 0.9, Axes{0, 2, 3});
#pragma once

#include "chainerx/core/array.h"
#include "chainerx/core/shape.h"

namespace chainerx {

// (x - mean) / sqrt(var + eps) * gamma + beta with the (biased) mean and variance of x over `axis`. Updates the
// running statistics in place, outside any graph: running = decay * running + (1 - decay) * batch statistic,
// with the variance corrected to unbiased (times m / (m - 1), m the number of reduced elements). Throws
// DtypeError if running_mean or running_var is not floating point and ChainerxError if one requires grad.
// Backward: through the batch statistics, to x, gamma and beta, differentiable to any order.
Array BatchNorm(
        const Array& x,
        const Array& gamma,
        const Array& beta,
        const Array& running_mean,
        const Array& running_var,
        double eps = 2e-5,
        double decay = 0.9,
        const OptionalAxes& axis = std::nullopt);

// (x - mean) / sqrt(var + eps) * gamma + beta with given statistics (inference). Differentiable to any order with
// respect to all five inputs.
Array FixedBatchNorm(
        const Array& x,
        const Array& gamma,
        const Array& beta,
        const Array& mean,
        const Array& var,
        double eps = 2e-5,
        const OptionalAxes& axis = std::nullopt);

// Layer normalization: x standardized over its last gamma.ndim() axes (each sample over its features), then scaled
// by gamma and shifted by beta, which have the shape of those axes: (x - mean) / sqrt(var + eps) * gamma + beta with
// the mean and (biased) variance of each sample. Errors as BatchNorm's: DimensionError unless gamma and beta have
// the shape of x's trailing axes (and at least one axis), DeviceError, DtypeError for x not floating point. The
// result has x's dtype, computed in ResultType of x, gamma and beta. Backward: to x, gamma and beta, differentiable
// to any order.
Array LayerNorm(const Array& x, const Array& gamma, const Array& beta, double eps = 1e-5);

// L2 normalization (not in the original's API: what F.normalize runs on chainerx): x / (sqrt(sum(x^2)) + eps), the
// sum over `axis` (nullopt: all axes), each vector divided by its norm plus eps. x floating point (DtypeError
// otherwise; float16 computes in float32), DimensionError for bad axes; the result has x's dtype. Two kernels forward
// and three backward (Note [L2 normalization in two kernels] in normalization_l2.cc); differentiable to any order,
// with a finite gradient at zero vectors.
Array L2Normalize(const Array& x, double eps = 1e-5, const OptionalAxes& axis = Axes{1});

}  // namespace chainerx
