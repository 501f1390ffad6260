// Native kernels of the recurrent family: the LSTM cell in one pass each way (Note [Native LSTM cell]). The backend
// declines the fused n_step_* networks (kernels/rnn.h): the routine composes them of Linear and the cells (Note
// [Fused recurrent networks] in routines/rnn_n_step.cc).
#include "chainerx/core/kernels/rnn.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <type_traits>

#include "chainerx/core/dtype.h"
#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/rnn.h"
#include "chainerx/native/native_backend.h"
#include "chainerx/native/parallel.h"
#include "chainerx/native/vecmath.h"

namespace chainerx {
namespace native {
namespace {

// Note [Native LSTM cell]
// The cells go in blocks of kLstmBlock elements of the cell state. A block's gates are gathered into contiguous
// buffers and activated there, float32 and float16 (which compute in float) by the vectorised float-math loops of
// native/vecmath.h: five scalar tanh and sigmoid calls per element took most of the time. The rest of the cell (the
// new state, the output, the gradients) is arithmetic per element, with numeric/rnn.h's formulas.
constexpr int64_t kLstmBlock = 256;

template <typename T>
class LstmBlock {
public:
    using C = numeric::ComputeType<T>;

    // The gates of elements [begin, begin + n) of the cell state c (B, H, R...) and of the gates x; hr = H * r.
    LstmBlock(const T* c, const T* x, int64_t begin, int64_t n, int64_t hr, int64_t r) {
        for (int64_t k = 0; k < n; ++k) {
            const int64_t e = begin + k;
            for (int64_t g = 0; g < 4; ++g) {
                pre_[g][k] = static_cast<C>(x[numeric::LstmGateIndex(e, g, hr, r)]);
            }
            c_[k] = static_cast<C>(c[e]);
        }
        Activate(FloatMathFunction::kTanh, pre_[0], act_[0], n);
        for (int64_t g = 1; g < 4; ++g) {
            Activate(FloatMathFunction::kSigmoid, pre_[g], act_[g], n);
        }
        for (int64_t k = 0; k < n; ++k) {
            c_new_[k] = numeric::ActivatedLstmGates(act_[0][k], act_[1][k], act_[2][k], act_[3][k], c_[k]).c_new;
        }
        Activate(FloatMathFunction::kTanh, c_new_, tc_, n);
    }

    numeric::LstmGates<C> gates(int64_t k) const { return {act_[0][k], act_[1][k], act_[2][k], act_[3][k], c_new_[k]}; }
    C c(int64_t k) const { return c_[k]; }
    C tc(int64_t k) const { return tc_[k]; }  // tanh(c_new)

private:
    static void Activate(FloatMathFunction function, const C* in, C* out, int64_t n) {
        if constexpr (std::is_same<C, float>::value) {
            GetFloatMathLoop(function)(in, out, n);
        } else {
            for (int64_t k = 0; k < n; ++k) {
                out[k] = function == FloatMathFunction::kTanh ? numeric::Tanh{}(in[k]) : numeric::Sigmoid{}(in[k]);
            }
        }
    }

    C pre_[4][kLstmBlock];
    C act_[4][kLstmBlock];
    C c_[kLstmBlock];
    C c_new_[kLstmBlock];
    C tc_[kLstmBlock];
};

// Calls f(block, begin, n, hr, r) for the blocks of the cell state c (B, H, R...) and the gates x over the thread
// pool; hr = H * r.
template <typename T, typename F>
void ForEachLstmBlock(const Array& c, const Array& x, F&& f) {
    const int64_t total = c.GetTotalSize();
    const numeric::LstmLayout layout = numeric::GetLstmLayout(total, c.shape()[0], c.shape()[1]);
    const int64_t hr = layout.hr;
    const int64_t r = layout.r;
    const auto* cp = static_cast<const T*>(c.raw_data());
    const auto* xp = static_cast<const T*>(x.raw_data());
    const int64_t blocks = (total + kLstmBlock - 1) / kLstmBlock;
    // About ten activations per element: a few blocks are worth a thread.
    ParallelFor(blocks, 8, [&f, cp, xp, total, hr, r](int64_t first, int64_t last) {
        for (int64_t b = first; b < last; ++b) {
            const int64_t begin = b * kLstmBlock;
            const int64_t n = std::min(kLstmBlock, total - begin);
            const LstmBlock<T> block{cp, xp, begin, n, hr, r};
            f(block, begin, n, hr, r);
        }
    });
}

// static_cast<To>, for numeric/rnn.h's stores.
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
            auto* c_new_p = static_cast<T*>(c_new.raw_data());
            auto* hp = static_cast<T*>(h.raw_data());
            ForEachLstmBlock<T>(c, x, [=](const LstmBlock<T>& block, int64_t begin, int64_t n, int64_t, int64_t) {
                for (int64_t k = 0; k < n; ++k) {
                    const numeric::LstmGates<typename LstmBlock<T>::C> gates = block.gates(k);
                    c_new_p[begin + k] = static_cast<T>(gates.c_new);
                    hp[begin + k] = static_cast<T>(gates.so * block.tc(k));
                }
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
            const T* gcp = gc.has_value() ? static_cast<const T*>(gc->raw_data()) : nullptr;
            const T* ghp = gh.has_value() ? static_cast<const T*>(gh->raw_data()) : nullptr;
            auto* gc_prev_p = static_cast<T*>(gc_prev.raw_data());
            auto* gxp = static_cast<T*>(gx.raw_data());
            ForEachLstmBlock<T>(c, x, [=](const LstmBlock<T>& block, int64_t begin, int64_t n, int64_t hr, int64_t r) {
                for (int64_t k = 0; k < n; ++k) {
                    const int64_t e = begin + k;
                    const C gc_e = gcp == nullptr ? C{0} : static_cast<C>(gcp[e]);
                    const C gh_e = ghp == nullptr ? C{0} : static_cast<C>(ghp[e]);
                    const auto g = numeric::LstmGradsWithTanh(block.gates(k), block.tc(k), block.c(k), gc_e, gh_e);
                    numeric::StoreLstmGrads(g, e, hr, r, gxp, gc_prev_p, StaticCast<T>{});
                }
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
