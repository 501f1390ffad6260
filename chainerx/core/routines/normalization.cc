#include "chainerx/core/routines/normalization.h"

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <utility>

#include "chainerx/core/backprop_mode.h"
#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/normalization.h"
#include "chainerx/core/routines/arithmetic.h"
#include "chainerx/core/routines/elementwise.h"
#include "chainerx/core/routines/reduction.h"
#include "chainerx/core/routines/statistics.h"
#include "chainerx/core/routines/type_util.h"
#include "chainerx/core/scalar.h"
#include "chainerx/core/shape.h"

namespace chainerx {
namespace {

// The reduced axes and the shape parameters are broadcast in (x's rank, 1 on the reduced axes).
struct NormalizationAxes {
    Axes axes;
    Shape param_shape;
};

NormalizationAxes GetNormalizationAxes(const Array& x, const OptionalAxes& axis) {
    Axes axes = internal::GetSortedAxesOrAll(axis.has_value() ? *axis : Axes{0}, x.ndim());
    return {axes, internal::ReducedShape(x.shape(), axes, true)};
}

// `param` reshaped to `param_shape`; DimensionError unless it holds one value per position of the kept axes.
Array ReshapeParam(const char* op, const char* name, const Array& x, const Array& param, const Shape& param_shape) {
    internal::CheckSameDevice(op, x, param);
    if (param.GetTotalSize() != param_shape.GetTotalSize()) {
        throw DimensionError{op, ": ", name, " of shape ", param.shape(), " does not match x of shape ", x.shape(),
                             " normalized to ", param_shape};
    }
    return param.Reshape(param_shape);
}

// (x - mean) / sqrt(var + eps) * gamma + beta, every operand in one dtype.
Array Normalize(
        const Array& x, const Array& mean, const Array& var, const Array& gamma, const Array& beta, double eps) {
    return (x - mean) / Sqrt(var + eps) * gamma + beta;
}

// The gradients of batch normalization with the batch statistics mean and var of x (biased), m elements reduced
// per statistic: with xhat = (x - mean) / sqrt(var + eps),
//     gbeta = sum(gout), ggamma = sum(gout * xhat),
//     gx = gamma / sqrt(var + eps) * (gout - (xhat * ggamma + gbeta) / m).
// Written with routines, so it is differentiable when its operands are in a graph.
BatchNormGradResult ComposedBatchNormGrad(
        const Array& x, const Array& gamma, const Array& gout, const Array& mean, const Array& var, double eps,
        const Axes& axes) {
    // At least 1: with nothing reduced, x and gx are empty and the division is never evaluated.
    const int64_t m = mean.GetTotalSize() == 0 ? 1 : std::max<int64_t>(x.GetTotalSize() / mean.GetTotalSize(), 1);
    Array inv_std = Reciprocal(Sqrt(var + eps));
    Array xhat = (x - mean) * inv_std;
    Array gbeta = Sum(gout, axes, true);
    Array ggamma = Sum(gout * xhat, axes, true);
    // gamma multiplies last: with an empty batch the statistics are NaN, and gamma's gradient is then a sum over no
    // element (0), not that sum times inv_std (NaN).
    Array gx = gamma * (inv_std * (gout - (xhat * ggamma + gbeta) / Scalar{static_cast<double>(m)}));
    return {gx, ggamma, gbeta};
}

// The batch mean and (biased) variance of x over `axes`, keepdims.
std::pair<Array, Array> BatchStatistics(const Array& x, const Axes& axes) {
    Array mean = Mean(x, axes, true);
    Array var = Mean(Square(x - mean), axes, true);
    return {mean, var};
}

// The gradients of BatchNorm. In a first-order backward nothing is in a graph and the kernel computes them from
// the forward's statistics. When something is (double backprop), the composed formula runs with the statistics
// recomputed from x, so that the graph records how they depend on x.
BatchNormGradResult BatchNormGrad(
        const Array& x, const Array& gamma, const Array& gout, const Array& mean, const Array& var, double eps,
        const Axes& axes) {
    if (x.IsBackpropRequired(AnyGraph{}) || gamma.IsBackpropRequired(AnyGraph{}) ||
        gout.IsBackpropRequired(AnyGraph{})) {
        std::pair<Array, Array> stats = BatchStatistics(x, axes);
        return ComposedBatchNormGrad(x, gamma, gout, stats.first, stats.second, eps, axes);
    }
    return x.device().CallKernel<BatchNormGradKernel>(x, gamma, gout, mean, var, eps, axes);
}

void CheckRunningStat(const char* name, const Array& x, const Array& stat, const Shape& param_shape) {
    ReshapeParam("batch_norm", name, x, stat, param_shape);
    if (!IsFloatingPoint(stat.dtype())) {
        throw DtypeError{"batch_norm: ", name, " must be floating point to be updated in place, not ", stat.dtype()};
    }
    internal::CheckInplaceAllowed("batch_norm", stat);
}

// The dtype the normalization computes in: the promotion of x and its parameters (ResultType). x must be floating
// point, since the result is cast back to x's dtype.
Dtype ComputeDtype(const char* op, const Array& x, std::initializer_list<Dtype> param_dtypes) {
    if (!IsFloatingPoint(x.dtype())) {
        throw DtypeError{op, ": x must be floating point, not ", x.dtype()};
    }
    Dtype dtype = x.dtype();
    for (Dtype param_dtype : param_dtypes) {
        dtype = PromoteTypes(dtype, param_dtype);
    }
    return dtype;
}

// running = decay * running + (1 - decay) * batch_stat, in place and outside any graph.
void UpdateRunningStat(const Array& running, const Array& batch_stat, double decay) {
    Array update = batch_stat.AsGradStopped().Reshape(running.shape()).AsType(running.dtype(), false);
    internal::IMultiply(running, Scalar{decay});
    internal::IAdd(running, update * (1 - decay));
}

}  // namespace

void UpdateRunningStatistics(const RunningStatistics& running, const Array& mean, const Array& var) {
    NoBackpropModeScope no_backprop{};
    UpdateRunningStat(running.mean, mean, running.decay);
    UpdateRunningStat(running.var, var * running.unbias, running.decay);
}

BatchNormResult GenericBatchNormKernel::Call(
        const Array& x,
        const Array& gamma,
        const Array& beta,
        double eps,
        const Axes& axes,
        const RunningStatistics& running) {
    std::pair<Array, Array> stats = BatchStatistics(x, axes);
    // Normalized first: a running statistic may be one of the operands.
    Array out = Normalize(x, stats.first, stats.second, gamma, beta, eps);
    UpdateRunningStatistics(running, stats.first, stats.second);
    return {out, stats.first, stats.second};
}

BatchNormGradResult GenericBatchNormGradKernel::Call(
        const Array& x,
        const Array& gamma,
        const Array& gout,
        const Array& mean,
        const Array& var,
        double eps,
        const Axes& axes) {
    return ComposedBatchNormGrad(x, gamma, gout, mean, var, eps, axes);
}

Array GenericFixedBatchNormKernel::Call(
        const Array& x,
        const Array& gamma,
        const Array& beta,
        const Array& mean,
        const Array& var,
        double eps,
        const Axes& /*axes*/) {
    return Normalize(x, mean, var, gamma, beta, eps);
}

Array BatchNorm(
        const Array& x,
        const Array& gamma,
        const Array& beta,
        const Array& running_mean,
        const Array& running_var,
        double eps,
        double decay,
        const OptionalAxes& axis) {
    NormalizationAxes na = GetNormalizationAxes(x, axis);
    Array gamma_r = ReshapeParam("batch_norm", "gamma", x, gamma, na.param_shape);
    Array beta_r = ReshapeParam("batch_norm", "beta", x, beta, na.param_shape);
    CheckRunningStat("running_mean", x, running_mean, na.param_shape);
    CheckRunningStat("running_var", x, running_var, na.param_shape);

    // Casting to the compute dtype and back keeps x's dtype for the output and, through the casts' backward, each
    // input's for its gradient.
    const Dtype dtype = ComputeDtype("batch_norm", x, {gamma.dtype(), beta.dtype()});
    Array xc = internal::CastIfNeeded(x, dtype);
    Array gamma_c = internal::CastIfNeeded(gamma_r, dtype);
    Array beta_c = internal::CastIfNeeded(beta_r, dtype);
    int64_t n_reduced = na.param_shape.GetTotalSize() == 0 ? 0 : x.GetTotalSize() / na.param_shape.GetTotalSize();
    double unbias = static_cast<double>(n_reduced) / static_cast<double>(std::max(n_reduced - 1, int64_t{1}));
    BatchNormResult result = x.device().CallKernel<BatchNormKernel>(
            xc.AsGradStopped(),
            gamma_c.AsGradStopped(),
            beta_c.AsGradStopped(),
            eps,
            na.axes,
            RunningStatistics{running_mean.AsGradStopped(), running_var.AsGradStopped(), decay, unbias});
    {
        BackwardBuilder bb{"batch_norm", {xc, gamma_c, beta_c}, {result.out}};
        if (BackwardBuilder::Target bt = bb.CreateTarget({0, 1, 2})) {
            bt.Define([x_tok = bb.RetainInput(0),
                       gamma_tok = bb.RetainInput(1),
                       mean = result.mean,
                       var = result.var,
                       eps,
                       axes = na.axes](BackwardContext& bctx) {
                BatchNormGradResult grads = BatchNormGrad(
                        bctx.GetRetainedInput(x_tok), bctx.GetRetainedInput(gamma_tok), *bctx.output_grad(), mean,
                        var, eps, axes);
                if (bctx.is_input_grad_required(0)) {
                    bctx.input_grad(0) = grads.gx;
                }
                if (bctx.is_input_grad_required(1)) {
                    bctx.input_grad(1) = grads.ggamma;
                }
                if (bctx.is_input_grad_required(2)) {
                    bctx.input_grad(2) = grads.gbeta;
                }
            });
        }
        bb.Finalize();
    }
    return internal::CastIfNeeded(result.out, x.dtype());
}

namespace {

// Note [Frozen batch normalization]
// Fine-tuning with frozen statistics (a detector's backbone in test mode) differentiates fixed_batch_norm with
// respect to x, gamma and beta but not to the statistics. The forward is then the inference kernel (one launch on
// CUDA, where the composition took eight) and the backward the routines (x's: three launches on the parameters'
// few elements and one over x)
//     gx = gout * gamma / sqrt(var + eps),  ggamma = sum(gout * (x - mean) / sqrt(var + eps)),  gbeta = sum(gout)
// (sums over the normalized axes), which a double backward differentiates as any composition.
Array FrozenBatchNorm(
        const Array& x,
        const Array& gamma,
        const Array& beta,
        const Array& mean,
        const Array& var,
        double eps,
        const Axes& axes) {
    Array out = x.device().CallKernel<FixedBatchNormKernel>(
            x.AsGradStopped(), gamma.AsGradStopped(), beta.AsGradStopped(), mean, var, eps, axes);
    BackwardBuilder bb{"fixed_batch_norm", {x, gamma, beta}, {out}};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([gamma_tok = bb.RetainInput(1), var, eps](BackwardContext& bctx) {
            const Array& gamma = bctx.GetRetainedInput(gamma_tok);
            bctx.input_grad() = *bctx.output_grad() * (gamma / Sqrt(var + eps));
        });
    }
    if (BackwardBuilder::Target bt = bb.CreateTarget(1)) {
        bt.Define([x_tok = bb.RetainInput(0), mean, var, eps, axes](BackwardContext& bctx) {
            const Array& x = bctx.GetRetainedInput(x_tok);
            bctx.input_grad() = Sum(*bctx.output_grad() * ((x - mean) / Sqrt(var + eps)), axes, true);
        });
    }
    if (BackwardBuilder::Target bt = bb.CreateTarget(2)) {
        bt.Define([axes](BackwardContext& bctx) { bctx.input_grad() = Sum(*bctx.output_grad(), axes, true); });
    }
    bb.Finalize();
    return out;
}

}  // namespace

