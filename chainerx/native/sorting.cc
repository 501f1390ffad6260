// Native kernels of the sorting family: the arg-reductions, one registration line each over a shared lane
// scan (the routine moves the reduced axis last, so a lane is one strided run).
#include "chainerx/core/kernels/sorting.h"

#include <cstdint>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/sorting.h"
#include "chainerx/core/shape.h"
#include "chainerx/native/elementwise.h"
#include "chainerx/native/native_backend.h"

namespace chainerx {
namespace native {
namespace {

// The position of the preferred element among n elements at byte step `step`; -1 if all are skipped.
template <typename Op, typename T>
int64_t ScanLane(const char* x, int64_t n, int64_t step) {
    using C = numeric::ComputeType<T>;
    int64_t best_index = -1;
    C best{};
    for (int64_t k = 0; k < n; ++k) {
        numeric::ConsiderNext<Op>(static_cast<C>(*reinterpret_cast<const T*>(x + k * step)), k, best, best_index);
    }
    return best_index;
}

template <typename KeyKernel, typename Op>
class NativeArgReductionKernel : public KeyKernel {
public:
    void Call(const Array& x, const Array& out) override {
        const int8_t last = x.ndim() - 1;
        const int64_t n = x.shape()[last];
        const int64_t step = x.strides()[last];
        Strides lane_starts{x.strides().begin(), x.strides().end() - 1};
        VisitDtype(x.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            auto scan_lanes = [n, step](auto p, int64_t count, auto s) {
                for (int64_t i = 0; i < count; ++i) {
                    *reinterpret_cast<int64_t*>(p[1] + i * s[1]) = ScanLane<Op, T>(p[0] + i * s[0], n, step);
                }
            };
            ForEachInnerRun<2>(out.shape(), {&lane_starts, &out.strides()}, {DataPtr(x), DataPtr(out)}, scan_lanes);
        });
    }
};

using ArgMaxImpl = NativeArgReductionKernel<ArgMaxKernel, numeric::ArgMaxOp>;
using ArgMinImpl = NativeArgReductionKernel<ArgMinKernel, numeric::ArgMinOp>;
using NanArgMaxImpl = NativeArgReductionKernel<NanArgMaxKernel, numeric::NanArgMaxOp>;
using NanArgMinImpl = NativeArgReductionKernel<NanArgMinKernel, numeric::NanArgMinOp>;
CHAINERX_NATIVE_REGISTER_KERNEL(ArgMaxKernel, ArgMaxImpl);
CHAINERX_NATIVE_REGISTER_KERNEL(ArgMinKernel, ArgMinImpl);
CHAINERX_NATIVE_REGISTER_KERNEL(NanArgMaxKernel, NanArgMaxImpl);
CHAINERX_NATIVE_REGISTER_KERNEL(NanArgMinKernel, NanArgMinImpl);

}  // namespace
}  // namespace native
}  // namespace chainerx
