// Native kernels of the manipulation family.
#include "chainerx/core/kernels/manipulation.h"

#include "chainerx/core/dtype.h"
#include "chainerx/native/elementwise.h"
#include "chainerx/native/native_backend.h"

namespace chainerx {
namespace native {
namespace {

class NativeMaskedCopyKernel : public MaskedCopyKernel {
public:
    void Call(const Array& x, const Array& mask, const Array& out) override {
        VisitDtype(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            ForEachInnerRun<3>(
                    out.shape(),
                    {&x.strides(), &mask.strides(), &out.strides()},
                    {DataPtr(x), DataPtr(mask), DataPtr(out)},
                    [](auto p, int64_t n, auto s) {
                        for (int64_t i = 0; i < n; ++i) {
                            if (*reinterpret_cast<const bool*>(p[1] + i * s[1])) {
                                *reinterpret_cast<T*>(p[2] + i * s[2]) = *reinterpret_cast<const T*>(p[0] + i * s[0]);
                            }
                        }
                    });
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(MaskedCopyKernel, NativeMaskedCopyKernel);
CHAINERX_NATIVE_REGISTER_KERNEL(ConcatenateKernel, GenericConcatenateKernel);

}  // namespace
}  // namespace native
}  // namespace chainerx
