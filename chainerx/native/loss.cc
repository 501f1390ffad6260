// Native kernels of the loss family: softmax cross entropy and its gradient, row by row (on the softmax row loops
// for contiguous float32/float64 scores, Note [Softmax cross entropy on the softmax row loops]), the sigmoid cross
// entropy and its gradient (elementwise), the mean of a loss over its labels and the accuracy. In the general row
// loops the maximum is numeric::Maximum, as in the CUDA kernels (cuda/loss.cu), and exp and log are libm's:
// numeric::Exp's float path is built for vectorised loops, and called one value at a time it made the (32, 10)
// forward 2.2 µs, not 1.6.
#include "chainerx/core/kernels/loss.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "chainerx/core/dtype.h"
#include "chainerx/core/numeric/arithmetic.h"
#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/loss.h"
#include "chainerx/core/numeric/reduction.h"
#include "chainerx/core/numeric/sorting.h"
#include "chainerx/native/elementwise.h"
#include "chainerx/native/elementwise_kernels.h"
#include "chainerx/native/native_backend.h"
#include "chainerx/native/parallel.h"
#include "chainerx/native/row_kernels.h"
#include "chainerx/native/softmax_rows.h"

namespace chainerx {
namespace native {
namespace {

// Row n of x (N, K) as values of the compute type.
template <typename T>
class Row {
public:
    using C = numeric::ComputeType<T>;

    Row(const Array& x, int64_t n)
        : data_{static_cast<const char*>(x.raw_data()) + n * x.strides()[0]}, stride_{x.strides()[1]} {}

    C operator[](int64_t k) const { return static_cast<C>(*reinterpret_cast<const T*>(data_ + k * stride_)); }

