// Dot, Matmul, Solve, Inverse and Cholesky; the decompositions with several outputs are in linalg_decomposition.cc.
#include "chainerx/core/routines/linalg.h"

#include <cstdint>
#include <limits>
#include <vector>

#include "chainerx/core/backprop_mode.h"
#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/device.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/linalg.h"
#include "chainerx/core/routines/arithmetic.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/linalg_util.h"
#include "chainerx/core/routines/linear.h"
#include "chainerx/core/routines/manipulation.h"
#include "chainerx/core/routines/type_util.h"
#include "chainerx/core/squashed_layout.h"

namespace chainerx {
namespace internal {

Dtype LinalgDtype(const char* op, Dtype dtype) {
    if (dtype == Dtype::kFloat16) {
        throw DtypeError{op, ": float16 is not supported by LAPACK"};
    }
    return IsFloatingPoint(dtype) ? dtype : Dtype::kFloat32;
}

void CheckLapackSize(const char* op, int64_t rows, int64_t cols) {
    constexpr int64_t kMaxLapackIndex = std::numeric_limits<int32_t>::max();
    if (rows > kMaxLapackIndex || cols > kMaxLapackIndex || (cols > 0 && rows > kMaxLapackIndex / cols)) {
        throw DimensionError{op, ": a (", rows, ", ", cols, ") matrix is too large for LAPACK (at most ",
                             kMaxLapackIndex, " elements)"};
    }
}

void CheckMatrix(const char* op, const Array& a) {
    if (a.ndim() != 2) {
        throw DimensionError{op, ": expected a 2-d array, got shape ", a.shape()};
    }
    CheckLapackSize(op, a.shape()[0], a.shape()[1]);
}

void CheckSquareMatrix(const char* op, const Array& a) {
    CheckMatrix(op, a);
    if (a.shape()[0] != a.shape()[1]) {
        throw DimensionError{op, ": expected a square matrix, got shape ", a.shape()};
    }
}

Array LapackInput(const char* op, const Array& a) {
    NoBackpropModeScope no_backprop{a.device().context()};
    return CastIfNeeded(a, LinalgDtype(op, a.dtype()));
}

void DefineNotImplementedGrad(
        const char* op, const Array& a, const std::vector<ConstArrayRef>& outputs, const char* reason) {
    BackwardBuilder bb{op, {a}, outputs};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([op, reason](BackwardContext&) {
            throw NotImplementedError{op, ": backward is not implemented", reason == nullptr ? "" : ": ",
                                      reason == nullptr ? "" : reason};
        });
    }
    bb.Finalize();
}

}  // namespace internal

namespace {

// out (m, n) = a (m, k) · b (k, n) in `dtype`, recorded on the graph; its backward is two more products.
Array MatMul(const Array& a, const Array& b, Dtype dtype) {
    Array out = Empty({a.shape()[0], b.shape()[1]}, dtype, a.device());
    {
        NoBackpropModeScope no_backprop{a.device().context()};
        a.device().CallKernel<DotKernel>(internal::CastIfNeeded(a, dtype), internal::CastIfNeeded(b, dtype), out);
    }
    BackwardBuilder bb{"dot", {a, b}, {out}};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([b_tok = bb.RetainInput(1), a_dtype = a.dtype()](BackwardContext& bctx) {
            const Array& gout = *bctx.output_grad();
            Array b = bctx.GetRetainedInput(b_tok);
            // ga (m, k) = gout (m, n) · bᵀ, added into the pass's sum where it can be (Note [Product gradients added
            // in place] in linear.cc).
            if (!internal::AddProductToAccumulatedGrad(bctx, 0, gout, b)) {
                bctx.input_grad() = internal::CastIfNeeded(MatMul(gout, b.Transpose(), ResultType(gout, b)), a_dtype);
            }
        });
    }
    if (BackwardBuilder::Target bt = bb.CreateTarget(1)) {
        bt.Define([a_tok = bb.RetainInput(0), b_dtype = b.dtype()](BackwardContext& bctx) {
            const Array& gout = *bctx.output_grad();
            Array a = bctx.GetRetainedInput(a_tok);
            // gb (k, n) = aᵀ (k, m) · gout (m, n)
            if (!internal::AddProductToAccumulatedGrad(bctx, 0, a.Transpose(), gout.Transpose())) {
                bctx.input_grad() = internal::CastIfNeeded(MatMul(a.Transpose(), gout, ResultType(a, gout)), b_dtype);
            }
        });
    }
    bb.Finalize();
    return out;
}