Array FixedBatchNorm(
        const Array& x,
        const Array& gamma,
        const Array& beta,
        const Array& mean,
        const Array& var,
        double eps,
        const OptionalAxes& axis) {
    NormalizationAxes na = GetNormalizationAxes(x, axis);
    Array gamma_r = ReshapeParam("fixed_batch_norm", "gamma", x, gamma, na.param_shape);
    Array beta_r = ReshapeParam("fixed_batch_norm", "beta", x, beta, na.param_shape);
    Array mean_r = ReshapeParam("fixed_batch_norm", "mean", x, mean, na.param_shape);
    Array var_r = ReshapeParam("fixed_batch_norm", "var", x, var, na.param_shape);
    const Dtype dtype = ComputeDtype("fixed_batch_norm", x, {gamma.dtype(), beta.dtype(), mean.dtype(), var.dtype()});
    std::initializer_list<const Array*> operands{&x, &gamma_r, &beta_r, &mean_r, &var_r};
    auto cast = [dtype](const Array& a) { return internal::CastIfNeeded(a, dtype); };
    Array out{};
    auto in_graph = [](const Array* a) { return a->IsBackpropRequired(AnyGraph{}); };
    if (std::none_of(operands.begin(), operands.end(), in_graph)) {
        // Inference proper: one kernel (cuDNN on CUDA).
        out = x.device().CallKernel<FixedBatchNormKernel>(
                cast(x), cast(gamma_r), cast(beta_r), cast(mean_r), cast(var_r), eps, na.axes);
    } else if (!in_graph(&mean_r) && !in_graph(&var_r)) {
        out = FrozenBatchNorm(cast(x), cast(gamma_r), cast(beta_r), cast(mean_r), cast(var_r), eps, na.axes);
    } else {
        // Differentiated with respect to any of its five inputs (rare: statistics being learnt): composed, so that
        // every order of derivative follows.
        out = Normalize(cast(x), cast(mean_r), cast(var_r), cast(gamma_r), cast(beta_r), eps);
    }
    return internal::CastIfNeeded(out, x.dtype());
}

