// Key kernels of softmax and log_softmax along one axis (routines/explog.h), of their gradients, and of logsumexp
// along one axis.
//
// Operands are floating point, of one dtype and shape, not connected to any graph; `axis` is in [0, ndim). Results
// are new arrays. The Generic* kernels compose routines (max, exp, sum, log) on any device: the native backend
// registers them as they are, and the CUDA backend computes each row in one kernel (cuda/softmax.cu).
#pragma once

#include <cstdint>

#include "chainerx/core/array.h"
#include "chainerx/core/kernel_registry.h"

namespace chainerx {

// y = log_softmax(x) = (x - max) - log(sum(exp(x - max))) along `axis` when `log`, else softmax(x) = exp of that.
class SoftmaxKernel : public Kernel {
public:
    static const char* name() { return "Softmax"; }
    virtual Array Call(const Array& x, int8_t axis, bool log) = 0;
};

// The gradient with respect to x of y = SoftmaxKernel(x, axis, log), given y and the output gradient gy:
//     softmax:      gx = y * (gy - sum(gy * y)),
//     log_softmax:  gx = gy - exp(y) * sum(gy),
// the sums along `axis`.
class SoftmaxGradKernel : public Kernel {
public:
    static const char* name() { return "SoftmaxGrad"; }
    virtual Array Call(const Array& y, const Array& gy, int8_t axis, bool log) = 0;
};

// out = log(sum(exp(x))) along `axis`, computed as log(sum(exp(x - max))) + max: x's shape with the axis kept as 1.
class LogSumExpKernel : public Kernel {
public:
    static const char* name() { return "LogSumExp"; }
    virtual Array Call(const Array& x, int8_t axis) = 0;
};

class GenericSoftmaxKernel : public SoftmaxKernel {
public:
    Array Call(const Array& x, int8_t axis, bool log) override;
};

class GenericSoftmaxGradKernel : public SoftmaxGradKernel {
public:
    Array Call(const Array& y, const Array& gy, int8_t axis, bool log) override;
};

class GenericLogSumExpKernel : public LogSumExpKernel {
public:
    Array Call(const Array& x, int8_t axis) override;
};

}  // namespace chainerx
