// Key kernels of batch and layer normalization (routines/normalization.h).
//
// All operands have one floating dtype (the routine casts to the dtype it computes in) and no operand is connected
// to a graph. Results are new arrays. For batch normalization gamma, beta and the statistics have x's rank with size
// 1 on the reduced axes (keepdims), and `axes` are sorted and unique; layer normalization works on the rows of a
// matrix.
//
// The Generic* kernels compute with routines on any device: the native backend registers them as they are, and a
// backend with a library or kernels of its own derives from them and passes the other cases on to them (see
// cuda/normalization.cu, which uses cuDNN, and cuda/layer_norm.cu).
#pragma once

#include "chainerx/core/array.h"
#include "chainerx/core/kernel_registry.h"
#include "chainerx/core/kernels/kernel_types.h"
#include "chainerx/core/shape.h"

namespace chainerx {

struct BatchNormResult {
    Array out;
    Array mean;
    Array var;  // biased: the mean of (x - mean)^2
};

// The running statistics that a training-mode batch normalization updates in place, outside any graph:
//     mean = decay * mean + (1 - decay) * batch mean,
//     var = decay * var + (1 - decay) * unbias * batch variance,
// unbias = m / max(m - 1, 1) for m values per statistic (the running variance estimates the population's). Each is
// floating point, of any dtype and layout, with as many elements as the batch statistics (not necessarily their
// shape).
struct RunningStatistics {
    Array mean;
    Array var;
    double decay;
    double unbias;
};

// Training: out = (x - mean) / sqrt(var + eps) * gamma + beta, with the mean and the (biased) variance of x over
// `axes`, which are returned for the backward and folded into `running` (one kernel with the statistics' own
// final step where the backend can: Note [Batch statistics in one launch] in cuda/normalization.cu).
class BatchNormKernel : public Kernel {
public:
    static const char* name() { return "BatchNorm"; }
    virtual BatchNormResult Call(
            const Array& x,
            const Array& gamma,
            const Array& beta,
            double eps,
            const Axes& axes,
            const RunningStatistics& running) = 0;
};

struct BatchNormGradResult {
    Array gx;
    Array ggamma;
    Array gbeta;
};

// The first-order gradients of BatchNorm for the output gradient gout, given the batch mean and variance of its
// forward.
class BatchNormGradKernel : public Kernel {
public:
    static const char* name() { return "BatchNormGrad"; }
    virtual BatchNormGradResult Call(
            const Array& x,
            const Array& gamma,
            const Array& gout,
            const Array& mean,
            const Array& var,
            double eps,
            const Axes& axes) = 0;
};

// Inference: out = (x - mean) / sqrt(var + eps) * gamma + beta with the given statistics.
class FixedBatchNormKernel : public Kernel {
public:
    static const char* name() { return "FixedBatchNorm"; }
    virtual Array Call(
            const Array& x,
            const Array& gamma,
            const Array& beta,
            const Array& mean,
            const Array& var,
            double eps,
            const Axes& axes) = 0;
};

struct LayerNormResult {
    Array out;
    Array mean;  // (rows,)
    Array inv_std;  // (rows,): 1 / sqrt(var + eps), var the row's biased variance
};

// Layer normalization of the rows of x (rows, cols): out = (x - mean) * inv_std * gamma + beta with each row's mean
// and variance, gamma and beta (cols,) applied along the row.
class LayerNormKernel : public Kernel {
public:
    static const char* name() { return "LayerNorm"; }
    virtual LayerNormResult Call(const Array& x, const Array& gamma, const Array& beta, double eps) = 0;
};

struct LayerNormGradResult {
    Array gx;
    Array ggamma;
    Array gbeta;
};

// The first-order gradients of LayerNorm for the output gradient gout (rows, cols), given its forward's mean and
// inv_std: with xhat = (x - mean) * inv_std and g = gout * gamma,
//     gx = inv_std * (g - mean(g) - xhat * mean(g * xhat))   (means along the row),
//     ggamma = the sum over the rows of gout * xhat, gbeta = the sum over the rows of gout.
class LayerNormGradKernel : public Kernel {
public:
    static const char* name() { return "LayerNormGrad"; }
    virtual LayerNormGradResult Call(
            const Array& x, const Array& gamma, const Array& gout, const Array& mean, const Array& inv_std) = 0;
};

class GenericBatchNormKernel : public BatchNormKernel {
public:
    BatchNormResult Call(
            const Array& x,
            const Array& gamma,
            const Array& beta,
            double eps,
            const Axes& axes,
            const RunningStatistics& running) override;
};

class GenericLayerNormKernel : public LayerNormKernel {
public:
    LayerNormResult Call(const Array& x, const Array& gamma, const Array& beta, double eps) override;
};

class GenericLayerNormGradKernel : public LayerNormGradKernel {
public:
    LayerNormGradResult Call(
            const Array& x, const Array& gamma, const Array& gout, const Array& mean, const Array& inv_std) override;
};

// Updates `running` with the batch statistics mean and var (of any shape with their number of elements), composed
// of routines: what GenericBatchNormKernel does, and what a backend's kernel may fall back to.
void UpdateRunningStatistics(const RunningStatistics& running, const Array& mean, const Array& var);

class GenericBatchNormGradKernel : public BatchNormGradKernel {
public:
    BatchNormGradResult Call(
            const Array& x,
            const Array& gamma,
            const Array& gout,
            const Array& mean,
            const Array& var,
            double eps,
            const Axes& axes) override;
};

class GenericFixedBatchNormKernel : public FixedBatchNormKernel {
public:
    Array Call(
            const Array& x,
            const Array& gamma,
            const Array& beta,
            const Array& mean,
            const Array& var,
            double eps,
            const Axes& axes) override;
};

// L2 normalization (Note [L2 normalization in two kernels] in routines/normalization_l2.cc): out = x / (sqrt(s) +
// eps) elementwise, s the sum of the squares of x's vector broadcast to x's shape (numeric::L2Normalize).
CHAINERX_DEFINE_KEY_KERNEL(L2NormalizeKernel, BinaryWithScalarKernel);

// Its gradient, gx = gout / d - x * r / (d^2 n) (numeric::L2NormalizeGrad), with s and r (the sum of x * gout over
// the vector) broadcast to x's shape. Operands of one float dtype, any strides; gx as out of a BinaryKernel.
class L2NormalizeGradKernel : public Kernel {
public:
    static const char* name() { return "L2NormalizeGrad"; }
    virtual void Call(const Array& gout, const Array& x, const Array& s, const Array& r, double eps,
                      const Array& gx) = 0;
};

}  // namespace chainerx
