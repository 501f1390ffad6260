// Shared forward and backward scaffolding of elementwise routines, so that a routine body is its checks, one
// kernel call and its gradient formula.
//
//     Array Exp(const Array& x) {
//         Array out = internal::MathUnaryForward<ExpKernel>(x);
//         internal::DefineUnaryGradFromOutput("exp", x, out, [](const Array& gout, const Array& out) {
//             return gout * out;
//         });
//         return out;
//     }
//
// Array–scalar forms of the arithmetic (floor_divide, remainder, the bitwise operations and shifts included),
// comparison, maximum/minimum, power and where routines have kernels of their own (ScalarForward): on a GPU, a 0-d
// array of the scalar would cost a fill launch and an allocation.
#pragma once

#include <utility>

#include "chainerx/core/array.h"
#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/device.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/type_util.h"
#include "chainerx/core/scalar.h"
#include "chainerx/core/shape.h"

namespace chainerx {
namespace internal {

// The dtype in which math functions (exp, sqrt, divide, ...) compute: float dtypes stay, others are float32.
inline Dtype MathDtype(Dtype dtype) { return IsFloatingPoint(dtype) ? dtype : Dtype::kFloat32; }

// `x` cast to `dtype` and broadcast to `shape` without recording anything on the graph (the routine records
// its own backward).
Array KernelOperand(const Array& x, Dtype dtype, const Shape& shape);

// The gradient of a possibly broadcast input: summed back to the input's shape and cast to its dtype. Taken by
// value: the common case (nothing to sum or cast) hands a temporary on without copying its handle.
Array ReduceGrad(Array grad, const Shape& shape, Dtype dtype);

// Note [Backward functions in std::function's buffer]
// std::function keeps a callable in its own 16-byte buffer only when the callable is trivially copyable and fits
// (libstdc++; other libraries are similar); anything else costs a heap allocation when the op is recorded and a
// free when the graph goes. A captured Shape (~90 bytes) is enough for that, so the backward functions of the ops
// every training step runs (add, subtract, multiply, binary math, sum) capture at most a few tokens or flags and
// read the input's shape and dtype from the BackwardContext; their tokens are the known input positions.

// ReduceGrad to the shape and dtype of the target input `target_index` of `bctx`.
inline Array ReduceGradToInput(const BackwardContext& bctx, Array grad, size_t target_index = 0) {
    return ReduceGrad(std::move(grad), bctx.input_shape(target_index), bctx.input_dtype(target_index));
}

// The shape two operands broadcast to; DimensionError naming `op` when they do not.
Shape BinaryResultShape(const char* op, const Array& x1, const Array& x2);

// out = kernel(x cast to in_dtype), out of dtype out_dtype (= in_dtype by default).
template <typename KeyKernel>
Array UnaryForward(const Array& x, Dtype in_dtype, Dtype out_dtype) {
    Array out = Empty(x.shape(), out_dtype, x.device());
    // See Note [Kernel operands without handle copies].
    if (x.dtype() == in_dtype) {
        x.device().CallKernel<KeyKernel>(x, out);
    } else {
        x.device().CallKernel<KeyKernel>(CastIfNeeded(x, in_dtype), out);
    }
    return out;
}

template <typename KeyKernel>
Array UnaryForward(const Array& x, Dtype dtype) {
    return UnaryForward<KeyKernel>(x, dtype, dtype);
}

// out = kernel(x) computed in MathDtype(x.dtype()): the forward of exp, sqrt, sin and the other math functions.
template <typename KeyKernel>
Array MathUnaryForward(const Array& x) {
    return UnaryForward<KeyKernel>(x, MathDtype(x.dtype()));
}

// out = kernel(x1, x2) with both operands cast to in_dtype and broadcast; out has dtype out_dtype.
template <typename KeyKernel>
Array BinaryForward(const char* op, const Array& x1, const Array& x2, Dtype in_dtype, Dtype out_dtype) {
    CheckSameDevice(op, x1, x2);
    Shape shape = BinaryResultShape(op, x1, x2);
    Array out = Empty(shape, out_dtype, x1.device());
    // Note [Kernel operands without handle copies]
    // Operands that need no cast or broadcast go to the kernel as they are: KernelOperand returns a new handle,
    // and each handle copy is an atomic increment and decrement (~2 ns each, more than the rest of a small op's
    // argument handling).
    if (x1.dtype() == in_dtype && x2.dtype() == in_dtype && x1.shape() == shape && x2.shape() == shape) {
        x1.device().CallKernel<KeyKernel>(x1, x2, out);
    } else {
        x1.device().CallKernel<KeyKernel>(KernelOperand(x1, in_dtype, shape), KernelOperand(x2, in_dtype, shape), out);
    }
    return out;
}

template <typename KeyKernel>
Array BinaryForward(const char* op, const Array& x1, const Array& x2, Dtype dtype) {
    return BinaryForward<KeyKernel>(op, x1, x2, dtype, dtype);
}

// out = kernel(x cast to in_dtype, s...), out of dtype out_dtype: the forward of routines of an array and scalars
// (BinaryScalarKernel, whose SA kernels put the scalar first; UnaryWithScalarsKernel).
template <typename KeyKernel, typename... Scalars>
Array ScalarsForward(const Array& x, Dtype in_dtype, Dtype out_dtype, Scalars... s) {
    Array out = Empty(x.shape(), out_dtype, x.device());
    // See Note [Kernel operands without handle copies].
    if (x.dtype() == in_dtype) {
        x.device().CallKernel<KeyKernel>(x, s..., out);
    } else {
        x.device().CallKernel<KeyKernel>(CastIfNeeded(x, in_dtype), s..., out);
    }
    return out;
}

// out = kernel(x cast to in_dtype, s), out of dtype out_dtype (= in_dtype by default): the forward of array-scalar
// routines.
template <typename KeyKernel>
Array ScalarForward(const Array& x, Scalar s, Dtype in_dtype, Dtype out_dtype) {
    return ScalarsForward<KeyKernel>(x, in_dtype, out_dtype, s);
}

template <typename KeyKernel>
Array ScalarForward(const Array& x, Scalar s, Dtype dtype) {
    return ScalarsForward<KeyKernel>(x, dtype, dtype, s);
}

// Records the backward of a unary op whose gradient is grad_fn(gout, x) (x retained).
template <typename GradFn>
void DefineUnaryGradFromInput(const char* op, const Array& x, const Array& out, GradFn grad_fn) {
    BackwardBuilder bb{op, x, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([x_tok = bb.RetainInput(0), grad_fn = std::move(grad_fn)](BackwardContext& bctx) {
            bctx.input_grad() = grad_fn(*bctx.output_grad(), bctx.GetRetainedInput(x_tok));
        });
    }
    bb.Finalize();
}

// Records the backward of a unary op whose gradient is grad_fn(gout, out) (out retained).
template <typename GradFn>
void DefineUnaryGradFromOutput(const char* op, const Array& x, const Array& out, GradFn grad_fn) {
    BackwardBuilder bb{op, x, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([out_tok = bb.RetainOutput(0), grad_fn = std::move(grad_fn)](BackwardContext& bctx) {
            bctx.input_grad() = grad_fn(*bctx.output_grad(), bctx.GetRetainedOutput(out_tok));
        });
    }
    bb.Finalize();
}

// Records the backward of a unary op whose gradient is grad_fn(gout, x, out) (both retained).
template <typename GradFn>
void DefineUnaryGradFromInputAndOutput(const char* op, const Array& x, const Array& out, GradFn grad_fn) {
    BackwardBuilder bb{op, x, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([x_tok = bb.RetainInput(0), out_tok = bb.RetainOutput(0), grad_fn = std::move(grad_fn)](
                          BackwardContext& bctx) {
            bctx.input_grad() =
                    grad_fn(*bctx.output_grad(), bctx.GetRetainedInput(x_tok), bctx.GetRetainedOutput(out_tok));
        });
    }
    bb.Finalize();
}

// Note [Gradient kernels]
// A gradient composed of routines costs a launch per routine on a GPU (tanh's gout * (1 - out * out): three) and a
// pass over memory per routine anywhere. Where one kernel computes it (GradKernel(gout, out), a BinaryKernel with
// the output gradient first), the backward calls that kernel, unless gout or out is connected to a graph: a double
// backward differentiates the gradient, so it then takes the composition grad_fn(gout, out) of routines, the same
// formula.
template <typename GradKernel, typename GradFn>
void DefineUnaryGradKernelFromOutput(const char* op, const Array& x, const Array& out, GradFn grad_fn) {
    DefineUnaryGradFromOutput(op, x, out, [op, grad_fn = std::move(grad_fn)](const Array& gout, const Array& out) {
        if (gout.IsBackpropRequired(AnyGraph{}) || out.IsBackpropRequired(AnyGraph{})) {
            return grad_fn(gout, out);
        }
        return BinaryForward<GradKernel>(op, gout, out, gout.dtype());
    });
}

// As DefineUnaryGradKernelFromOutput for a gradient from the input x and a parameter (a parametric activation's):
// GradKernel(gout, x, param), a BinaryWithScalarKernel, or the composition grad_fn(gout, x, param) when gout or x is
// connected to a graph.
template <typename GradKernel, typename GradFn>
void DefineUnaryGradKernelFromInput(const char* op, const Array& x, const Array& out, double param, GradFn grad_fn) {
    DefineUnaryGradFromInput(op, x, out, [param, grad_fn = std::move(grad_fn)](const Array& gout, const Array& x) {
        if (gout.IsBackpropRequired(AnyGraph{}) || x.IsBackpropRequired(AnyGraph{})) {
            return grad_fn(gout, x, param);
        }
        Array gx = Empty(gout.shape(), gout.dtype(), gout.device());
        gout.device().CallKernel<GradKernel>(gout, CastIfNeeded(x, gout.dtype()), Scalar{param}, gx);
        return gx;
    });
}

// Records the backward of a binary op: the gradient of x1 is grad1_fn(gout, x1, x2) and that of x2 is
// grad2_fn(gout, x1, x2), each reduced back over broadcast axes and cast to its input's dtype. Both inputs are
// retained.
template <typename Grad1Fn, typename Grad2Fn>
void DefineBinaryGrad(
        const char* op, const Array& x1, const Array& x2, const Array& out, Grad1Fn grad1_fn, Grad2Fn grad2_fn) {
    BackwardBuilder bb{op, {x1, x2}, {out}};
    // The lambdas capture only the grad functions (Note [Backward functions in std::function's buffer]).
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bb.RetainInput(0);
        bb.RetainInput(1);
        bt.Define([grad1_fn = std::move(grad1_fn)](BackwardContext& bctx) {
            Array grad = grad1_fn(*bctx.output_grad(),
                                  bctx.GetRetainedInput(RetainedInputToken{0}),
                                  bctx.GetRetainedInput(RetainedInputToken{1}));
            bctx.input_grad() = ReduceGradToInput(bctx, std::move(grad));
        });
    }
    if (BackwardBuilder::Target bt = bb.CreateTarget(1)) {
        bb.RetainInput(0);
        bb.RetainInput(1);
        bt.Define([grad2_fn = std::move(grad2_fn)](BackwardContext& bctx) {
            Array grad = grad2_fn(*bctx.output_grad(),
                                  bctx.GetRetainedInput(RetainedInputToken{0}),
                                  bctx.GetRetainedInput(RetainedInputToken{1}));
            bctx.input_grad() = ReduceGradToInput(bctx, std::move(grad));
        });
    }
    bb.Finalize();
}

// In-place out = kernel(out, x), x cast to out's dtype and broadcast to out's shape. Throws ChainerxError if out
// requires grad, DtypeError for a float x into a non-float out or a non-bool x into a bool out, DimensionError
// if x does not broadcast to out's shape.
void CheckInplaceBinary(const char* op, const Array& out, const Array& x);

template <typename KeyKernel>
void InplaceBinary(const char* op, const Array& out, const Array& x) {
    CheckInplaceBinary(op, out, x);
    out.device().CallKernel<KeyKernel>(out, KernelOperand(x, out.dtype(), out.shape()), out);
}

// In-place out = kernel(out, scalar) with an array-scalar kernel (BinaryScalarKernel); the checks of InplaceBinary.
template <typename KeyKernel>
void InplaceBinary(const char* op, const Array& out, Scalar x) {
    CheckInplaceAllowed(op, out);
    if (ResultType(out, x) != out.dtype()) {
        throw DtypeError{op, ": cannot write a ", x.kind() == DtypeKind::kFloat ? "float" : "non-float",
                         " result into an array of dtype ", out.dtype()};
    }
    out.device().CallKernel<KeyKernel>(out, x, out);
}

}  // namespace internal
}  // namespace chainerx
