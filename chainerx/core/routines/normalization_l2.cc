// L2 normalization (declared in normalization.h).
//
// Note [L2 normalization in two kernels]
// F.normalize divides each vector of x (its elements along `axes`) by the vector's L2 norm plus eps. Composed of
// routines it took 9 launches forward and 11 backward on a GPU, the norm written as sqrt(s + z) - z (z = 1 where s
// is 0, a constant) so that its derivative stays finite at zero vectors. Here the forward is the sum of the squares s
// (SumSquaresKernel, a reduction) and one elementwise kernel, x / (sqrt(s) + eps) (L2NormalizeKernel); the backward
// the sum r of x * gout over each vector (a product and a sum) and one elementwise kernel, gout / d - x r / (d^2 n)
// with n = sqrt(s) and d = n + eps (L2NormalizeGradKernel, numeric/normalization.h), whose second term is 0 at a zero
// vector, as Chainer's. When x or gout is connected to a graph (double backprop), the gradient is that formula
// composed of routines, with the same guard, so that the graph records it.
#include <utility>

#include "chainerx/core/array.h"
#include "chainerx/core/backprop_id.h"
#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/normalization.h"
#include "chainerx/core/kernels/reduction.h"
#include "chainerx/core/routines/arithmetic.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/logic.h"
#include "chainerx/core/routines/normalization.h"
#include "chainerx/core/routines/reduction.h"
#include "chainerx/core/scalar.h"
#include "chainerx/core/shape.h"

namespace chainerx {
namespace {

// The gradient of L2Normalize for x (of the dtype it computed in), given s, the sum of x's squares over `axes`
// (keepdims).
Array L2NormalizeGrad(const Array& x, const Array& gout, const Array& s, double eps, const Axes& axes) {
    if (x.IsBackpropRequired(AnyGraph{}) || gout.IsBackpropRequired(AnyGraph{})) {
        Array squared = Sum(x * x, axes, true);
        Array zero = Equal(squared, Scalar{0}).AsType(x.dtype()).AsGradStopped();
        Array norm = Sqrt(squared + zero) - zero;
        Array norm_eps = norm + Scalar{eps};
        Array coefficient = Sum(x * gout, axes, true) / (norm_eps * norm_eps * (norm + zero));
        return gout / norm_eps - x * coefficient;
    }
    Array r = Sum(x * gout, axes, true);
    Array gx = Empty(x.shape(), x.dtype(), x.device());
    x.device().CallKernel<L2NormalizeGradKernel>(gout, x, s.BroadcastTo(x.shape()), r.BroadcastTo(x.shape()), eps, gx);
    return gx;
}

}  // namespace

Array L2Normalize(const Array& x, double eps, const OptionalAxes& axis) {
    if (!IsFloatingPoint(x.dtype())) {
        throw DtypeError{"normalize: x must be floating point, not ", x.dtype()};
    }
    Axes axes = internal::GetSortedAxesOrAll(axis, x.ndim());
    // float16 computes in float32, where its sums of squares do not overflow.
    const Dtype math = x.dtype() == Dtype::kFloat16 ? Dtype::kFloat32 : x.dtype();
    Array xf = x.AsType(math, false);
    Array s = internal::ReduceForward<SumSquaresKernel>(xf.AsGradStopped(), axes, true, math);
    Array out = Empty(xf.shape(), math, x.device());
    x.device().CallKernel<L2NormalizeKernel>(xf.AsGradStopped(), s.BroadcastTo(xf.shape()), Scalar{eps}, out);
    BackwardBuilder bb{"normalize", xf, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([x_tok = bb.RetainInput(0), s, eps, axes](BackwardContext& bctx) {
            bctx.input_grad() = L2NormalizeGrad(bctx.GetRetainedInput(x_tok), *bctx.output_grad(), s, eps, axes);
        });
    }
    bb.Finalize();
    return out.AsType(x.dtype(), false);
}

}  // namespace chainerx
