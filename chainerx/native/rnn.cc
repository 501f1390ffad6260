// Native kernels of the recurrent family: the LSTM cell in one pass each way. The backend declines the fused
// n_step_* networks (kernels/rnn.h): the routine composes them of Linear and the cells (Note [Fused recurrent
// networks] in routines/rnn_n_step.cc).
#include "chainerx/core/kernels/rnn.h"

#include <cstdint>
#include <optional>

#include "chainerx/core/dtype.h"
#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/rnn.h"
#include "chainerx/native/native_backend.h"
#include "chainerx/native/parallel.h"

namespace chainerx {
namespace native {
namespace {

// Calls f(e, hr, r) for every element e of the cell state c (B, H, R...) over the thread pool; hr = H * r.
template <typename F>
void ForEachCellElement(const Array& c, F&& f) {
    const int64_t total = c.GetTotalSize();
    const int64_t hr = c.shape()[0] == 0 ? 1 : total / c.shape()[0];
    const int64_t r = c.shape()[1] == 0 ? 1 : hr / c.shape()[1];
    // About twenty transcendental functions per element: a chunk is worth a thread from fewer elements than a copy.
    ParallelFor(total, kElementwiseGrain / 16, [&f, hr, r](int64_t begin, int64_t end) {
        for (int64_t e = begin; e < end; ++e) {
            f(e, hr, r);
        }
    });
}

// static_cast<To>, for numeric/rnn.h's loads and stores.
template <typename To>
struct StaticCast {
    template <typename From>
    To operator()(From v) const {
        return static_cast<To>(v);
    }
};

class NativeLstmKernel : public LstmKernel {
public:
    void Call(const Array& c, const Array& x, const Array& c_new, const Array& h) override {
        VisitDtypeIn<kFloatingDtypes>(c.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            using C = numeric::ComputeType<T>;
            const auto* cp = static_cast<const T*>(c.raw_data());
            const auto* xp = static_cast<const T*>(x.raw_data());
            auto* c_new_p = static_cast<T*>(c_new.raw_data());
            auto* hp = static_cast<T*>(h.raw_data());
            ForEachCellElement(c, [=](int64_t e, int64_t hr, int64_t r) {
                const auto s = numeric::LoadLstmGates<C>(cp, xp, e, hr, r, StaticCast<C>{});
                c_new_p[e] = static_cast<T>(s.c_new);
                hp[e] = static_cast<T>(s.so * numeric::Tanh{}(s.c_new));
            });
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(LstmKernel, NativeLstmKernel);

class NativeLstmGradKernel : public LstmGradKernel {
public:
    void Call(const Array& c,
              const Array& x,
              const std::optional<Array>& gc,
              const std::optional<Array>& gh,
              const Array& gc_prev,
              const Array& gx) override {
        VisitDtypeIn<kFloatingDtypes>(c.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            using C = numeric::ComputeType<T>;
            const auto* cp = static_cast<const T*>(c.raw_data());
            const auto* xp = static_cast<const T*>(x.raw_data());
            const T* gcp = gc.has_value() ? static_cast<const T*>(gc->raw_data()) : nullptr;
            const T* ghp = gh.has_value() ? static_cast<const T*>(gh->raw_data()) : nullptr;
            auto* gc_prev_p = static_cast<T*>(gc_prev.raw_data());
            auto* gxp = static_cast<T*>(gx.raw_data());
            ForEachCellElement(c, [=](int64_t e, int64_t hr, int64_t r) {
                const auto s = numeric::LoadLstmGates<C>(cp, xp, e, hr, r, StaticCast<C>{});
                const C gc_e = gcp == nullptr ? C{0} : static_cast<C>(gcp[e]);
                const C gh_e = ghp == nullptr ? C{0} : static_cast<C>(ghp[e]);
                const numeric::LstmGateGrads<C> g{s, static_cast<C>(cp[e]), gc_e, gh_e};
                numeric::StoreLstmGrads(g, e, hr, r, gxp, gc_prev_p, StaticCast<T>{});
            });
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(LstmGradKernel, NativeLstmGradKernel);

class NativeNStepRnnKernel : public NStepRnnKernel {
public:
    std::optional<NStepRnnOutputs> Call(const NStepRnnInputs& /*inputs*/, bool /*training*/) override {
        return std::nullopt;
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(NStepRnnKernel, NativeNStepRnnKernel);

}  // namespace
}  // namespace native
}  // namespace chainerx
