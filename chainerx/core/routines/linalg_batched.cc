// Linear algebra over stacks of square matrices (..., n, n): determinants and batched inverses, the chainerx side
// of F.det, F.batch_det and F.batch_inv.
#include <cstdint>

#include "chainerx/core/array.h"
#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/device.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/linalg.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/linalg.h"
#include "chainerx/core/routines/linalg_util.h"
#include "chainerx/core/routines/manipulation.h"
#include "chainerx/core/shape.h"

namespace chainerx {
namespace {

// DimensionError naming `op` unless a is a stack (..., n, n) of square matrices that LAPACK can address.
void CheckSquareMatrices(const char* op, const Array& a) {
    if (a.ndim() < 2 || a.shape()[a.ndim() - 1] != a.shape()[a.ndim() - 2]) {
        throw DimensionError{op, ": expected a stack of square matrices (..., n, n), got shape ", a.shape()};
    }
    internal::CheckLapackSize(op, a.shape()[a.ndim() - 1], a.shape()[a.ndim() - 1]);
}

Shape BatchShape(const Array& a) { return Shape{a.shape().begin(), a.shape().end() - 2}; }

}  // namespace

Array Det(const Array& a) {
    CheckSquareMatrices("det", a);
    Array a_cast = internal::LapackInput("det", a);
    const int64_t n = a.shape()[a.ndim() - 1];
    Array out = Empty(BatchShape(a), a_cast.dtype(), a.device());
    const int64_t batch = out.GetTotalSize();
    if (batch > 0) {
        a.device().CallKernel<DetKernel>(a_cast.Reshape({batch, n, n}), out.Reshape({batch}));
    }
    BackwardBuilder bb{"det", a, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([a_tok = bb.RetainInput(0), out_tok = bb.RetainOutput(0)](BackwardContext& bctx) {
            const Array& a = bctx.GetRetainedInput(a_tok);
            Shape coefficient_shape = bctx.output_grad()->shape();
            coefficient_shape.push_back(1);
            coefficient_shape.push_back(1);
            Array coefficient = (*bctx.output_grad() * bctx.GetRetainedOutput(out_tok)).Reshape(coefficient_shape);
            bctx.input_grad() = internal::MatrixTranspose(BatchInverse(a)) * coefficient;
        });
    }
    bb.Finalize();
    return out;
}

Array BatchInverse(const Array& a) {
    CheckSquareMatrices("inv", a);
    if (a.ndim() == 2) {
        return Inverse(a);
    }
    Array a_cast = internal::LapackInput("inv", a);
    Array out = Empty(a.shape(), a_cast.dtype(), a.device());
    const int64_t n = a.shape()[a.ndim() - 1];
    const int64_t batch = a.GetTotalSize() == 0 ? 0 : a.GetTotalSize() / (n * n);
    if (batch > 0) {
        a.device().CallKernel<BatchInverseKernel>(a_cast.Reshape({batch, n, n}), out.Reshape({batch, n, n}));
    }
    BackwardBuilder bb{"batch_inv", a, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([out_tok = bb.RetainOutput(0)](BackwardContext& bctx) {
            Array out_t = internal::MatrixTranspose(bctx.GetRetainedOutput(out_tok));
            bctx.input_grad() = -Matmul(Matmul(out_t, *bctx.output_grad()), out_t);
        });
    }
    bb.Finalize();
    return out;
}

}  // namespace chainerx
