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
            MapElementwise<T, T, T, T, T>(
                    [e](T g, T x_i, T s_i, T r_i) { return numeric::L2NormalizeGrad{}(g, x_i, s_i, r_i, e); },
                    gx, gout, x, s, r);
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(L2NormalizeGradKernel, NativeL2NormalizeGradKernel);

}  // namespace
}  // namespace native
}  // namespace chainerx
