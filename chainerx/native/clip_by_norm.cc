// Native kernels of gradient clipping by the global norm (Note [Clipping by the global norm] in
// routines/clip_by_norm.cc): each array's sum of squares by the threaded, deterministic SumSquaresKernel, their
// total in double on the host; then, only where the rate is below 1 (or NaN), one scalar product per array.
#include <cmath>
#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/device.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/arithmetic.h"
#include "chainerx/core/kernels/optimizer.h"
#include "chainerx/core/kernels/reduction.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/scalar.h"
#include "chainerx/core/shape.h"
#include "chainerx/native/native_backend.h"

namespace chainerx {
namespace native {
namespace {

double ReadFloat(const Array& a) {
    return a.dtype() == Dtype::kFloat64 ? *static_cast<const double*>(a.raw_data())
                                        : static_cast<double>(*static_cast<const float*>(a.raw_data()));
}

class NativeSquaredNormKernel : public SquaredNormKernel {
public:
    void Call(const std::vector<Array>& arrays, const Array& squared_norm) override {
        Device& device = squared_norm.device();
        double total = 0;
        for (const Array& a : arrays) {
            // float16 squares in float32, whose sum SumSquaresKernel gives in float32.
            Array x = a.dtype() == Dtype::kFloat16 ? a.AsType(Dtype::kFloat32) : a;
            Array sum = Empty({}, x.dtype(), device);
            Axes axes;
            for (int8_t i = 0; i < x.ndim(); ++i) {
                axes.push_back(i);
            }
            device.CallKernel<SumSquaresKernel>(x, axes, sum);
            total += ReadFloat(sum);
        }
        if (squared_norm.dtype() == Dtype::kFloat64) {
            *static_cast<double*>(squared_norm.raw_data()) = total;
        } else {
            *static_cast<float*>(squared_norm.raw_data()) = static_cast<float>(total);
        }
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(SquaredNormKernel, NativeSquaredNormKernel);

class NativeClipByNormKernel : public ClipByNormKernel {
public:
    void Call(const std::vector<Array>& arrays, const Array& squared_norm, double threshold) override {
        // In the squared norm's dtype, as the CUDA kernel computes it.
        double rate = squared_norm.dtype() == Dtype::kFloat64
                              ? threshold / std::sqrt(ReadFloat(squared_norm))
                              : static_cast<double>(static_cast<float>(threshold) /
                                                    std::sqrt(static_cast<float>(ReadFloat(squared_norm))));
        if (rate >= 1) {
            return;
        }
        for (const Array& a : arrays) {
            a.device().CallKernel<MultiplyASKernel>(a, Scalar{rate}, a);
        }
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(ClipByNormKernel, NativeClipByNormKernel);

}  // namespace
}  // namespace native
}  // namespace chainerx
