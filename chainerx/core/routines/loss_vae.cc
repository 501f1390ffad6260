// The losses of variational autoencoders (declared in loss.h).
//
// Note [Losses of variational autoencoders]
// gaussian_kl_divergence, bernoulli_nll and gaussian_nll (what F.gaussian_kl_divergence, F.bernoulli_nll and
// F.gaussian_nll run on chainerx) are one kernel each forward (gaussian_nll after the difference x - mean), where
// compositions of routines took 6, 3 and 8 launches; their gradients are one kernel, or a factor kernel times gout
// (numeric/loss.h), per operand. When gout or an operand is connected to a graph, a double backward differentiates
// the gradient, which is then composed of routines, the same formula (Note [Gradient kernels] in
// routines/elementwise.h).
#include <initializer_list>

#include "chainerx/core/array.h"
#include "chainerx/core/backprop_id.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/loss.h"
#include "chainerx/core/routines/activation.h"
#include "chainerx/core/routines/arithmetic.h"
#include "chainerx/core/routines/elementwise.h"
#include "chainerx/core/routines/explog.h"
#include "chainerx/core/routines/loss.h"
#include "chainerx/core/routines/type_util.h"

namespace chainerx {
namespace {

Array ToMathDtype(const Array& x) { return internal::CastIfNeeded(x, internal::MathDtype(x.dtype())); }

bool AnyOnGraph(std::initializer_list<const Array*> arrays) {
    for (const Array* a : arrays) {
        if (a->IsBackpropRequired(AnyGraph{})) {
            return true;
        }
    }
    return false;
}

// gout times factor(a, b): one kernel for the factor, or the composition `composed` on a graph.
template <typename FactorKernel, typename Composed>
Array TimesFactor(const char* op, const Array& gout, const Array& a, const Array& b, Composed&& composed) {
    if (AnyOnGraph({&gout, &a, &b})) {
        return gout * composed(a, b);
    }
    return gout * internal::BinaryForward<FactorKernel>(op, a, b, gout.dtype());
}

}  // namespace

Array GaussianKlDivergence(const Array& mean, const Array& ln_var) {
    const char* op = "gaussian_kl_divergence";
    Array mean_f = ToMathDtype(mean);
    Array ln_var_f = ToMathDtype(ln_var);
    Array out = internal::BinaryForward<GaussianKlDivergenceKernel>(op, mean_f, ln_var_f, ResultType(mean_f, ln_var_f));
    internal::DefineBinaryGrad(
            op, mean_f, ln_var_f, out, [](const Array& gout, const Array& mean, const Array&) { return gout * mean; },
            [op](const Array& gout, const Array&, const Array& ln_var) {
                if (AnyOnGraph({&gout, &ln_var})) {
                    return gout * (Exp(ln_var) - 1) * 0.5;
                }
                return internal::BinaryForward<GaussianKlDivergenceLnVarGradKernel>(op, gout, ln_var, gout.dtype());
            });
    return out;
}

Array BernoulliNll(const Array& x, const Array& y) {
    const char* op = "bernoulli_nll";
    Array y_f = ToMathDtype(y);
    Array x_f = ToMathDtype(x);
    Array out = internal::BinaryForward<BernoulliNllKernel>(op, y_f, x_f, ResultType(y_f, x_f));
    internal::DefineBinaryGrad(
            op, y_f, x_f, out,
            [](const Array& gout, const Array& y, const Array& x) { return gout * (Sigmoid(y) - x); },
            [](const Array& gout, const Array& y, const Array&) { return -(gout * y); });
    return out;
}

Array GaussianNll(const Array& x, const Array& mean, const Array& ln_var) {
    const char* op = "gaussian_nll";
    Array diff = ToMathDtype(x) - ToMathDtype(mean);
    Array ln_var_f = ToMathDtype(ln_var);
    Array out = internal::BinaryForward<GaussianNllKernel>(op, diff, ln_var_f, ResultType(diff, ln_var_f));
    internal::DefineBinaryGrad(
            op, diff, ln_var_f, out,
            [op](const Array& gout, const Array& d, const Array& ln_var) {
                return TimesFactor<GaussianNllDiffFactorKernel>(
                        op, gout, d, ln_var, [](const Array& d, const Array& ln_var) { return d * Exp(-ln_var); });
            },
            [op](const Array& gout, const Array& d, const Array& ln_var) {
                return TimesFactor<GaussianNllLnVarFactorKernel>(
                        op, gout, d, ln_var,
                        [](const Array& d, const Array& ln_var) { return (1 - d * d * Exp(-ln_var)) * 0.5; });
            });
    return out;
}

}  // namespace chainerx
