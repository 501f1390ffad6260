// Native kernels of the fused optimizer updates: one strided, multithreaded pass (ParallelForEachInnerRun) that
// loads an element of every array, applies the rule of chainerx/core/numeric/optimizer.h and stores param and
// the states back. Contiguous runs take a loop over typed pointers that the compiler vectorises.
#include "chainerx/core/kernels/optimizer.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/optimizer.h"
#include "chainerx/native/elementwise.h"
#include "chainerx/native/native_backend.h"

namespace chainerx {
namespace native {
namespace {

// Index of grad among the arrays: the only one read and not written.
constexpr size_t kGradIndex = 1;

// Applies `rule` to elements [0, n) of runs starting at `ptrs` with byte steps `steps`. Element I of every
// array is loaded into its compute type, and every array but grad is stored back.
template <typename T, typename Rule, size_t N, size_t... I>
void UpdateRun(
        const Rule& rule,
        const std::array<char*, N>& ptrs,
        int64_t n,
        const std::array<int64_t, N>& steps,
        std::index_sequence<I...> /*indices*/) {
    using C = numeric::ComputeType<T>;
    // A local copy: stores through the element pointers cannot alias it, so its fields stay in registers.
    const Rule local_rule = rule;
    constexpr auto kItem = static_cast<int64_t>(sizeof(T));
    if (((steps[I] == kItem) && ...)) {
        std::array<T*, N> typed{reinterpret_cast<T*>(ptrs[I])...};
        for (int64_t i = 0; i < n; ++i) {
            std::array<C, N> x{static_cast<C>(typed[I][i])...};
            local_rule(x[I]...);
            ((I != kGradIndex ? void(typed[I][i] = static_cast<T>(x[I])) : void()), ...);
        }
        return;
    }
    for (int64_t i = 0; i < n; ++i) {
        std::array<T*, N> at{reinterpret_cast<T*>(ptrs[I] + i * steps[I])...};
        std::array<C, N> x{static_cast<C>(*at[I])...};
        local_rule(x[I]...);
        ((I != kGradIndex ? void(*at[I] = static_cast<T>(x[I])) : void()), ...);
    }
}

template <typename T, typename Rule, size_t N, size_t... I>
void Update(const std::array<Array, N>& arrays, const Rule& rule, std::index_sequence<I...> indices) {
    ParallelForEachInnerRun<N>(
            arrays[0].shape(),
            {&arrays[I].strides()...},
            {DataPtr(arrays[I])...},
            [&rule, indices](const std::array<char*, N>& ptrs, int64_t n, const std::array<int64_t, N>& steps) {
                UpdateRun<T>(rule, ptrs, n, steps, indices);
            });
}

template <typename KeyKernel, typename Rule>
class NativeFusedUpdateKernel : public KeyKernel {
public:
    void Call(const typename KeyKernel::Arrays& arrays, const Rule& rule) override {
        VisitDtypeIn<kFloatingDtypes>(arrays[0].dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            constexpr size_t kArrays = std::tuple_size<typename KeyKernel::Arrays>::value;
            Update<T>(arrays, rule, std::make_index_sequence<kArrays>{});
        });
    }
};

#define CHAINERX_NATIVE_REGISTER_FUSED_UPDATE(key_kernel, rule)                                                 \
    static ::chainerx::internal::KernelRegistration<key_kernel, NativeFusedUpdateKernel<key_kernel, numeric::rule>> \
            s_native_##key_kernel {                                                                            \
        NativeBackend::GetGlobalKernelRegistry()                                                               \
    }

CHAINERX_NATIVE_REGISTER_FUSED_UPDATE(SgdUpdateKernel, SgdRule);
CHAINERX_NATIVE_REGISTER_FUSED_UPDATE(MomentumSgdUpdateKernel, MomentumSgdRule);
CHAINERX_NATIVE_REGISTER_FUSED_UPDATE(CorrectedMomentumSgdUpdateKernel, CorrectedMomentumSgdRule);
CHAINERX_NATIVE_REGISTER_FUSED_UPDATE(NesterovAgUpdateKernel, NesterovAgRule);
CHAINERX_NATIVE_REGISTER_FUSED_UPDATE(AdaGradUpdateKernel, AdaGradRule);
CHAINERX_NATIVE_REGISTER_FUSED_UPDATE(AdaDeltaUpdateKernel, AdaDeltaRule);
CHAINERX_NATIVE_REGISTER_FUSED_UPDATE(RmsPropUpdateKernel, RmsPropRule);
CHAINERX_NATIVE_REGISTER_FUSED_UPDATE(RmsPropGravesUpdateKernel, RmsPropGravesRule);
CHAINERX_NATIVE_REGISTER_FUSED_UPDATE(AdamUpdateKernel, AdamRule);
CHAINERX_NATIVE_REGISTER_FUSED_UPDATE(AmsGradUpdateKernel, AmsGradRule);
CHAINERX_NATIVE_REGISTER_FUSED_UPDATE(Smorms3UpdateKernel, Smorms3Rule);
CHAINERX_NATIVE_REGISTER_FUSED_UPDATE(MsvagUpdateKernel, MsvagRule);

#undef CHAINERX_NATIVE_REGISTER_FUSED_UPDATE

}  // namespace
}  // namespace native
}  // namespace chainerx
