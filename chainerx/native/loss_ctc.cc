// Native kernels of the CTC loss (Note [CTC in kernels] in routines/loss_ctc.cc): the samples in parallel, each one's
// recursion frame after frame with the formulas of numeric/ctc.h.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/loss.h"
#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/ctc.h"
#include "chainerx/native/native_backend.h"
#include "chainerx/native/parallel.h"

namespace chainerx {
namespace native {
namespace {

// A sample's recursion is T x (2 L + 1) steps of a few exp/log each: one sample per chunk is worth a thread.
constexpr int64_t kSamplesPerChunk = 1;

// The rows of sample b in arrays (T, B, width) of `base`.
template <typename V>
class SampleRows {
public:
    SampleRows(V* base, const numeric::CtcBatch& batch, int64_t b, int64_t width)
        : base_{base}, batch_{batch.batch}, b_{b}, width_{width} {}

    V* operator[](int64_t t) const { return base_ + (t * batch_ + b_) * width_; }

private:
    V* base_;
    int64_t batch_;
    int64_t b_;
    int64_t width_;
};

// A sample's path labels and skips, read once (numeric::CtcPath reads the labels array and compares at each call).
class PathTable {
public:
    PathTable(const numeric::CtcPath& path, int64_t positions) : labels_(positions), skips_in_(positions + 2) {
        for (int64_t s = 0; s < positions; ++s) {
            labels_[s] = path[s];
            skips_in_[s] = path.SkipsIn(s) ? 1 : 0;
        }
    }