int64_t Product(const Shape& shape, int8_t begin, int8_t end) {
    int64_t total = 1;
    for (int8_t i = begin; i < end; ++i) {
        total *= shape[i];
    }
    return total;
}

// Note [Batch axes of a batched product]
// The batched product kernel takes operands of one batch shape. Adjacent batch axes that every operand (and out,
// C-contiguous) steps over evenly merge into one here (internal::Squash), as views, so that the usual cases (one
// batch axis, or several that tile one stride) reach the kernel as 3-D arrays. Batch axes that do not merge for
// some operand (the heads of attention, transposed out of (batch, tokens, heads, features); a broadcast over some
// batch axes only) stay apart: merging them would be a copy of that operand, which the kernel can avoid (on CUDA,
// one cuBLAS call given a pointer per matrix).
void CallBatchedDotKernel(const Array& a, const Array& b, const Array& out) {
    const Shape batch_shape{out.shape().begin(), out.shape().end() - 2};
    const internal::SquashedLayout<3> layout =
            internal::Squash<3>(batch_shape, {&a.strides(), &b.strides(), &out.strides()});
    Shape batch{layout.total == 0 ? 0 : 1};  // no batch axis left: one product, or none
    if (layout.nd > 0) {
        batch = Shape{layout.dims, layout.dims + layout.nd};
    }
    auto batched = [&batch](const Array& x) {
        Shape shape = batch;
        shape.push_back(x.shape()[x.ndim() - 2]);
        shape.push_back(x.shape()[x.ndim() - 1]);
        return x.Reshape(shape);  // views: the axes merged are evenly stepped
    };
    a.device().CallKernel<BatchedDotKernel>(batched(a), batched(b), batched(out));
}

}  // namespace

void GenericBatchedDotKernel::Call(const Array& a, const Array& b, const Array& out) {
    const int8_t batch_ndim = out.ndim() - 2;
    const int64_t batch_size = Product(out.shape(), 0, batch_ndim);
    std::vector<ArrayIndex> index(batch_ndim, ArrayIndex{0});
    for (int64_t i = 0; i < batch_size; ++i) {
        int64_t rest = i;
        for (int8_t d = batch_ndim - 1; d >= 0; --d) {
            index[d] = ArrayIndex{rest % out.shape()[d]};
            rest /= out.shape()[d];
        }
        a.device().CallKernel<DotKernel>(a.At(index), b.At(index), out.At(index));
    }
}

void GenericBatchInverseKernel::Call(const Array& a, const Array& out) {
    for (int64_t b = 0; b < a.shape()[0]; ++b) {
        a.device().CallKernel<InverseKernel>(a.At({b}), out.At({b}));
    }
}

namespace internal {

Array MatrixTranspose(const Array& a) { return Swapaxes(a, a.ndim() - 2, a.ndim() - 1); }

}  // namespace internal

namespace {

using internal::MatrixTranspose;

// out (batch..., m, n) = a (batch..., m, k) @ b (batch..., k, n) for operands of one batch shape, in `dtype`,
// recorded as one op whose backward is two more batched products.
Array BatchedMatmul(const Array& a, const Array& b, Dtype dtype) {
    Shape out_shape = a.shape();
    out_shape[a.ndim() - 1] = b.shape()[b.ndim() - 1];
    Array out = Empty(out_shape, dtype, a.device());
    {
        NoBackpropModeScope no_backprop{a.device().context()};
        CallBatchedDotKernel(internal::CastIfNeeded(a, dtype), internal::CastIfNeeded(b, dtype), out);
    }
    BackwardBuilder bb{"matmul", {a, b}, {out}};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([b_tok = bb.RetainInput(1), a_dtype = a.dtype()](BackwardContext& bctx) {
            const Array& gout = *bctx.output_grad();
            Array b_t = MatrixTranspose(bctx.GetRetainedInput(b_tok));
            bctx.input_grad() = internal::CastIfNeeded(BatchedMatmul(gout, b_t, ResultType(gout, b_t)), a_dtype);
        });
    }
    if (BackwardBuilder::Target bt = bb.CreateTarget(1)) {
        bt.Define([a_tok = bb.RetainInput(0), b_dtype = b.dtype()](BackwardContext& bctx) {
            const Array& gout = *bctx.output_grad();
            Array a_t = MatrixTranspose(bctx.GetRetainedInput(a_tok));
            bctx.input_grad() = internal::CastIfNeeded(BatchedMatmul(a_t, gout, ResultType(a_t, gout)), b_dtype);
        });
    }
    bb.Finalize();
    return out;
}

}  // namespace

