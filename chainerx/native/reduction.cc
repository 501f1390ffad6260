// Native kernels of the reduction family.
#include "chainerx/core/kernels/reduction.h"

#include <algorithm>
#include <type_traits>
#include <vector>

#include "chainerx/core/dtype.h"
#include "chainerx/native/elementwise.h"
#include "chainerx/native/native_backend.h"

namespace chainerx {
namespace native {
namespace {

// The type sums accumulate in: float for float16 (half precision cannot hold partial sums), int64 for integers.
template <typename T>
using SumAccumulator = std::conditional_t<
        std::is_same<T, Float16>::value,
        float,
        std::conditional_t<std::is_floating_point<T>::value, T, int64_t>>;

// Adds every element of x into acc, whose strides (in x's rank) are zero along the reduced axes. Runs along a
// reduced axis are summed into 8 independent partial sums, which vectorises and limits rounding error growth.
template <typename In, typename Acc>
void AccumulateSum(const Array& x, const Strides& acc_strides, Acc* acc) {
    ForEachInnerRun<2>(
            x.shape(), {&x.strides(), &acc_strides}, {DataPtr(x), reinterpret_cast<char*>(acc)}, [](auto p, int64_t n, auto s) {
                Acc* out = reinterpret_cast<Acc*>(p[1]);
                if (s[1] == 0) {
                    Acc partial[8] = {};
                    int64_t i = 0;
                    if (s[0] == sizeof(In)) {
                        const In* in = reinterpret_cast<const In*>(p[0]);
                        for (; i + 8 <= n; i += 8) {
                            for (int j = 0; j < 8; ++j) {
                                partial[j] += static_cast<Acc>(in[i + j]);
                            }
                        }
                    }
                    Acc total = 0;
                    for (; i < n; ++i) {
                        total += static_cast<Acc>(*reinterpret_cast<const In*>(p[0] + i * s[0]));
                    }
                    for (Acc v : partial) {
                        total += v;
                    }
                    *out += total;
                    return;
                }
                for (int64_t i = 0; i < n; ++i) {
                    *reinterpret_cast<Acc*>(p[1] + i * s[1]) += static_cast<Acc>(*reinterpret_cast<const In*>(p[0] + i * s[0]));
                }
            });
}

class NativeSumKernel : public SumKernel {
public:
    void Call(const Array& x, const Axes& axes, const Array& out) override {
        VisitDtype(x.dtype(), [&](auto pt) {
            using In = typename decltype(pt)::type;
            using Acc = SumAccumulator<In>;
            int64_t out_size = out.GetTotalSize();
            // out is freshly allocated and contiguous; view it in x's rank with zero strides on reduced axes.
            Strides acc_strides;
            int64_t stride = sizeof(Acc);
            acc_strides.resize(x.ndim(), 0);
            for (int8_t i = x.ndim() - 1, next = static_cast<int8_t>(axes.size()) - 1; i >= 0; --i) {
                if (next >= 0 && axes[next] == i) {
                    --next;
                    continue;
                }
                acc_strides[i] = stride;
                stride *= x.shape()[i];
            }
            // Only float16 sums need a separate accumulator; otherwise out has the accumulator's type.
            if constexpr (!std::is_same<In, Float16>::value) {
                Acc* acc = static_cast<Acc*>(out.raw_data());
                std::fill(acc, acc + out_size, Acc{0});
                AccumulateSum<In, Acc>(x, acc_strides, acc);
            } else {
                std::vector<Acc> acc(static_cast<size_t>(out_size), Acc{0});
                AccumulateSum<In, Acc>(x, acc_strides, acc.data());
                auto* dst = static_cast<In*>(out.raw_data());
                for (int64_t i = 0; i < out_size; ++i) {
                    dst[i] = CastValue<In>(acc[i]);
                }
            }
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(SumKernel, NativeSumKernel);

}  // namespace
}  // namespace native
}  // namespace chainerx