    // The row's maximum and the sum of exp(x - maximum), so that log(sum) + maximum is its logsumexp. The maximum
    // propagates NaN, as AMax does, so that a row with NaN gives NaN.
    std::pair<C, C> MaxAndExpSum(int64_t classes) const {
        C max = (*this)[0];
        for (int64_t k = 1; k < classes; ++k) {
            max = numeric::Maximum{}(max, (*this)[k]);
        }
        C sum{0};
        for (int64_t k = 0; k < classes; ++k) {
            sum += std::exp((*this)[k] - max);
        }
        return {max, sum};
    }

private:
    const char* data_;
    int64_t stride_;
};

template <typename Label>
int64_t LabelAt(const Array& t, int64_t n) {
    const char* base = static_cast<const char*>(t.raw_data());
    return static_cast<int64_t>(*reinterpret_cast<const Label*>(base + n * t.strides()[0]));
}

template <typename T>
T& ElementAt(const Array& a, int64_t n) {
    return *reinterpret_cast<T*>(static_cast<char*>(a.raw_data()) + n * a.strides()[0]);
}

template <typename T, typename Label>
void SoftmaxCrossEntropyRows(const Array& x, const Array& t, const Array& out) {
    const int64_t classes = x.shape()[1];
    for (int64_t n = 0; n < x.shape()[0]; ++n) {
        const int64_t label = LabelAt<Label>(t, n);
        if (label == -1) {
            ElementAt<T>(out, n) = T{0};
            continue;
        }
        Row<T> row{x, n};
        auto [max, sum] = row.MaxAndExpSum(classes);
        ElementAt<T>(out, n) = static_cast<T>(std::log(sum) + max - row[label]);
    }
}

template <typename T, typename Label>
void SoftmaxCrossEntropyGradRows(const Array& x, const Array& t, const Array& gout, const Array& gx) {
    using C = numeric::ComputeType<T>;
    const int64_t classes = x.shape()[1];
    for (int64_t n = 0; n < x.shape()[0]; ++n) {
        T* gx_row = static_cast<T*>(gx.raw_data()) + n * classes;
        const int64_t label = LabelAt<Label>(t, n);
        if (label == -1) {
            std::fill_n(gx_row, classes, T{0});
            continue;
        }
        Row<T> row{x, n};
        auto [max, sum] = row.MaxAndExpSum(classes);
        const auto g = static_cast<C>(ElementAt<T>(gout, n));
        for (int64_t k = 0; k < classes; ++k) {
            gx_row[k] = static_cast<T>((std::exp(row[k] - max) / sum - (k == label ? C{1} : C{0})) * g);
        }
    }
}

// Calls f(PrimitiveType<T>{}, PrimitiveType<Label>{}) for x's float dtype and t's integer dtype.
template <typename F>
void VisitScoresAndLabels(const Array& x, const Array& t, F&& f) {
    VisitDtypeIn<kFloatingDtypes>(x.dtype(), [&](auto x_pt) {
        VisitDtypeIn<kIntegerDtypes>(t.dtype(), [&](auto t_pt) { f(x_pt, t_pt); });
    });
}

// Note [Softmax cross entropy on the softmax row loops]
// C-contiguous float32 and float64 scores take the softmax row loops (Note [Softmax row loops]) over the thread
// pool: logsumexp for the loss, softmax for the gradient, then the label's term per row. A language model's
// (640, 10000) scores took 25 ms forward one exp at a time (libm's), PyTorch 5 ms. Other layouts and float16 take
// the loops above. The results are the same to a few ulp.
template <typename T, typename Label>
void SoftmaxCrossEntropyOnRowLoops(const Array& x, const Array& t, const Array& out) {
    const int64_t classes = x.shape()[1];
    const T* x_data = RowData<T>(x);
    auto logsumexp = GetSoftmaxRowLoops<T>().logsumexp;
    ParallelFor(x.shape()[0], RowGrain(classes), [&](int64_t begin, int64_t end) {
        std::vector<T> logsumexps(end - begin);
        logsumexp(x_data + begin * classes, logsumexps.data(), end - begin, classes);
        for (int64_t n = begin; n < end; ++n) {
            const int64_t label = LabelAt<Label>(t, n);
            ElementAt<T>(out, n) = label == -1 ? T{0} : logsumexps[n - begin] - x_data[n * classes + label];
        }
    });
}

template <typename T, typename Label>
void SoftmaxCrossEntropyGradOnRowLoops(const Array& x, const Array& t, const Array& gout, const Array& gx) {
    const int64_t classes = x.shape()[1];
    const T* x_data = RowData<T>(x);
    T* gx_data = RowData<T>(gx);
    auto softmax = GetSoftmaxRowLoops<T>().softmax;
    ParallelFor(x.shape()[0], RowGrain(classes), [&](int64_t begin, int64_t end) {
        softmax(x_data + begin * classes, gx_data + begin * classes, end - begin, classes);
        for (int64_t n = begin; n < end; ++n) {
            T* gx_row = gx_data + n * classes;
            const int64_t label = LabelAt<Label>(t, n);
            if (label == -1) {
                std::fill_n(gx_row, classes, T{0});
                continue;
            }
            const T g = ElementAt<T>(gout, n);
            gx_row[label] -= T{1};
            for (int64_t k = 0; k < classes; ++k) {
                gx_row[k] *= g;
            }
        }
    });
}

class NativeSoftmaxCrossEntropyKernel : public SoftmaxCrossEntropyKernel {
public:
    void Call(const Array& x, const Array& t, const Array& out) override {
        VisitScoresAndLabels(x, t, [&](auto x_pt, auto t_pt) {
            using T = typename decltype(x_pt)::type;
            using Label = typename decltype(t_pt)::type;
            if constexpr (std::is_same<T, float>::value || std::is_same<T, double>::value) {
                if (AreContiguousRows({&x})) {
                    SoftmaxCrossEntropyOnRowLoops<T, Label>(x, t, out);
                    return;
                }
            }
            SoftmaxCrossEntropyRows<T, Label>(x, t, out);
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(SoftmaxCrossEntropyKernel, NativeSoftmaxCrossEntropyKernel);

class NativeSoftmaxCrossEntropyGradKernel : public SoftmaxCrossEntropyGradKernel {
public:
    void Call(const Array& x, const Array& t, const Array& gout, const Array& gx) override {
        VisitScoresAndLabels(x, t, [&](auto x_pt, auto t_pt) {
            using T = typename decltype(x_pt)::type;
            using Label = typename decltype(t_pt)::type;
            if constexpr (std::is_same<T, float>::value || std::is_same<T, double>::value) {
                if (AreContiguousRows({&x})) {
                    SoftmaxCrossEntropyGradOnRowLoops<T, Label>(x, t, gout, gx);
                    return;
                }
            }
            SoftmaxCrossEntropyGradRows<T, Label>(x, t, gout, gx);
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(SoftmaxCrossEntropyGradKernel, NativeSoftmaxCrossEntropyGradKernel);

class NativeSigmoidCrossEntropyKernel : public SigmoidCrossEntropyKernel {
public:
    void Call(const Array& x, const Array& t, const Array& out) override {
        VisitScoresAndLabels(x, t, [&](auto x_pt, auto t_pt) {
            using T = typename decltype(x_pt)::type;
            MapElementwise<T, T, typename decltype(t_pt)::type>(numeric::SigmoidCrossEntropy{}, out, x, t);
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(SigmoidCrossEntropyKernel, NativeSigmoidCrossEntropyKernel);

class NativeSigmoidCrossEntropyGradKernel : public SigmoidCrossEntropyGradKernel {
public:
    void Call(const Array& x, const Array& t, const Array& gout, const Array& gx) override {
        VisitScoresAndLabels(x, t, [&](auto x_pt, auto t_pt) {
            using T = typename decltype(x_pt)::type;
            MapElementwise<T, T, T, typename decltype(t_pt)::type>(
                    numeric::SigmoidCrossEntropyGrad{}, gx, gout, x, t);
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(SigmoidCrossEntropyGradKernel, NativeSigmoidCrossEntropyGradKernel);

// The sum accumulates in 16 interleaved lanes of SumKernel's accumulator type: a long loss (one per pixel of a batch
// of images) keeps about the precision of SumKernel's lanes rather than that of one running float sum.
template <typename T, typename Label>
void MeanOverLabels(const Array& loss, const Array& t, int64_t ignore_label, const Array& out, const Array& scale) {
    using Acc = numeric::SumAccumulator<T>;
    using C = numeric::ComputeType<T>;
    constexpr int64_t kLanes = 16;
    Acc lanes[kLanes]{};
    int64_t count = 0;
    const int64_t size = loss.shape()[0];
    for (int64_t i = 0; i < size; ++i) {
        lanes[i % kLanes] += static_cast<Acc>(ElementAt<T>(loss, i));
        count += LabelAt<Label>(t, i) != ignore_label ? 1 : 0;
    }
    Acc sum{0};
    for (Acc lane : lanes) {
        sum += lane;
    }
    const auto factor = static_cast<T>(1.0 / static_cast<double>(std::max<int64_t>(count, 1)));
    *static_cast<T*>(scale.raw_data()) = factor;
    *static_cast<T*>(out.raw_data()) = static_cast<T>(static_cast<C>(static_cast<T>(sum)) * static_cast<C>(factor));
}

class NativeMeanOverLabelsKernel : public MeanOverLabelsKernel {
public:
    void Call(const Array& loss, const Array& t, int64_t ignore_label, const Array& out, const Array& scale) override {
        VisitScoresAndLabels(loss, t, [&](auto loss_pt, auto t_pt) {
            MeanOverLabels<typename decltype(loss_pt)::type, typename decltype(t_pt)::type>(
                    loss, t, ignore_label, out, scale);
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(MeanOverLabelsKernel, NativeMeanOverLabelsKernel);

template <typename T, typename Label>
void Accuracy(const Array& y, const Array& t, std::optional<int64_t> ignore_label, const Array& out) {
    using C = numeric::ComputeType<T>;
    const auto* y_data = static_cast<const char*>(y.raw_data());
    const auto* t_data = static_cast<const char*>(t.raw_data());
    const int64_t classes = y.shape()[1];
    int64_t correct = 0;
    int64_t counted = 0;
    for (int64_t n = 0; n < y.shape()[0]; ++n) {
        for (int64_t m = 0; m < y.shape()[2]; ++m) {
            const char* label_at = t_data + n * t.strides()[0] + m * t.strides()[1];
            const auto label = static_cast<int64_t>(*reinterpret_cast<const Label*>(label_at));
            if (ignore_label.has_value() && label == *ignore_label) {
                continue;
            }
            const char* lane = y_data + n * y.strides()[0] + m * y.strides()[2];
            C best{};
            int64_t best_index = -1;
            for (int64_t k = 0; k < classes; ++k) {
                const auto value = static_cast<C>(*reinterpret_cast<const T*>(lane + k * y.strides()[1]));
                numeric::ConsiderNext<numeric::ArgMaxOp>(value, k, best, best_index);
            }
            ++counted;
            correct += best_index == label ? 1 : 0;
        }
    }
    const auto denominator = static_cast<C>(static_cast<T>(std::max<int64_t>(counted, 1)));
    *static_cast<T*>(out.raw_data()) = static_cast<T>(static_cast<C>(static_cast<T>(correct)) / denominator);
}

class NativeAccuracyKernel : public AccuracyKernel {
public:
    void Call(const Array& y, const Array& t, std::optional<int64_t> ignore_label, const Array& out) override {
        VisitScoresAndLabels(y, t, [&](auto y_pt, auto t_pt) {
            Accuracy<typename decltype(y_pt)::type, typename decltype(t_pt)::type>(y, t, ignore_label, out);
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(AccuracyKernel, NativeAccuracyKernel);

CHAINERX_NATIVE_REGISTER_BINARY_SCALAR(HuberKernel, numeric::Huber, kFloatingDtypes, false);
CHAINERX_NATIVE_REGISTER_BINARY_WITH_SCALAR(HuberGradKernel, numeric::HuberGrad, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_BINARY(GaussianKlDivergenceKernel, numeric::GaussianKlDivergence, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_BINARY(
        GaussianKlDivergenceLnVarGradKernel, numeric::GaussianKlDivergenceLnVarGrad, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_BINARY(BernoulliNllKernel, numeric::BernoulliNll, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_BINARY(GaussianNllKernel, numeric::GaussianNll, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_BINARY(GaussianNllDiffFactorKernel, numeric::GaussianNllDiffFactor, kFloatingDtypes);
CHAINERX_NATIVE_REGISTER_BINARY(GaussianNllLnVarFactorKernel, numeric::GaussianNllLnVarFactor, kFloatingDtypes);

}  // namespace
}  // namespace native
}  // namespace chainerx