Array Dot(const Array& a, const Array& b) {
    internal::CheckSameDevice("dot", a, b);
    if (a.ndim() == 0 || b.ndim() == 0) {
        return a * b;
    }
    const int8_t b_axis = b.ndim() == 1 ? 0 : b.ndim() - 2;
    const int64_t k = a.shape()[a.ndim() - 1];
    if (k != b.shape()[b_axis]) {
        throw DimensionError{"dot: shapes ", a.shape(), " and ", b.shape(), " not aligned: ", k,
                             " (last axis of a) != ", b.shape()[b_axis], " (axis ", static_cast<int>(b_axis), " of b)"};
    }
    Shape out_shape(a.shape().begin(), a.shape().end() - 1);
    for (int8_t i = 0; i < b.ndim(); ++i) {
        if (i != b_axis) {
            out_shape.push_back(b.shape()[i]);
        }
    }
    const int64_t m = Product(a.shape(), 0, a.ndim() - 1);
    const int64_t n = Product(out_shape, a.ndim() - 1, out_shape.ndim());
    // b's summed axis goes first so that b becomes a (k, n) matrix (a copy unless b is at most 2-D). Matrices are
    // used as they are: a reshape to the same shape would still add a node to the graph, between the operands and
    // the product whose gradients may be added into theirs in place.
    Array b_matrix = b.ndim() == 2 ? b : b.ndim() < 2 ? b.Reshape({k, n}) : Rollaxis(b, b_axis, 0).Reshape({k, n});
    Array a_matrix = a.ndim() == 2 ? a : a.Reshape({m, k});
    Array out = MatMul(a_matrix, b_matrix, ResultType(a, b));
    return out.shape() == out_shape ? out : out.Reshape(out_shape);
}

Array Matmul(const Array& a, const Array& b) {
    internal::CheckSameDevice("matmul", a, b);
    if (a.ndim() == 0 || b.ndim() == 0) {
        throw DimensionError{"matmul: operands must be at least 1-d (use multiply for scalars), got shapes ",
                             a.shape(), " and ", b.shape()};
    }
    // 1-D operands become a row (a) or a column (b) matrix; the axis is dropped again at the end.
    Array a_matrix = a.ndim() == 1 ? a.Reshape({1, a.shape()[0]}) : a;
    Array b_matrix = b.ndim() == 1 ? b.Reshape({b.shape()[0], 1}) : b;
    const int64_t k = a_matrix.shape()[a_matrix.ndim() - 1];
    if (k != b_matrix.shape()[b_matrix.ndim() - 2]) {
        throw DimensionError{"matmul: inner dims differ, ", a.shape(), " and ", b.shape()};
    }
    Array out;
    if (b_matrix.ndim() == 2) {
        out = Dot(a_matrix, b_matrix);  // numpy.dot and numpy.matmul agree here; Dot makes it one product
    } else {
        Shape a_batch{a_matrix.shape().begin(), a_matrix.shape().end() - 2};
        Shape b_batch{b_matrix.shape().begin(), b_matrix.shape().end() - 2};
        Shape batch = internal::BroadcastShapes(a_batch, b_batch);
        Shape a_shape = batch;
        a_shape.push_back(a_matrix.shape()[a_matrix.ndim() - 2]);
        a_shape.push_back(k);
        Shape b_shape = batch;
        b_shape.push_back(k);
        b_shape.push_back(b_matrix.shape()[b_matrix.ndim() - 1]);
        out = BatchedMatmul(a_matrix.BroadcastTo(a_shape), b_matrix.BroadcastTo(b_shape), ResultType(a, b));
    }
    if (a.ndim() > 1 && b.ndim() > 1) {
        return out;
    }
    Shape out_shape{out.shape().begin(), out.shape().end() - 2};
    if (a.ndim() > 1) {
        out_shape.push_back(out.shape()[out.ndim() - 2]);
    }
    if (b.ndim() > 1) {
        out_shape.push_back(out.shape()[out.ndim() - 1]);
    }
    return out.Reshape(out_shape);
}

