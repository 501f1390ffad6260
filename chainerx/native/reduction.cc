// Native kernels of the reduction family: one line per reduction (see native/reduce.h), plus the cumulative
// sum and product, which are scans rather than reductions.
#include "chainerx/core/kernels/reduction.h"

#include <cstdint>

#include "chainerx/core/dtype.h"
#include "chainerx/core/numeric/reduction.h"
#include "chainerx/native/elementwise.h"
#include "chainerx/native/native_backend.h"
#include "chainerx/native/reduce.h"

namespace chainerx {
namespace native {
namespace {

CHAINERX_NATIVE_REGISTER_REDUCTION(SumKernel, numeric::SumOp, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_REDUCTION(ProdKernel, numeric::ProdOp, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_REDUCTION(NanSumKernel, numeric::NanSumOp, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_REDUCTION(SumSquaresKernel, numeric::SumSquaresOp, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_REDUCTION(CountNonzeroKernel, numeric::CountNonzeroOp, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_REDUCTION(AllKernel, numeric::AllOp, kAllDtypeMask);
CHAINERX_NATIVE_REGISTER_REDUCTION(AnyKernel, numeric::AnyOp, kAllDtypeMask);

// Running sum (product: Op) along one lane of n elements (byte steps xs, os), walked backwards when `reverse`.
template <typename Op>
void ScanLane(const char* x, char* out, int64_t n, int64_t xs, int64_t os, bool reverse) {
    using In = typename Op::In;
    using Out = typename Op::Out;
    if (reverse && n > 0) {
        x += (n - 1) * xs;
        out += (n - 1) * os;
        xs = -xs;
        os = -os;
    }
    typename Op::Acc acc = Op::Identity();
    for (int64_t k = 0; k < n; ++k) {
        acc = Op::Accumulate(acc, *reinterpret_cast<const In*>(x + k * xs));
        *reinterpret_cast<Out*>(out + k * os) = CastValue<Out>(acc);
    }
}

// The cumulative sum (OpOf = SumOp) or product (ProdOp).
template <typename KeyKernel, template <typename> class OpOf>
class NativeScanKernel : public KeyKernel {
public:
    void Call(const Array& x, int8_t axis, bool reverse, const Array& out) override {
        VisitDtype(x.dtype(), [&](auto pt) {
            using Op = OpOf<typename decltype(pt)::type>;
            // Walk every lane (all axes but `axis`) and scan along it.
            Shape lanes = x.shape();
            const int64_t n = lanes[axis];
            lanes[axis] = 1;
            const int64_t xs = x.strides()[axis];
            const int64_t os = out.strides()[axis];
            auto scan_lanes = [&](auto p, int64_t m, auto s) {
                for (int64_t j = 0; j < m; ++j) {
                    ScanLane<Op>(p[0] + j * s[0], p[1] + j * s[1], n, xs, os, reverse);
                }
            };
            ForEachInnerRun<2>(lanes, {&x.strides(), &out.strides()}, {DataPtr(x), DataPtr(out)}, scan_lanes);
        });
    }
};
using NativeCumsumKernel = NativeScanKernel<CumsumKernel, numeric::SumOp>;
using NativeCumprodKernel = NativeScanKernel<CumprodKernel, numeric::ProdOp>;
CHAINERX_NATIVE_REGISTER_KERNEL(CumsumKernel, NativeCumsumKernel);
CHAINERX_NATIVE_REGISTER_KERNEL(CumprodKernel, NativeCumprodKernel);

}  // namespace
}  // namespace native
}  // namespace chainerx