namespace {

// The gradients of layer normalization of the rows of x (rows, cols) with the statistics mean and inv_std (rows, 1)
// (LayerNormGradKernel's formulas), composed of routines.
LayerNormGradResult ComposedLayerNormGrad(
        const Array& x, const Array& gamma, const Array& gout, const Array& mean, const Array& inv_std) {
    const Scalar inv_cols{1.0 / static_cast<double>(std::max<int64_t>(x.shape()[1], 1))};
    Array xhat = (x - mean) * inv_std;
    Array g = gout * gamma;
    Array gx = inv_std * (g - Sum(g, Axes{1}, true) * inv_cols - xhat * (Sum(g * xhat, Axes{1}, true) * inv_cols));
    return {gx, Sum(gout * xhat, Axes{0}), Sum(gout, Axes{0})};
}

// Each row's mean and 1 / sqrt(var + eps), (rows, 1), composed of routines.
std::pair<Array, Array> RowStatistics(const Array& x, double eps) {
    Array mean = Mean(x, Axes{1}, true);
    Array var = Mean(Square(x - mean), Axes{1}, true);
    return {mean, Reciprocal(Sqrt(var + eps))};
}

}  // namespace

LayerNormResult GenericLayerNormKernel::Call(const Array& x, const Array& gamma, const Array& beta, double eps) {
    std::pair<Array, Array> stats = RowStatistics(x, eps);
    Array out = (x - stats.first) * stats.second * gamma + beta;
    const Shape rows{x.shape()[0]};
    return {out, stats.first.Reshape(rows), stats.second.Reshape(rows)};
}

