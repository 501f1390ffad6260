#include "chainerx/core/routines/optimizer.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <utility>
#include <vector>

#include "chainerx/core/backend.h"
#include "chainerx/core/device.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/optimizer.h"
#include "chainerx/core/numeric/optimizer.h"
#include "chainerx/core/shape.h"

namespace chainerx {
namespace internal {

bool MayHaveOverlappingElements(const Array& a) {
    if (a.GetTotalSize() <= 1) {
        return false;
    }
    // (|stride|, length) of the axes that step at all. Sorted by stride, the layout is free of overlap if each
    // axis steps over the whole extent of the finer ones.
    std::array<std::pair<int64_t, int64_t>, kMaxNdim> axes{};
    int8_t nd = 0;
    for (int8_t i = 0; i < a.ndim(); ++i) {
        if (a.shape()[i] > 1) {
            int64_t stride = a.strides()[i];
            axes[nd++] = {stride < 0 ? -stride : stride, a.shape()[i]};
        }
    }
    std::sort(axes.begin(), axes.begin() + nd);
    int64_t extent = a.GetItemSize();
    for (int8_t i = 0; i < nd; ++i) {
        if (axes[i].first < extent) {
            return true;
        }
        extent = axes[i].first * axes[i].second;
    }
    return false;
}

}  // namespace internal

namespace {

// Device, dtype, shape and overlap checks of a fused update; arrays[0] is param, arrays[1] grad (read only).
void CheckFusedUpdate(const char* op, const Array* arrays, const char* const* names, size_t n) {
    const Array& param = arrays[0];
    for (size_t i = 1; i < n; ++i) {
        if (&arrays[i].device() != &param.device()) {
            throw DeviceError{op, ": ", names[i], " is on ", arrays[i].device().name(), " but param is on ",
                              param.device().name()};
        }
    }
    if (!IsFloatingPoint(param.dtype())) {
        throw DtypeError{op, ": param must be float16, float32 or float64, not ", param.dtype()};
    }
    for (size_t i = 1; i < n; ++i) {
        if (arrays[i].dtype() != param.dtype()) {
            throw DtypeError{op, ": ", names[i], " has dtype ", arrays[i].dtype(), " but param has dtype ",
                             param.dtype(), " (all arrays of an update share one dtype)"};
        }
        if (arrays[i].shape() != param.shape()) {
            throw DimensionError{op, ": ", names[i], " has shape ", arrays[i].shape(), " but param has shape ",
                                 param.shape()};
        }
    }
    for (size_t i = 0; i < n; ++i) {
        if (i != 1 && internal::MayHaveOverlappingElements(arrays[i])) {
            throw ChainerxError{op, ": ", names[i], " is updated in place but its elements overlap (shape ",
                                arrays[i].shape(), ", strides ", arrays[i].strides(), ")"};
        }
    }
}

// A run of queued updates of one kernel, device and rule, which one CallMany takes (Note [Batched updates]).
class QueuedRun {
public:
    virtual ~QueuedRun() = default;
    virtual void Run() = 0;
};

template <typename KeyKernel, typename Rule>
class QueuedRunOf : public QueuedRun {
public:
    QueuedRunOf(Device& device, const Rule& rule) : device_{device}, rule_{rule} {}

    // Whether an update on `device` by `rule` joins this run. Comparing bytes never merges different
    // hyperparameters; padding (RmsPropRule's) or a zero of the other sign can only keep equal ones apart.
    bool Takes(const Device& device, const Rule& rule) const {
        return &device == &device_ && std::memcmp(&rule, &rule_, sizeof(Rule)) == 0;
    }

    void Add(const typename KeyKernel::Arrays& arrays) { updates_.push_back(arrays); }

