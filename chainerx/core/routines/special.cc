#include "chainerx/core/routines/special.h"

#include <utility>

#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/special.h"
#include "chainerx/core/routines/arithmetic.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/elementwise.h"
#include "chainerx/core/routines/explog.h"
#include "chainerx/core/routines/type_util.h"
#include "chainerx/core/scalar.h"

namespace chainerx {
namespace {

constexpr double kTwoOverSqrtPi = 1.12837916709551257389615890312154517;
constexpr double kSqrtPiOverTwo = 0.886226925452758013649083741671;
constexpr double kSqrtTwoPi = 2.50662827463100050241576528481104525;

// Records the backward of f(p, v) with respect to v only (p is a parameter that receives no gradient): grad_fn(gout,
// p, v), reduced over the axes v was broadcast along.
template <typename GradFn>
void DefineSecondOperandGrad(const char* op, const Array& p, const Array& v, const Array& out, GradFn grad_fn) {
    BackwardBuilder bb{op, {p, v}, {out}};
    if (BackwardBuilder::Target bt = bb.CreateTarget(1)) {
        bt.Define([p_tok = bb.RetainInput(0), v_tok = bb.RetainInput(1), grad_fn = std::move(grad_fn)](
                          BackwardContext& bctx) {
            Array grad = grad_fn(*bctx.output_grad(), bctx.GetRetainedInput(p_tok), bctx.GetRetainedInput(v_tok));
            bctx.input_grad() = internal::ReduceGradToInput(bctx, std::move(grad));
        });
    }
    bb.Finalize();
}

// exp(-x^2 / 2) / sqrt(2 pi): the density of the standard normal distribution.
Array NormalDensity(const Array& x) { return Exp(x * x * Scalar{-0.5}) / kSqrtTwoPi; }

}  // namespace

Array Erfc(const Array& x) {
    Array out = internal::MathUnaryForward<ErfcKernel>(x);
    internal::DefineUnaryGradFromInput(
            "erfc", x, out, [](const Array& gout, const Array& x) { return gout * Exp(-(x * x)) * -kTwoOverSqrtPi; });
    return out;
}

Array Erfcx(const Array& x) {
    Array out = internal::MathUnaryForward<ErfcxKernel>(x);
    internal::DefineUnaryGradFromInputAndOutput("erfcx", x, out, [](const Array& gout, const Array& x, const Array& out) {
        return gout * (x * out * 2 - kTwoOverSqrtPi);
    });
    return out;
}

Array Erfinv(const Array& x) {
    Array out = internal::MathUnaryForward<ErfinvKernel>(x);
    internal::DefineUnaryGradFromOutput("erfinv", x, out, [](const Array& gout, const Array& out) {
        return gout * Exp(out * out) * kSqrtPiOverTwo;
    });
    return out;
}

Array Erfcinv(const Array& x) {
    Array out = internal::MathUnaryForward<ErfcinvKernel>(x);
    internal::DefineUnaryGradFromOutput("erfcinv", x, out, [](const Array& gout, const Array& out) {
        return gout * Exp(out * out) * -kSqrtPiOverTwo;
    });
    return out;
}

Array Ndtr(const Array& x) {
    Array out = internal::MathUnaryForward<NdtrKernel>(x);
    internal::DefineUnaryGradFromInput(
            "ndtr", x, out, [](const Array& gout, const Array& x) { return gout * NormalDensity(x); });
    return out;
}

Array Ndtri(const Array& x) {
    Array out = internal::MathUnaryForward<NdtriKernel>(x);
    internal::DefineUnaryGradFromOutput("ndtri", x, out, [](const Array& gout, const Array& out) {
        return gout * Exp(out * out * Scalar{0.5}) * kSqrtTwoPi;
    });
    return out;
}

Array LogNdtr(const Array& x) {
    Array out = internal::MathUnaryForward<LogNdtrKernel>(x);
    // The density over ndtr(x) as exp(-x^2 / 2 - log_ndtr(x)): no 0 / 0 far in the lower tail.
    internal::DefineUnaryGradFromInputAndOutput("log_ndtr", x, out, [](const Array& gout, const Array& x, const Array& out) {
        return gout * Exp(x * x * Scalar{-0.5} - out) / kSqrtTwoPi;
    });
    return out;
}

Array Lgamma(const Array& x) {
    Array out = internal::MathUnaryForward<LgammaKernel>(x);
    internal::DefineUnaryGradFromInput(
            "lgamma", x, out, [](const Array& gout, const Array& x) { return gout * Digamma(x); });
    return out;
}

Array Digamma(const Array& x) {
    Array out = internal::MathUnaryForward<DigammaKernel>(x);
    internal::DefineUnaryGradFromInput("digamma", x, out, [](const Array& gout, const Array& x) {
        return gout * Polygamma(OnesLike(x), x);
    });
    return out;
}

Array Polygamma(const Array& n, const Array& x) {
    Dtype dtype = internal::MathDtype(x.dtype());
    Array out = internal::BinaryForward<PolygammaKernel>("polygamma", n, x, dtype);
    DefineSecondOperandGrad("polygamma", n, x, out, [](const Array& gout, const Array& n, const Array& x) {
        return gout * Polygamma(n + 1, x);
    });
    return out;
}

Array Zeta(const Array& x, const Array& q) {
    Dtype dtype = internal::MathDtype(q.dtype());
    Array out = internal::BinaryForward<ZetaKernel>("zeta", x, q, dtype);
    DefineSecondOperandGrad("zeta", x, q, out, [](const Array& gout, const Array& x, const Array& q) {
        return gout * -(x * Zeta(x + 1, q));
    });
    return out;
}

}  // namespace chainerx
