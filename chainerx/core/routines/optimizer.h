// Fused in-place optimizer updates: each routine applies one step of an update rule to a parameter and its
// state arrays in a single pass over memory, where the same step written with routines (`p -= lr * g`) would
// allocate temporaries and read and write the arrays several times. Chainer's update rules call them through
// chainerx._core._optimizers; hyperparameters are computed per step by the caller (bias corrections
// included). The formulas are in chainerx/core/numeric/optimizer.h.
//
//     SgdUpdate(param, grad, 0.01);                 // param -= 0.01 * grad
//     MomentumSgdUpdate(param, grad, v, 0.01, 0.9);  // v = 0.9 * v - 0.01 * grad; param += v
//
// Every routine:
// - writes param and the states in place, through any strides, and returns nothing;
// - requires all arrays on one device (else DeviceError), of param's shape (else DimensionError) and of one
//   float dtype, float16, float32 or float64 (else DtypeError); float16 elements compute in float32;
// - throws ChainerxError if param or a state is a view whose elements overlap (a broadcast view, for instance),
//   where one element would be updated several times; grad may be any view;
// - records nothing on any graph and ignores requires_grad: like `param.data -= ...` in Chainer, it writes the
//   data buffers (arrays that a recorded graph retained see the new values);
// - runs multithreaded above the native elementwise threshold.
#pragma once

#include <optional>
#include <vector>

#include "chainerx/core/array.h"

namespace chainerx {

// param -= lr * grad
void SgdUpdate(const Array& param, const Array& grad, double lr);

// v = momentum * v - lr * grad; param += v
void MomentumSgdUpdate(const Array& param, const Array& grad, const Array& v, double lr, double momentum);

// v = momentum * v - grad; param += lr * v
void CorrectedMomentumSgdUpdate(const Array& param, const Array& grad, const Array& v, double lr, double momentum);

// Nesterov's accelerated gradient: v = momentum * v - lr * grad;
// param += momentum * momentum * v - (1 + momentum) * lr * grad
void NesterovAgUpdate(const Array& param, const Array& grad, const Array& v, double lr, double momentum);

// h += grad^2; param -= lr * grad / (sqrt(h) + eps)
void AdaGradUpdate(const Array& param, const Array& grad, const Array& h, double lr, double eps);

// msg = rho * msg + (1 - rho) * grad^2; dx = sqrt((msdx + eps) / (msg + eps)) * grad;
// msdx = rho * msdx + (1 - rho) * dx^2; param -= dx
void AdaDeltaUpdate(
        const Array& param, const Array& grad, const Array& msg, const Array& msdx, double rho, double eps);

// ms = alpha * ms + (1 - alpha) * grad^2; param -= lr * grad / (sqrt(ms + eps) if eps_inside_sqrt else
// sqrt(ms) + eps)
void RmsPropUpdate(
        const Array& param,
        const Array& grad,
        const Array& ms,
        double lr,
        double alpha,
        double eps,
        bool eps_inside_sqrt);

// Graves' RMSprop: n = alpha * n + (1 - alpha) * grad^2; g_avg = alpha * g_avg + (1 - alpha) * grad;
// delta = momentum * delta - lr * grad / sqrt(n - g_avg^2 + eps); param += delta
void RmsPropGravesUpdate(
        const Array& param,
        const Array& grad,
        const Array& n,
        const Array& g_avg,
        const Array& delta,
        double lr,
        double alpha,
        double momentum,
        double eps);

// Adam and its variants: m += (1 - beta1) * (grad - m); v += (1 - beta2) * (grad^2 - v);
// s = v, or with vhat (AMSGrad, AMSBound) vhat = max(vhat, v) and s = vhat;
// step = alpha_t / (sqrt(s) + eps), clipped to [lower_bound, upper_bound] (AdaBound, AMSBound; a missing bound
// does not clip); param -= eta * (step * m + weight_decay_rate * param) (AdamW: weight_decay_rate != 0).
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
        std::optional<double> upper_bound);

// SMORMS3: r = 1 / (mem + 1); g_avg = (1 - r) * g_avg + r * grad; g2 = (1 - r) * g2 + r * grad^2;
// x = g_avg^2 / (g2 + eps); param -= grad * min(lr, x) / (sqrt(g2) + eps); mem = 1 + mem * (1 - x)
void Smorms3Update(
        const Array& param,
        const Array& grad,
        const Array& mem,
        const Array& g_avg,
        const Array& g2,
        double lr,
        double eps);

