// The CTC loss's batch layout and recursion steps, shared by the native and CUDA kernels (Note [CTC in kernels] in
// routines/loss_ctc.cc). The formulas are those of Note [CTC recursions] (chainer/functions/loss/ctc.py), so that
// the kernels and the NumPy path compute the same values: log space, with CtcLogZero standing for log 0.
#pragma once

#include <cmath>
#include <cstdint>

#include "chainerx/core/numeric/host_device.h"

namespace chainerx {
namespace numeric {

// log 0 of the recursions: a large finite negative number, so that no inf - inf appears (-1e30 + any log probability
// rounds back to -1e30 in float32 and float64).
template <typename C>
CHAINERX_HOST_DEVICE C CtcLogZero() {
    return C{-1e30};
}

// log(exp(a) + exp(b) + exp(c)) of log probabilities: the largest term m plus log(1 + the others' exp(term - m)),
// where a log 0 term adds nothing (its exp would be 0, or 1 next to an m that is log 0 too, which leaves m's rounded
// value as it is). Skipping them saves the exps of positions a path enters one way only, and the log where it enters
// by one way alone. log(1 + x) rather than log1p: the NumPy path's rounding, and log1pf took 40% of the forward.
template <typename C>
CHAINERX_HOST_DEVICE C CtcLogSumExp3(C a, C b, C c) {
    C m = a;
    C first = b;
    C second = c;
    if (first > m) {
        const C former = m;
        m = first;
        first = former;
    }
    if (second > m) {
        const C former = m;
        m = second;
        second = former;
    }
    // NaN terms fail both comparisons and reach the sum.
    const C zero = CtcLogZero<C>();
    const C others = (first <= zero ? C{0} : std::exp(first - m)) + (second <= zero ? C{0} : std::exp(second - m));
    return others == C{0} ? m : m + std::log(C{1} + others);
}

// log(exp(a) + exp(b)).
template <typename C>
CHAINERX_HOST_DEVICE C CtcLogSumExp2(C a, C b) {
    return CtcLogSumExp3(a, b, CtcLogZero<C>());
}

// The extended label sequence of one sample, blank, l_1, blank, l_2, ..., l_L, blank: position s of the batch's
// 2 L_max + 1 positions is the label (s - 1) / 2 where s is odd and within the sample's 2 L + 1, the blank elsewhere
// (the padding past a sample's labels reads as blanks, which never reach its loss).
class CtcPath {
public:
    CHAINERX_HOST_DEVICE CtcPath(const char* labels, int64_t stride, int64_t length, int64_t blank)
        : labels_{labels}, stride_{stride}, length_{length}, blank_{blank} {}

    CHAINERX_HOST_DEVICE int64_t operator[](int64_t s) const {
        if (s % 2 == 0 || s < 0 || (s - 1) / 2 >= length_) {
            return blank_;
        }
        return Label((s - 1) / 2);
    }

    // The j-th label of the sample, j < length().
    CHAINERX_HOST_DEVICE int64_t Label(int64_t j) const {
        return static_cast<int64_t>(*reinterpret_cast<const int32_t*>(labels_ + j * stride_));
    }

    CHAINERX_HOST_DEVICE int64_t length() const { return length_; }

    // The sample's own number of positions, 2 L + 1.
    CHAINERX_HOST_DEVICE int64_t size() const { return 2 * length_ + 1; }

    // Whether a path reaches s from s - 2, skipping a blank: s holds a label other than the one two before.
    CHAINERX_HOST_DEVICE bool SkipsIn(int64_t s) const {
        const int64_t label = (*this)[s];
        return label != blank_ && label != (*this)[s - 2];
    }

    // Whether a path leaves s for s + 2 (SkipsIn(s + 2)).
    CHAINERX_HOST_DEVICE bool SkipsOut(int64_t s) const { return SkipsIn(s + 2); }

private:
    const char* labels_;
    int64_t stride_;
    int64_t length_;
    int64_t blank_;
};

// The operands of the CTC kernels other than arrays of values: labels (B, L_max) int32, the lengths (B,) int32, all
// with byte strides, and the extents of the scores (T, B, K).
struct CtcBatch {
    const char* labels;
    int64_t label_strides[2];
    const char* input_lengths;
    int64_t input_length_stride;
    const char* label_lengths;
    int64_t label_length_stride;
    int64_t frames;
    int64_t batch;
    int64_t units;
    int64_t max_labels;
    int64_t blank;

    // The positions of the forward and backward variables' rows, 2 L_max + 1.
    CHAINERX_HOST_DEVICE int64_t positions() const { return 2 * max_labels + 1; }

    CHAINERX_HOST_DEVICE int64_t InputLength(int64_t b) const {
        return static_cast<int64_t>(*reinterpret_cast<const int32_t*>(input_lengths + b * input_length_stride));
    }

