#include "chainerx/core/routines/activation.h"

#include "chainerx/core/error.h"
#include "chainerx/core/kernels/activation.h"
#include "chainerx/core/routines/arithmetic.h"
#include "chainerx/core/routines/elementwise.h"
#include "chainerx/core/routines/explog.h"
#include "chainerx/core/routines/logic.h"
#include "chainerx/core/routines/manipulation.h"
#include "chainerx/core/shape.h"

namespace chainerx {
namespace {

Array ToMathDtype(const Array& x) { return internal::CastIfNeeded(x, internal::MathDtype(x.dtype())); }

// gout where out > 0, else 0, in one pass (as gout * (out > 0) it took three: the comparison, the cast of the
// bool mask and the product). Linear in gout, so its own backward is the same mask; out gets no gradient (the
// mask is piecewise constant).
Array ReluGrad(const Array& gout, const Array& out) {
    Array gx = internal::BinaryForward<ReluGradKernel>("relu", gout, out, gout.dtype());
    BackwardBuilder bb{"relu_grad", {gout, out}, {gx}};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([out_tok = bb.RetainInput(1)](BackwardContext& bctx) {
            bctx.input_grad() = ReluGrad(*bctx.output_grad(), bctx.GetRetainedInput(out_tok));
        });
    }
    bb.Finalize();
    return gx;
}

}  // namespace

Array Relu(const Array& x) {
    Array out = internal::MathUnaryForward<ReluKernel>(x);
    internal::DefineUnaryGradFromOutput("relu", x, out, ReluGrad);
    return out;
}

Array Sigmoid(const Array& x) {
    Array out = internal::MathUnaryForward<SigmoidKernel>(x);
    internal::DefineUnaryGradKernelFromOutput<SigmoidGradKernel>(
            "sigmoid", x, out, [](const Array& gout, const Array& out) { return gout * out * (1 - out); });
    return out;
}

// The compositions below split x into max(x, 0) and min(x, 0), so that each branch is a smooth function of one
// part and no elementwise select is needed; exp only sees non-positive arguments.

Array Elu(const Array& x, double alpha) {
    Array xf = ToMathDtype(x);
    return Maximum(xf, Scalar{0}) + alpha * Expm1(Minimum(xf, Scalar{0}));
}

Array LeakyRelu(const Array& x, double slope) {
    Array xf = ToMathDtype(x);
    return Maximum(xf, Scalar{0}) + slope * Minimum(xf, Scalar{0});
}

Array ClippedRelu(const Array& x, double z) { return Minimum(Maximum(ToMathDtype(x), Scalar{0}), Scalar{z}); }

Array Crelu(const Array& x, int8_t axis) {
    Array xf = ToMathDtype(x);
    if (axis < -x.ndim() || axis >= x.ndim()) {
        throw DimensionError{"crelu: axis ", static_cast<int>(axis), " is out of range for shape ", x.shape()};
    }
    return Concatenate({Relu(xf), Relu(-xf)}, axis);
}

Array Softplus(const Array& x, double beta) {
    Array bx = ToMathDtype(x) * beta;
    return (Maximum(bx, Scalar{0}) + Log1p(Exp(-Absolute(bx)))) / beta;
}

}  // namespace chainerx
