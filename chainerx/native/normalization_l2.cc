// Native kernels of L2 normalization (Note [L2 normalization in two kernels] in routines/normalization_l2.cc).
#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/normalization.h"
#include "chainerx/core/numeric/normalization.h"
#include "chainerx/native/elementwise.h"
#include "chainerx/native/elementwise_kernels.h"
#include "chainerx/native/native_backend.h"

namespace chainerx {
namespace native {
namespace {

CHAINERX_NATIVE_REGISTER_BINARY_WITH_SCALAR(L2NormalizeKernel, numeric::L2Normalize, kFloatingDtypes);

class NativeL2NormalizeGradKernel : public L2NormalizeGradKernel {
public:
    void Call(const Array& gout, const Array& x, const Array& s, const Array& r, double eps,
              const Array& gx) override {
        VisitDtypeIn<kFloatingDtypes>(gx.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            const auto e = static_cast<T>(eps);
            ParallelForEachInnerRun<5>(
                    gx.shape(),
                    {&gout.strides(), &x.strides(), &s.strides(), &r.strides(), &gx.strides()},
                    {DataPtr(gout), DataPtr(x), DataPtr(s), DataPtr(r), DataPtr(gx)},
                    [e](auto p, int64_t n, auto step) {
                        auto at = [&p, &step](int k, int64_t i) { return *reinterpret_cast<T*>(p[k] + i * step[k]); };
                        for (int64_t i = 0; i < n; ++i) {
                            *reinterpret_cast<T*>(p[4] + i * step[4]) =
                                    numeric::L2NormalizeGrad{}(at(0, i), at(1, i), at(2, i), at(3, i), e);
                        }
                    });
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(L2NormalizeGradKernel, NativeL2NormalizeGradKernel);

}  // namespace
}  // namespace native
}  // namespace chainerx