    void Run() override { device_.backend().kernel_registry().Get<KeyKernel>().CallMany(updates_, rule_); }

private:
    Device& device_;
    Rule rule_;
    std::vector<typename KeyKernel::Arrays> updates_;
};

// The open batches of a thread and their queue.
struct BatchState {
    int depth{0};
    std::vector<std::unique_ptr<QueuedRun>> runs;
};

BatchState& GetBatchState() {
    thread_local BatchState state{};
    return state;
}

void RunQueuedUpdates() {
    std::vector<std::unique_ptr<QueuedRun>> runs = std::move(GetBatchState().runs);
    GetBatchState().runs.clear();
    for (const std::unique_ptr<QueuedRun>& run : runs) {
        run->Run();
    }
}

template <typename KeyKernel, typename Rule>
void FusedUpdate(
        const char* op,
        const typename KeyKernel::Arrays& arrays,
        const std::array<const char*, 2 + Rule::kStates>& names,
        const Rule& rule) {
    CheckFusedUpdate(op, arrays.data(), names.data(), arrays.size());
    Device& device = arrays[0].device();
    BatchState& batch = GetBatchState();
    if (batch.depth == 0) {
        device.CallKernel<KeyKernel>(arrays, rule);
        return;
    }
    using Run = QueuedRunOf<KeyKernel, Rule>;
    auto* run = batch.runs.empty() ? nullptr : dynamic_cast<Run*>(batch.runs.back().get());
    if (run == nullptr || !run->Takes(device, rule)) {
        auto next = std::make_unique<Run>(device, rule);
        run = next.get();
        batch.runs.push_back(std::move(next));
    }
    run->Add(arrays);
}

}  // namespace

FusedUpdateBatch::FusedUpdateBatch() : outermost_{GetBatchState().depth++ == 0} {}

FusedUpdateBatch::~FusedUpdateBatch() {
    if (outermost_) {
        try {
            Flush();
        } catch (...) {  // NOLINT(bugprone-empty-catch): a destructor must not throw; see the declaration
        }
    }
    --GetBatchState().depth;
}

void FusedUpdateBatch::Flush() { RunQueuedUpdates(); }

FusedUpdateBatchPause::FusedUpdateBatchPause() {
    RunQueuedUpdates();
    depth_ = std::exchange(GetBatchState().depth, 0);
}

FusedUpdateBatchPause::~FusedUpdateBatchPause() { GetBatchState().depth = depth_; }

void SgdUpdate(const Array& param, const Array& grad, double lr) {
    FusedUpdate<SgdUpdateKernel>("sgd", {param, grad}, {"param", "grad"}, numeric::SgdRule{lr});
}

void MomentumSgdUpdate(const Array& param, const Array& grad, const Array& v, double lr, double momentum) {
    FusedUpdate<MomentumSgdUpdateKernel>(
            "momentum_sgd", {param, grad, v}, {"param", "grad", "v"}, numeric::MomentumSgdRule{lr, momentum});
}

void CorrectedMomentumSgdUpdate(const Array& param, const Array& grad, const Array& v, double lr, double momentum) {
    FusedUpdate<CorrectedMomentumSgdUpdateKernel>(
            "corrected_momentum_sgd",
            {param, grad, v},
            {"param", "grad", "v"},
            numeric::CorrectedMomentumSgdRule{lr, momentum});
}

void NesterovAgUpdate(const Array& param, const Array& grad, const Array& v, double lr, double momentum) {
    FusedUpdate<NesterovAgUpdateKernel>(
            "nesterov_ag", {param, grad, v}, {"param", "grad", "v"}, numeric::NesterovAgRule{lr, momentum});
}

void AdaGradUpdate(const Array& param, const Array& grad, const Array& h, double lr, double eps) {
    FusedUpdate<AdaGradUpdateKernel>(
            "adagrad", {param, grad, h}, {"param", "grad", "h"}, numeric::AdaGradRule{lr, eps});
}

void AdaDeltaUpdate(
        const Array& param, const Array& grad, const Array& msg, const Array& msdx, double rho, double eps) {
    FusedUpdate<AdaDeltaUpdateKernel>(
            "adadelta", {param, grad, msg, msdx}, {"param", "grad", "msg", "msdx"}, numeric::AdaDeltaRule{rho, eps});
}

void RmsPropUpdate(
        const Array& param,
        const Array& grad,
        const Array& ms,
        double lr,
        double alpha,
        double eps,
        bool eps_inside_sqrt) {
    FusedUpdate<RmsPropUpdateKernel>(
            "rmsprop",
            {param, grad, ms},
            {"param", "grad", "ms"},
            numeric::RmsPropRule{lr, alpha, eps, eps_inside_sqrt});
}

void RmsPropGravesUpdate(
        const Array& param,
        const Array& grad,
        const Array& n,
        const Array& g_avg,
        const Array& delta,
        double lr,
        double alpha,
        double momentum,
        double eps) {
    FusedUpdate<RmsPropGravesUpdateKernel>(
            "rmsprop_graves",
            {param, grad, n, g_avg, delta},
            {"param", "grad", "n", "g_avg", "delta"},
            numeric::RmsPropGravesRule{lr, alpha, momentum, eps});
}

void AdamUpdate(
        const Array& param,
        const Array& grad,
        const Array& m,
        const Array& v,
        const std::optional<Array>& vhat,
        double alpha_t,
        double beta1,
        double beta2,
        double eps,
        double eta,
        double weight_decay_rate,
        std::optional<double> lower_bound,
        std::optional<double> upper_bound) {
    // Clipping to [-inf, inf] leaves every step, NaN included, as it is.
    constexpr double kInf = std::numeric_limits<double>::infinity();
    numeric::AdamHyperparameters hp{alpha_t,
                                    beta1,
                                    beta2,
                                    eps,
                                    eta,
                                    weight_decay_rate,
                                    lower_bound.value_or(-kInf),
                                    upper_bound.value_or(kInf)};
    if (vhat.has_value()) {
        FusedUpdate<AmsGradUpdateKernel>(
                "adam", {param, grad, m, v, *vhat}, {"param", "grad", "m", "v", "vhat"}, numeric::AmsGradRule{hp});
    } else {
        FusedUpdate<AdamUpdateKernel>("adam", {param, grad, m, v}, {"param", "grad", "m", "v"}, numeric::AdamRule{hp});
    }
}

void Smorms3Update(
        const Array& param,
        const Array& grad,
        const Array& mem,
        const Array& g_avg,
        const Array& g2,
        double lr,
        double eps) {
    FusedUpdate<Smorms3UpdateKernel>(
            "smorms3",
            {param, grad, mem, g_avg, g2},
            {"param", "grad", "mem", "g_avg", "g2"},
            numeric::Smorms3Rule{lr, eps});
}

void MsvagUpdate(
        const Array& param,
        const Array& grad,
        const Array& m,
        const Array& v,
        double lr,
        double beta1,
        double beta2,
        double bias1,
        double bias2,
        double rho,
        double eta,
        double weight_decay_rate) {
    FusedUpdate<MsvagUpdateKernel>(
            "msvag",
            {param, grad, m, v},
            {"param", "grad", "m", "v"},
            numeric::MsvagRule{lr, beta1, beta2, bias1, bias2, rho, eta, weight_decay_rate});
}

}  // namespace chainerx