// MSVAG: m += (1 - beta1) * (grad - m); v += (1 - beta2) * (grad^2 - v); mt = m / bias1; vt = v / bias2
// (bias1 = 1 - beta1^t, bias2 = 1 - beta2^t); factor = 1 if rho >= 1, else with s = (vt - mt^2) / (1 - rho)
// and d = mt^2 + rho * s, factor = clip(mt^2 / d, 0, 1) if d > 0 else 0;
// param -= eta * (lr * factor * mt + weight_decay_rate * param)
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
        double weight_decay_rate);

// Scales every array in place by min(1, threshold / norm), norm being the L2 norm of all their elements together
// (Chainer's GradientClipping), in two kernel calls whatever their number (Note [Clipping by the global norm] in
// clip_by_norm.cc), and returns the squared norm: a 0-d array, float64 when some array is float64, else float32.
// Arrays within the threshold are left alone; a NaN norm makes every array NaN (threshold / NaN), an infinite one
// zeros. Requires at least one array (DimensionError), all on one device (DeviceError), of float dtypes
// (DtypeError), C-contiguous and no two sharing memory (ChainerxError). Records nothing on any graph; runs what
// an open FusedUpdateBatch queued first, since queued updates read the gradients.
Array ClipByGlobalNorm(const std::vector<Array>& arrays, double threshold);

// Note [Batched updates]
// - A training step updates every parameter with one rule and the same hyperparameters: a kernel launch each,
//   and on a GPU a launch costs the host a few microseconds, so that a model of a hundred parameters can spend more
//   on launching its update than the GPU spends running it. PyTorch's optimizers update many tensors per launch
//   (their foreach and fused paths); within a FusedUpdateBatch these routines do too.
// - While a batch is open on a thread, each update routine checks its arguments (errors raise at the call, as
//   without a batch) and queues the update instead of running it. Flush() runs the queue in order: consecutive
//   updates of one kernel, device and rule (hyperparameters bit for bit equal) go to the kernel's CallMany
//   together, which on CUDA updates up to 32 C-contiguous parameters of one dtype per launch (cuda/optimizer.cu).
//   The queue holds the arrays until then.
// - Until the flush, the queued arrays hold their old values: code inside a batch must not read or write what a
//   queued update writes. Chainer's GradientMethod.update batches only the built-in rules and runs any other
//   work on a parameter (hooks, float32 master copies, user-defined rules) in a FusedUpdateBatchPause, so that
//   everything observes the same values in the same order as without a batch.
// - Batches nest: an inner one joins the outer one, whose destruction runs what is left. Flush() on any of them runs
//   the thread's whole queue, so that a flush before other work is one whoever opened the batch.
//
//     {
//         FusedUpdateBatch batch{};
//         for (auto& p : params) SgdUpdate(p.param, p.grad, 0.01);
//         batch.Flush();
//     }
class FusedUpdateBatch {
public:
    FusedUpdateBatch();
    // The outermost batch runs what is still queued, as Flush(); an error is swallowed here (and the rest of the
    // queue dropped): call Flush() first to see it.
    ~FusedUpdateBatch();

    FusedUpdateBatch(const FusedUpdateBatch&) = delete;
    FusedUpdateBatch& operator=(const FusedUpdateBatch&) = delete;

    // Runs the updates queued on this thread, in order.
    void Flush();

    // Whether no other batch was open on this thread when this one opened: its end runs the queue.
    bool outermost() const { return outermost_; }

private:
    bool outermost_;
};

// Runs what the open batches of this thread queued, then lets the fused updates run at their call until destroyed:
// for work inside a batch that reads or writes what queued updates write (Note [Batched updates]).
class FusedUpdateBatchPause {
public:
    FusedUpdateBatchPause();
    ~FusedUpdateBatchPause();

    FusedUpdateBatchPause(const FusedUpdateBatchPause&) = delete;
    FusedUpdateBatchPause& operator=(const FusedUpdateBatchPause&) = delete;

private:
    int depth_;
};

namespace internal {

// Whether two elements of `a` may share memory: a stride-0 axis of length > 1, or strides that let axes
// interleave (views made with NumPy's as_strided). Conservative: a layout that cannot be proven free of overlap
// counts as overlapping. Fused updates reject such params and states.
bool MayHaveOverlappingElements(const Array& a);

}  // namespace internal
}  // namespace chainerx