    int64_t operator[](int64_t s) const { return labels_[s]; }
    bool SkipsIn(int64_t s) const { return skips_in_[s] != 0; }
    bool SkipsOut(int64_t s) const { return skips_in_[s + 2] != 0; }  // false past the last position

private:
    std::vector<int64_t> labels_;
    std::vector<char> skips_in_;
};

template <typename C>
void CtcForwardSample(const numeric::CtcBatch& batch, int64_t b, const C* log_probs, C* alpha, C* nll) {
    if (!batch.SampleValid(b)) {
        nll[b] = std::numeric_limits<C>::quiet_NaN();
        return;
    }
    const numeric::CtcPath path = batch.Path(b);
    const int64_t positions = batch.positions();
    const PathTable table{path, positions};
    const SampleRows<const C> lp{log_probs, batch, b, batch.units};
    const SampleRows<C> rows{alpha, batch, b, positions};
    std::vector<C> initial(positions);  // the virtual row before the first frame
    for (int64_t s = 0; s < positions; ++s) {
        initial[s] = numeric::CtcInitialAlpha<C>(s);
    }
    const C* prev = initial.data();
    auto prev_at = [&prev](int64_t s) { return prev[s]; };
    for (int64_t t = 0; t < batch.InputLength(b); ++t) {
        C* row = rows[t];
        const C* lp_row = lp[t];
        for (int64_t s = 0; s < positions; ++s) {
            row[s] = numeric::CtcAlpha(s, table.SkipsIn(s), prev_at, lp_row[table[s]]);
        }
        prev = row;
    }
    nll[b] = -numeric::CtcLogLikelihood<C>(path, prev_at);
}

template <typename T, typename C>
void CtcGradSample(const numeric::CtcBatch& batch, int64_t b, const C* log_probs, const C* alpha, const C* nll,
                   const Array& gout, T* gx) {
    const int64_t units = batch.units;
    const SampleRows<T> gx_rows{gx, batch, b, units};
    if (!batch.SampleValid(b)) {
        for (int64_t t = 0; t < batch.frames; ++t) {
            std::fill_n(gx_rows[t], units, static_cast<T>(std::numeric_limits<C>::quiet_NaN()));
        }
        return;
    }
    const numeric::CtcPath path = batch.Path(b);
    const int64_t positions = batch.positions();
    const PathTable table{path, positions};
    const int64_t frames = batch.InputLength(b);
    const SampleRows<const C> lp{log_probs, batch, b, units};
    const SampleRows<const C> alpha_rows{alpha, batch, b, positions};
    const auto g = static_cast<C>(
            *reinterpret_cast<const T*>(static_cast<const char*>(gout.raw_data()) + b * gout.strides()[0]));
    const C log_likelihood = -nll[b];
    std::vector<int64_t> next(positions);
    std::vector<char> starts(positions);
    for (int64_t s = 0; s < positions; ++s) {
        next[s] = numeric::CtcNextOfLabel(path, s, positions);
        starts[s] = numeric::CtcStartsChain(path, s) ? 1 : 0;
    }
    std::vector<C> beta(positions);
    std::vector<C> entered(positions);  // beta + the log probability of each position at the frame after
    for (int64_t t = batch.frames - 1; t >= 0; --t) {
        T* gx_row = gx_rows[t];
        if (t >= frames) {
            std::fill_n(gx_row, units, T{0});
            continue;
        }
        if (t == frames - 1) {
            for (int64_t s = 0; s < positions; ++s) {
                beta[s] = numeric::CtcFinalBeta<C>(path, s);
            }
        } else {
            const C* lp_later = lp[t + 1];
            for (int64_t s = 0; s < positions; ++s) {
                entered[s] = beta[s] + lp_later[table[s]];
            }
            auto e = [&entered](int64_t q) { return entered[q]; };
            for (int64_t s = 0; s < positions; ++s) {
                beta[s] = numeric::CtcBeta<C>(s, positions, table.SkipsOut(s), e);
            }
        }
        const C* lp_row = lp[t];
        for (int64_t k = 0; k < units; ++k) {
            gx_row[k] = static_cast<T>(std::exp(lp_row[k]) * g);
        }
        const C* alpha_row = alpha_rows[t];
        for (int64_t s = 0; s < positions; ++s) {
            if (starts[s] == 0) {
                continue;
            }
            C sum{0};
            for (int64_t q = s; q >= 0; q = next[q]) {
                sum += numeric::CtcPosterior(alpha_row[q], beta[q], log_likelihood);
            }
            const int64_t label = table[s];
            gx_row[label] = static_cast<T>((std::exp(lp_row[label]) - sum) * g);
        }
    }
}

template <typename C>
const C* ConstData(const Array& a) {
    return static_cast<const C*>(a.raw_data());
}

template <typename C>
C* Data(const Array& a) {
    return static_cast<C*>(a.raw_data());
}

class NativeCtcLossKernel : public CtcLossKernel {
public:
    void Call(const Array& log_probs, const Array& labels, const Array& input_lengths, const Array& label_lengths,
              int64_t blank, const Array& alpha, const Array& nll) override {
        const numeric::CtcBatch batch = chainerx::internal::MakeCtcBatch(
                log_probs, labels, input_lengths, label_lengths, blank);
        constexpr DtypeMask kComputeDtypes = DtypeBit(Dtype::kFloat32) | DtypeBit(Dtype::kFloat64);
        VisitDtypeIn<kComputeDtypes>(log_probs.dtype(), [&](auto pt) {
            using C = typename decltype(pt)::type;
            ParallelFor(batch.batch, kSamplesPerChunk, [&](int64_t begin, int64_t end) {
                for (int64_t b = begin; b < end; ++b) {
                    CtcForwardSample(batch, b, ConstData<C>(log_probs), Data<C>(alpha), Data<C>(nll));
                }
            });
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(CtcLossKernel, NativeCtcLossKernel);

class NativeCtcLossGradKernel : public CtcLossGradKernel {
public:
    void Call(const Array& log_probs, const Array& labels, const Array& input_lengths, const Array& label_lengths,
              int64_t blank, const Array& alpha, const Array& nll, const Array& gout, const Array& gx) override {
        const numeric::CtcBatch batch = chainerx::internal::MakeCtcBatch(
                log_probs, labels, input_lengths, label_lengths, blank);
        VisitDtypeIn<kFloatingDtypes>(gout.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            using C = numeric::ComputeType<T>;
            ParallelFor(batch.batch, kSamplesPerChunk, [&](int64_t begin, int64_t end) {
                for (int64_t b = begin; b < end; ++b) {
                    CtcGradSample(batch, b, ConstData<C>(log_probs), ConstData<C>(alpha), ConstData<C>(nll), gout,
                                  Data<T>(gx));
                }
            });
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(CtcLossGradKernel, NativeCtcLossGradKernel);

}  // namespace
}  // namespace native
}  // namespace chainerx
