// Native kernel of the loss family: softmax cross entropy, one row after another (the routine's rows are a batch of
// class scores, short next to the matrix products that produce them).
#include "chainerx/core/kernels/loss.h"

#include <cmath>
#include <cstdint>

#include "chainerx/core/dtype.h"
#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/native/native_backend.h"

namespace chainerx {
namespace native {
namespace {

template <typename T, typename Label>
void SoftmaxCrossEntropyRows(const Array& x, const Array& t, const Array& out) {
    using C = numeric::ComputeType<T>;
    const int64_t rows = x.shape()[0];
    const int64_t classes = x.shape()[1];
    const char* x_base = static_cast<const char*>(x.raw_data());
    const char* t_base = static_cast<const char*>(t.raw_data());
    char* out_base = static_cast<char*>(out.raw_data());
    for (int64_t n = 0; n < rows; ++n) {
        const auto label = static_cast<int64_t>(*reinterpret_cast<const Label*>(t_base + n * t.strides()[0]));
        T& result = *reinterpret_cast<T*>(out_base + n * out.strides()[0]);
        if (label == -1) {
            result = T{0};
            continue;
        }
        const char* row = x_base + n * x.strides()[0];
        auto at = [row, &x](int64_t k) {
            return static_cast<C>(*reinterpret_cast<const T*>(row + k * x.strides()[1]));
        };
        // The maximum propagates NaN, as AMax does, so that a row with NaN gives NaN.
        C max = at(0);
        for (int64_t k = 1; k < classes; ++k) {
            C v = at(k);
            max = v > max || std::isnan(v) ? v : max;
        }
        C sum{0};
        for (int64_t k = 0; k < classes; ++k) {
            sum += std::exp(at(k) - max);
        }
        result = static_cast<T>(std::log(sum) + max - at(label));
    }
}

class NativeSoftmaxCrossEntropyKernel : public SoftmaxCrossEntropyKernel {
public:
    void Call(const Array& x, const Array& t, const Array& out) override {
        VisitDtypeIn<kFloatingDtypes>(x.dtype(), [&](auto x_pt) {
            using T = typename decltype(x_pt)::type;
            VisitDtypeIn<kIntegerDtypes>(t.dtype(), [&](auto t_pt) {
                SoftmaxCrossEntropyRows<T, typename decltype(t_pt)::type>(x, t, out);
            });
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(SoftmaxCrossEntropyKernel, NativeSoftmaxCrossEntropyKernel);

}  // namespace
}  // namespace native
}  // namespace chainerx
