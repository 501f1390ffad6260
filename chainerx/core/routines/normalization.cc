#include "chainerx/core/routines/normalization.h"

#include <algorithm>
#include <cstdint>

#include "chainerx/core/backprop_mode.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/error.h"
#include "chainerx/core/routines/arithmetic.h"
#include "chainerx/core/routines/elementwise.h"
#include "chainerx/core/routines/statistics.h"
#include "chainerx/core/routines/type_util.h"

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

Array Normalize(
        const Array& x, const Array& mean, const Array& var, const Array& gamma, const Array& beta, double eps) {
    return (x - mean) / Sqrt(var + eps) * gamma + beta;
}

void CheckRunningStat(const char* name, const Array& x, const Array& stat, const Shape& param_shape) {
    ReshapeParam("batch_norm", name, x, stat, param_shape);
    if (!IsFloatingPoint(stat.dtype())) {
        throw DtypeError{"batch_norm: ", name, " must be floating point to be updated in place, not ", stat.dtype()};
    }
    internal::CheckInplaceAllowed("batch_norm", stat);
}

// running = decay * running + (1 - decay) * batch_stat, in place and outside any graph.
void UpdateRunningStat(const Array& running, const Array& batch_stat, double decay) {
    Array update = batch_stat.AsGradStopped().Reshape(running.shape()).AsType(running.dtype(), false);
    internal::IMultiply(running, Scalar{decay});
    internal::IAdd(running, update * (1 - decay));
}

}  // namespace

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

    Array xf = internal::CastIfNeeded(x, internal::MathDtype(x.dtype()));
    Array mean = Mean(xf, na.axes, true);
    Array centered = xf - mean;
    Array var = Mean(Square(centered), na.axes, true);
    Array out = Normalize(xf, mean, var, gamma_r, beta_r, eps);

    NoBackpropModeScope no_backprop{};
    int64_t n_reduced = na.param_shape.GetTotalSize() == 0 ? 0 : x.GetTotalSize() / na.param_shape.GetTotalSize();
    // The running variance estimates the population variance: the batch variance made unbiased.
    double unbias = static_cast<double>(n_reduced) / static_cast<double>(std::max(n_reduced - 1, int64_t{1}));
    UpdateRunningStat(running_mean, mean, decay);
    UpdateRunningStat(running_var, var * unbias, decay);
    return out;
}

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
    Array xf = internal::CastIfNeeded(x, internal::MathDtype(x.dtype()));
    return Normalize(xf, mean_r, var_r, gamma_r, beta_r, eps);
}

}  // namespace chainerx