Array Solve(const Array& a, const Array& b) {
    internal::CheckSameDevice("solve", a, b);
    internal::CheckSquareMatrix("solve", a);
    const int64_t n = a.shape()[0];
    if (b.ndim() < 1 || b.ndim() > 2 || b.shape()[0] != n) {
        throw DimensionError{"solve: b must be (", n, ",) or (", n, ", k) for a of shape ", a.shape(), ", got ",
                             b.shape()};
    }
    const int64_t k = b.ndim() == 1 ? 1 : b.shape()[1];
    internal::CheckLapackSize("solve", n, k);
    const Dtype dtype = internal::LinalgDtype("solve", ResultType(a, b));
    Array out = Empty(b.shape(), dtype, a.device());
    {
        NoBackpropModeScope no_backprop{a.device().context()};
        Array b_matrix = internal::CastIfNeeded(b, dtype).Reshape({n, k});
        a.device().CallKernel<SolveKernel>(internal::CastIfNeeded(a, dtype), b_matrix, out.Reshape({n, k}));
    }
    BackwardBuilder bb{"solve", {a, b}, {out}};
    if (BackwardBuilder::Target bt = bb.CreateTarget()) {
        bt.Define([a_tok = bb.RetainInput(0), out_tok = bb.RetainOutput(0), a_dtype = a.dtype(), b_dtype = b.dtype(),
                   n, k](BackwardContext& bctx) {
            Array a = bctx.GetRetainedInput(a_tok);
            Array gb = Solve(a.Transpose(), *bctx.output_grad());
            if (bctx.is_input_grad_required(0)) {
                Array x = bctx.GetRetainedOutput(out_tok);
                Array ga = -Dot(gb.Reshape({n, k}), x.Reshape({n, k}).Transpose());
                bctx.input_grad(0) = internal::CastIfNeeded(ga, a_dtype);
            }
            if (bctx.is_input_grad_required(1)) {
                bctx.input_grad(1) = internal::CastIfNeeded(gb, b_dtype);
            }
        });
    }
    bb.Finalize();
    return out;
}

Array Inverse(const Array& a) {
    internal::CheckSquareMatrix("inv", a);
    Array a_cast = internal::LapackInput("inv", a);
    Array out = Empty(a.shape(), a_cast.dtype(), a.device());
    a.device().CallKernel<InverseKernel>(a_cast, out);
    BackwardBuilder bb{"inv", a, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([out_tok = bb.RetainOutput(0)](BackwardContext& bctx) {
            Array out_t = bctx.GetRetainedOutput(out_tok).Transpose();
            bctx.input_grad() = -Dot(Dot(out_t, *bctx.output_grad()), out_t);
        });
    }
    bb.Finalize();
    return out;
}

Array Cholesky(const Array& a) {
    internal::CheckSquareMatrix("cholesky", a);
    Array a_cast = internal::LapackInput("cholesky", a);
    Array out = Empty(a.shape(), a_cast.dtype(), a.device());
    a.device().CallKernel<CholeskyKernel>(a_cast, out);
    BackwardBuilder bb{"cholesky", a, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        // With phi(x) = the lower triangle of x with its diagonal halved: s = l⁻ᵀ · phi(lᵀ · gl) · l⁻¹, and
        // the gradient is the symmetric part of s (Murray, "Differentiation of the Cholesky decomposition", 2016).
        bt.Define([l_tok = bb.RetainOutput(0)](BackwardContext& bctx) {
            Array l = bctx.GetRetainedOutput(l_tok);
            Array eye = Identity(l.shape()[0], l.dtype(), l.device());
            Array lt_gl = Dot(l.Transpose(), *bctx.output_grad());
            Array phi = Tril(lt_gl) - lt_gl * eye * 0.5;
            Array l_inv = Inverse(l);
            Array s = Dot(Dot(l_inv.Transpose(), phi), l_inv);
            bctx.input_grad() = (s + s.Transpose()) * 0.5;
        });
    }
    bb.Finalize();
    return out;
}

}  // namespace chainerx
