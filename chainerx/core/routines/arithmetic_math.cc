// The math and extrema routines of the arithmetic family: reciprocal, square, sqrt, absolute, fabs, sign,
// maximum and minimum (declared in arithmetic.h).
#include "chainerx/core/routines/arithmetic.h"

#include <cmath>

#include "chainerx/core/array.h"
#include "chainerx/core/backprop_id.h"
#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/kernels/arithmetic.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/elementwise.h"
#include "chainerx/core/routines/type_util.h"

namespace chainerx {
namespace {

bool IsNanScalar(Scalar s) { return s.kind() == DtypeKind::kFloat && std::isnan(s.As<double>()); }

// out = kernel(x1, x2) with the gradient gout * mask going to the operand the kernel returned, where the mask
// kernels say which one that was (ties and NaN: numeric/arithmetic.h).
template <typename KeyKernel, typename FirstMaskKernel, typename SecondMaskKernel>
Array Extremum(const char* op, const Array& x1, const Array& x2) {
    Dtype dtype = ResultType(x1, x2);
    Array out = internal::BinaryForward<KeyKernel>(op, x1, x2, dtype);
    // Masks are computed from the retained inputs in backward, in the forward's dtype, so that the gradient
    // follows exactly the choices of the forward.
    internal::DefineBinaryGrad(
            op, x1, x2, out,
            [op, dtype](const Array& gout, const Array& x1, const Array& x2) {
                return gout * internal::BinaryForward<FirstMaskKernel>(op, x1, x2, dtype, Dtype::kBool);
            },
            [op, dtype](const Array& gout, const Array& x1, const Array& x2) {
                return gout * internal::BinaryForward<SecondMaskKernel>(op, x1, x2, dtype, Dtype::kBool);
            });
    return out;
}

// kernel(x, s) (or kernel(s, x) for the SA kernels) in one kernel, with the values and gradients of the array form
// with a 0-d array of s in ResultType's dtype: the gradient gout * mask goes to x where the kernel returned it, one
// GradKernel unless a graph needs the composition (Note [Gradient kernels]: clip's backward took six launches).
template <typename KeyKernel, typename TakesArrayKernel, typename GradKernel>
Array ExtremumWithScalar(const char* op, const Array& x, Scalar s) {
    Dtype dtype = ResultType(x, s);
    Array out = internal::ScalarForward<KeyKernel>(x, s, dtype);
    internal::DefineUnaryGradFromInput(op, x, out, [s, dtype](const Array& gout, const Array& x) {
        if (gout.dtype() == dtype && x.dtype() == dtype && !gout.IsBackpropRequired(AnyGraph{}) &&
            !x.IsBackpropRequired(AnyGraph{})) {
            Array gx = Empty(gout.shape(), dtype, gout.device());
            gout.device().CallKernel<GradKernel>(gout, x, s, gx);
            return gx;
        }
        return internal::CastIfNeeded(gout * internal::ScalarForward<TakesArrayKernel>(x, s, dtype, Dtype::kBool),
                                      x.dtype());
    });
    return out;
}

}  // namespace

Array Reciprocal(const Array& x) { return Divide(1, x); }

Array Square(const Array& x) {
    internal::CheckNotBool("square", x);
    return x * x;
}

Array Sqrt(const Array& x) {
    Array out = internal::MathUnaryForward<SqrtKernel>(x);
    internal::DefineUnaryGradFromOutput(
            "sqrt", x, out, [](const Array& gout, const Array& out) { return gout / (out * 2); });
    return out;
}

Array Absolute(const Array& x) {
    Array out = internal::UnaryForward<AbsoluteKernel>(x, x.dtype());
    internal::DefineUnaryGradFromInput(
            "absolute", x, out, [](const Array& gout, const Array& x) { return gout * Sign(x); });
    return out;
}

Array Fabs(const Array& x) { return Absolute(internal::CastIfNeeded(x, internal::MathDtype(x.dtype()))); }

Array Sign(const Array& x) { return internal::UnaryForward<SignKernel>(x, x.dtype()); }

// The array forms reject a bool array against a non-bool one (R10 of the original); a scalar operand follows the
// array-scalar dtype rule instead.
Array Maximum(const Array& x1, const Array& x2) {
    internal::CheckNoBoolMix("maximum", x1, x2);
    return Extremum<MaximumKernel, MaximumTakesFirstKernel, MaximumTakesSecondKernel>("maximum", x1, x2);
}

Array Maximum(const Array& x1, Scalar x2) {
    return ExtremumWithScalar<MaximumASKernel, MaximumTakesArrayASKernel, MaximumASGradKernel>("maximum", x1, x2);
}

Array Maximum(Scalar x1, const Array& x2) {
    return ExtremumWithScalar<MaximumSAKernel, MaximumTakesArraySAKernel, MaximumSAGradKernel>("maximum", x2, x1);
}

Array Minimum(const Array& x1, const Array& x2) {
    internal::CheckNoBoolMix("minimum", x1, x2);
    return Extremum<MinimumKernel, MinimumTakesFirstKernel, MinimumTakesSecondKernel>("minimum", x1, x2);
}

Array Minimum(const Array& x1, Scalar x2) {
    return ExtremumWithScalar<MinimumASKernel, MinimumTakesArrayASKernel, MinimumASGradKernel>("minimum", x1, x2);
}

Array Minimum(Scalar x1, const Array& x2) {
    return ExtremumWithScalar<MinimumSAKernel, MinimumTakesArraySAKernel, MinimumSAGradKernel>("minimum", x2, x1);
}

// Note [Clip in one pass]
// clip was maximum then minimum: two passes over memory and two graph nodes, 0.64 ms for 2^21 float32 elements on
// one thread where PyTorch's clamp took 0.22 ms. ClipKernel applies the same two formulas in one pass, so values,
// ties and NaN are the composition's; the backward is one ClipGradKernel (gout times both masks), or the mask
// composed where the gradient itself needs a graph. The composition runs where the two steps compute in different
// dtypes (an integer array with an integer low and a float high: maximum stays integer, minimum promotes) and for a
// NaN bound (the kernel's formula assumes none: numeric::ClipValue).
Array Clip(const Array& x, Scalar low, Scalar high) {
    Dtype dtype = ResultType(x, low);
    // ResultType also raises where Minimum would, for an integer high out of range.
    if (ResultType(dtype, high) != dtype || IsNanScalar(low) || IsNanScalar(high)) {
        return Minimum(Maximum(x, low), high);
    }
    Array out = internal::ScalarsForward<ClipKernel>(x, dtype, dtype, low, high);
    internal::DefineUnaryGradFromInput("clip", x, out, [low, high, dtype](const Array& gout, const Array& x) {
        if (gout.dtype() == dtype && x.dtype() == dtype && !gout.IsBackpropRequired(AnyGraph{}) &&
            !x.IsBackpropRequired(AnyGraph{})) {
            Array gx = Empty(gout.shape(), dtype, gout.device());
            gout.device().CallKernel<ClipGradKernel>(gout, x, low, high, gx);
            return gx;
        }
        Array mask = internal::ScalarsForward<ClipTakesArrayKernel>(x, dtype, Dtype::kBool, low, high);
        return internal::CastIfNeeded(gout * mask, x.dtype());
    });
    return out;
}

}  // namespace chainerx