LayerNormGradResult GenericLayerNormGradKernel::Call(
        const Array& x, const Array& gamma, const Array& gout, const Array& mean, const Array& inv_std) {
    const Shape column{x.shape()[0], 1};
    return ComposedLayerNormGrad(x, gamma, gout, mean.Reshape(column), inv_std.Reshape(column));
}

Array LayerNorm(const Array& x, const Array& gamma, const Array& beta, double eps) {
    internal::CheckSameDevice("layer_norm", x, gamma);
    internal::CheckSameDevice("layer_norm", x, beta);
    const int8_t k = gamma.ndim();
    const Shape trailing{x.shape().end() - std::min(k, x.ndim()), x.shape().end()};
    if (k == 0 || k > x.ndim() || gamma.shape() != trailing || beta.shape() != gamma.shape()) {
        throw DimensionError{"layer_norm: gamma and beta must have the shape of x's trailing axes (at least one), got ",
                             gamma.shape(), " and ", beta.shape(), " for x of shape ", x.shape()};
    }
    const Dtype dtype = ComputeDtype("layer_norm", x, {gamma.dtype(), beta.dtype()});
    const int64_t cols = trailing.GetTotalSize();
    const int64_t rows = cols == 0 ? Shape{x.shape().begin(), x.shape().end() - k}.GetTotalSize()
                                   : x.GetTotalSize() / cols;
    // The kernel sees a matrix of samples; reshaping in the graph keeps the gradients' shapes.
    Array xc = internal::CastIfNeeded(x, dtype).Reshape({rows, cols});
    Array gamma_c = internal::CastIfNeeded(gamma, dtype).Reshape({cols});
    Array beta_c = internal::CastIfNeeded(beta, dtype).Reshape({cols});
    LayerNormResult result = x.device().CallKernel<LayerNormKernel>(
            xc.AsGradStopped(), gamma_c.AsGradStopped(), beta_c.AsGradStopped(), eps);
    {
        BackwardBuilder bb{"layer_norm", {xc, gamma_c, beta_c}, {result.out}};
        if (BackwardBuilder::Target bt = bb.CreateTarget({0, 1, 2})) {
            bt.Define([x_tok = bb.RetainInput(0),
                       gamma_tok = bb.RetainInput(1),
                       mean = result.mean,
                       inv_std = result.inv_std,
                       eps](BackwardContext& bctx) {
                const Array& x = bctx.GetRetainedInput(x_tok);
                const Array& gamma = bctx.GetRetainedInput(gamma_tok);
                const Array& gout = *bctx.output_grad();
                LayerNormGradResult grads{};
                if (x.IsBackpropRequired(AnyGraph{}) || gamma.IsBackpropRequired(AnyGraph{}) ||
                    gout.IsBackpropRequired(AnyGraph{})) {
                    // Double backprop: the statistics recomputed from x, so that the graph records how they depend
                    // on it.
                    std::pair<Array, Array> stats = RowStatistics(x, eps);
                    grads = ComposedLayerNormGrad(x, gamma, gout, stats.first, stats.second);
                } else {
                    grads = x.device().CallKernel<LayerNormGradKernel>(x, gamma, gout, mean, inv_std);
                }
                for (size_t i = 0; i < 3; ++i) {
                    if (bctx.is_input_grad_required(i)) {
                        bctx.input_grad(i) = i == 0 ? grads.gx : i == 1 ? grads.ggamma : grads.gbeta;
                    }
                }
            });
        }
        bb.Finalize();
    }
    return internal::CastIfNeeded(result.out.Reshape(x.shape()), x.dtype());
}

}  // namespace chainerx
