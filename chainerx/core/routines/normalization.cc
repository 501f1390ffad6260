#include "chainerx/core/routines/normalization.h"

#include <algorithm>
#include <cstdint>
#include <initializer_list>

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

// (x - mean) / sqrt(var + eps) * gamma + beta with every operand in `dtype` (x, mean and var already are, or are
// cast here), so that a float16 x with float32 parameters is computed in float32 throughout.
Array Normalize(
        const Array& x,
        const Array& mean,
        const Array& var,
        const Array& gamma,
        const Array& beta,
        double eps,
        Dtype dtype) {
    auto cast = [dtype](const Array& a) { return internal::CastIfNeeded(a, dtype); };
    return (x - cast(mean)) / Sqrt(cast(var) + eps) * cast(gamma) + cast(beta);
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

    // Casting back keeps x's dtype for the output and, through the casts' backward, each input's for its gradient.
    const Dtype dtype = ComputeDtype("batch_norm", x, {gamma.dtype(), beta.dtype()});
    Array xc = internal::CastIfNeeded(x, dtype);
    Array mean = Mean(xc, na.axes, true);
    Array var = Mean(Square(xc - mean), na.axes, true);
    Array out = internal::CastIfNeeded(Normalize(xc, mean, var, gamma_r, beta_r, eps, dtype), x.dtype());

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
    const Dtype dtype = ComputeDtype("fixed_batch_norm", x, {gamma.dtype(), beta.dtype(), mean.dtype(), var.dtype()});
    Array out = Normalize(internal::CastIfNeeded(x, dtype), mean_r, var_r, gamma_r, beta_r, eps, dtype);
    return internal::CastIfNeeded(out, x.dtype());
}

}  // namespace chainerx