    CHAINERX_HOST_DEVICE int64_t LabelLength(int64_t b) const {
        return static_cast<int64_t>(*reinterpret_cast<const int32_t*>(label_lengths + b * label_length_stride));
    }

    // Whether sample b's lengths are in range, so that its path and frames can be read.
    CHAINERX_HOST_DEVICE bool LengthsValid(int64_t b) const {
        const int64_t input_length = InputLength(b);
        const int64_t label_length = LabelLength(b);
        return 0 <= input_length && input_length <= frames && 0 <= label_length && label_length <= max_labels;
    }

    CHAINERX_HOST_DEVICE bool LabelValid(int64_t label) const { return 0 <= label && label < units; }

    // Sample b's path; its lengths must be valid.
    CHAINERX_HOST_DEVICE CtcPath Path(int64_t b) const {
        return CtcPath{labels + b * label_strides[0], label_strides[1], LabelLength(b), blank};
    }

    // The index of sample b's first label out of [0, K) within its label length, -1 if none; its lengths must be
    // valid.
    CHAINERX_HOST_DEVICE int64_t FirstInvalidLabel(int64_t b) const {
        const CtcPath path = Path(b);
        for (int64_t j = 0; j < path.length(); ++j) {
            if (!LabelValid(path.Label(j))) {
                return j;
            }
        }
        return -1;
    }

    // Whether sample b's lengths and the labels within them are in range (each thread of a CUDA block reads them
    // all, once per kernel: no barrier for a flag).
    CHAINERX_HOST_DEVICE bool SampleValid(int64_t b) const { return LengthsValid(b) && FirstInvalidLabel(b) < 0; }
};

// The chains of positions sharing a label, along which a frame's posteriors are summed per label in a fixed order:
// the next position after s with path[s]'s label (-1 at the chain's end), and whether s starts its chain. A scan of
// the positions each; the kernels compute them once per sample.
inline CHAINERX_HOST_DEVICE int64_t CtcNextOfLabel(const CtcPath& path, int64_t s, int64_t positions) {
    for (int64_t q = s + 1; q < positions; ++q) {
        if (path[q] == path[s]) {
            return q;
        }
    }
    return -1;
}

inline CHAINERX_HOST_DEVICE bool CtcStartsChain(const CtcPath& path, int64_t s) {
    for (int64_t q = 0; q < s; ++q) {
        if (path[q] == path[s]) {
            return false;
        }
    }
    return true;
}

// The forward variable before the first frame: log 1 at position 0, log 0 elsewhere.
template <typename C>
CHAINERX_HOST_DEVICE C CtcInitialAlpha(int64_t s) {
    return s == 0 ? C{0} : CtcLogZero<C>();
}

// alpha[t, s] from the previous frame's variables prev(s') and the frame's log probability lp of label path[s];
// skip_in is path.SkipsIn(s).
template <typename C, typename Prev>
CHAINERX_HOST_DEVICE C CtcAlpha(int64_t s, bool skip_in, const Prev& prev, C lp) {
    const C zero = CtcLogZero<C>();
    return CtcLogSumExp3(prev(s), s >= 1 ? prev(s - 1) : zero, s >= 2 && skip_in ? prev(s - 2) : zero) + lp;
}

// log p(labels | frames) from the forward variables of the sample's last frame, final(s').
template <typename C, typename Final>
CHAINERX_HOST_DEVICE C CtcLogLikelihood(const CtcPath& path, const Final& final) {
    const int64_t size = path.size();
    return CtcLogSumExp2(final(size - 1), size >= 2 ? final(size - 2) : CtcLogZero<C>());
}

// The backward variable at the sample's last frame: log 1 at its last two positions, log 0 elsewhere.
template <typename C>
CHAINERX_HOST_DEVICE C CtcFinalBeta(const CtcPath& path, int64_t s) {
    return s == path.size() - 1 || s == path.size() - 2 ? C{0} : CtcLogZero<C>();
}

// beta[t, s] from e(s') = beta[t + 1, s'] + (the log probability of label path[s'] at frame t + 1), over `positions`;
// skip_out is path.SkipsOut(s).
template <typename C, typename Next>
CHAINERX_HOST_DEVICE C CtcBeta(int64_t s, int64_t positions, bool skip_out, const Next& e) {
    const C zero = CtcLogZero<C>();
    return CtcLogSumExp3(e(s), s + 1 < positions ? e(s + 1) : zero, s + 2 < positions && skip_out ? e(s + 2) : zero);
}

// The posterior probability of position s at a frame, exp(alpha + beta - log p) with the log clamped at 0 (a
// labelling no alignment produces keeps finite values; NaN stays NaN).
template <typename C>
CHAINERX_HOST_DEVICE C CtcPosterior(C alpha, C beta, C log_likelihood) {
    const C log_posterior = alpha + beta - log_likelihood;
    return std::exp(log_posterior > C{0} ? C{0} : log_posterior);
}

}  // namespace numeric
}  // namespace chainerx
