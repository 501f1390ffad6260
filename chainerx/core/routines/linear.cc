#include "chainerx/core/routines/linear.h"

#include <cstdint>
#include <optional>
#include <vector>

#include "chainerx/core/backprop_mode.h"
#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/device.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/linear.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/reduction.h"
#include "chainerx/core/routines/type_util.h"

namespace chainerx {
namespace {

std::optional<Array> CastIfNeeded(const std::optional<Array>& a, Dtype dtype) {
    return a.has_value() ? std::optional<Array>{internal::CastIfNeeded(*a, dtype)} : std::nullopt;
}

Array LinearProduct(const Array& a, const Array& b, const std::optional<Array>& bias, Dtype dtype);

// gb (n, k) = goutᵀ (n, m) · a (m, k): the weight's gradient, in b's dtype.
Array WeightGrad(const Array& gout, const Array& a, Dtype b_dtype) {
    Array gb = LinearProduct(gout.Transpose(), a.Transpose(), std::nullopt, ResultType(gout, a));
    return internal::CastIfNeeded(gb, b_dtype);
}

// The weight's gradient at `target_index`, added into the pass's sum where it can be.
void SetWeightGrad(BackwardContext& bctx, size_t target_index, const Array& gout, const Array& a, Dtype b_dtype) {
    if (!internal::AddProductToAccumulatedGrad(bctx, target_index, gout.Transpose(), a.Transpose())) {
        bctx.input_grad(target_index) = WeightGrad(gout, a, b_dtype);
    }
}

// The bias's gradient: gout summed over rows, in the bias's dtype.
Array BiasGrad(const Array& gout, Dtype bias_dtype) { return internal::CastIfNeeded(Sum(gout, Axes{0}), bias_dtype); }

// Note [Weight and bias gradients]
// - The weight's gradient goutᵀ · a and the bias's, gout summed over rows, read the same gout. cuBLASLt computes
//   both in one call (its bias-gradient epilogue); LinearRowSumsKernel is that call, and the native backend's is
//   the GEMM and the sum it took before.
// - The kernel records no graph: it runs only when neither gout nor a needs one (no double backprop through this
//   backward), on floating operands of one dtype. Otherwise each gradient is its own recorded routine, as when
//   only one of them is required.
bool CanFuseWeightAndBiasGrads(const Array& gout, const Array& a) {
    return gout.dtype() == a.dtype() && IsFloatingPoint(gout.dtype()) && !gout.IsBackpropRequired(AnyGraph{}) &&
           !a.IsBackpropRequired(AnyGraph{});
}

struct WeightAndBiasGrads {
    Array weight;
    Array bias;
};

// Both gradients (Note [Weight and bias gradients]) in gout's dtype.
WeightAndBiasGrads FusedWeightAndBiasGrads(const Array& gout, const Array& a) {
    Device& device = gout.device();
    WeightAndBiasGrads grads{Empty({gout.shape()[1], a.shape()[1]}, gout.dtype(), device),
                             Empty({gout.shape()[1]}, gout.dtype(), device)};
    device.CallKernel<LinearRowSumsKernel>(gout.Transpose(), a.Transpose(), grads.weight, grads.bias);
    return grads;
}

// out (m, n) = a (m, k) · bᵀ (b is (n, k)) + bias, computed in `dtype`. Its gradients are this same product on
// transposed views (which the kernel reads in place), so any order of differentiation works and no gradient
// needs a transposed copy: in particular gb comes out C-contiguous, as b (the weight) is.
Array LinearProduct(const Array& a, const Array& b, const std::optional<Array>& bias, Dtype dtype) {
    Array out = Empty({a.shape()[0], b.shape()[0]}, dtype, a.device());
    {
        NoBackpropModeScope no_backprop{a.device().context()};
        a.device().CallKernel<LinearKernel>(
                internal::CastIfNeeded(a, dtype), internal::CastIfNeeded(b, dtype), CastIfNeeded(bias, dtype), out);
    }
    std::vector<ConstArrayRef> inputs{a, b};
    if (bias.has_value()) {
        inputs.emplace_back(*bias);
    }
    BackwardBuilder bb{"linear", inputs, {out}};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([b_tok = bb.RetainInput(1), a_dtype = a.dtype()](BackwardContext& bctx) {
            const Array& gout = *bctx.output_grad();
            Array b = bctx.GetRetainedInput(b_tok);
            // ga (m, k) = gout (m, n) · b (n, k)
            if (internal::AddProductToAccumulatedGrad(bctx, 0, gout, b.Transpose())) {
                return;
            }
            Array ga = LinearProduct(gout, b.Transpose(), std::nullopt, ResultType(gout, b));
            bctx.input_grad() = internal::CastIfNeeded(ga, a_dtype);
        });
    }
    if (bias.has_value() && b.IsBackpropRequired(AnyGraph{}) && bias->IsBackpropRequired(AnyGraph{})) {
        // One target for both, so that one kernel may compute them (Note [Weight and bias gradients]).
        if (BackwardBuilder::Target bt = bb.CreateTarget({1, 2})) {
            bt.Define([a_tok = bb.RetainInput(0), b_dtype = b.dtype(), bias_dtype = bias->dtype()](
                              BackwardContext& bctx) {
                const Array& gout = *bctx.output_grad();
                Array a = bctx.GetRetainedInput(a_tok);
                const bool weight_required = bctx.is_input_grad_required(0);
                const bool bias_required = bctx.is_input_grad_required(1);
                // The weight's gradient added into the pass's sum takes precedence over the fused kernel: it saves
                // a pass over the weight, where the fusion saves one over gout.
                if (weight_required &&
                    internal::AddProductToAccumulatedGrad(bctx, 0, gout.Transpose(), a.Transpose())) {
                    if (bias_required) {
                        bctx.input_grad(1) = BiasGrad(gout, bias_dtype);
                    }
                    return;
                }
                if (weight_required && bias_required && CanFuseWeightAndBiasGrads(gout, a)) {
                    WeightAndBiasGrads grads = FusedWeightAndBiasGrads(gout, a);
                    bctx.input_grad(0) = internal::CastIfNeeded(grads.weight, b_dtype);
                    bctx.input_grad(1) = internal::CastIfNeeded(grads.bias, bias_dtype);
                    return;
                }
                if (weight_required) {
                    bctx.input_grad(0) = WeightGrad(gout, a, b_dtype);
                }
                if (bias_required) {
                    bctx.input_grad(1) = BiasGrad(gout, bias_dtype);
                }
            });
        }
    } else {
        if (BackwardBuilder::Target bt = bb.CreateTarget(1)) {
            bt.Define([a_tok = bb.RetainInput(0), b_dtype = b.dtype()](BackwardContext& bctx) {
                SetWeightGrad(bctx, 0, *bctx.output_grad(), bctx.GetRetainedInput(a_tok), b_dtype);
            });
        }
        if (bias.has_value()) {
            if (BackwardBuilder::Target bt = bb.CreateTarget(2)) {
                bt.Define([bias_dtype = bias->dtype()](BackwardContext& bctx) {
                    bctx.input_grad() = BiasGrad(*bctx.output_grad(), bias_dtype);
                });
            }
        }
    }
    bb.Finalize();
    return out;
}

// Bool operands give bool: the product's sums of products become ORs of ANDs (see Gemm).
Dtype LinearDtype(const Array& x, const Array& w, const std::optional<Array>& b) {
    Dtype dtype = ResultType(x, w);
    return b.has_value() ? PromoteTypes(dtype, b->dtype()) : dtype;
}

}  // namespace

Array Linear(const Array& x, const Array& w, const std::optional<Array>& b, int64_t n_batch_axes) {
    if (n_batch_axes < 1 || n_batch_axes > x.ndim()) {
        throw DimensionError{
                "linear: n_batch_axes must be in [1, ", static_cast<int>(x.ndim()), "], got ", n_batch_axes};
    }
    if (w.ndim() != 2) {
        throw DimensionError{"linear: w must be 2-d, got shape ", w.shape()};
    }
    internal::CheckSameDevice("linear", x, w);
    if (b.has_value()) {
        internal::CheckSameDevice("linear", x, *b);
        if (b->ndim() != 1 || b->shape()[0] != w.shape()[0]) {
            throw DimensionError{"linear: b must have shape (", w.shape()[0], ",), got ", b->shape()};
        }
    }
    const Dtype dtype = LinearDtype(x, w, b);
    Shape out_shape(x.shape().begin(), x.shape().begin() + n_batch_axes);
    int64_t batch = 1;
    for (int64_t v : out_shape) {
        batch *= v;
    }
    int64_t features = 1;
    for (int8_t i = n_batch_axes; i < x.ndim(); ++i) {
        features *= x.shape()[i];
    }
    if (features != w.shape()[1]) {
        throw DimensionError{"linear: x of shape ", x.shape(), " has ", features, " features but w of shape ",
                             w.shape(), " expects ", w.shape()[1]};
    }
    out_shape.push_back(w.shape()[0]);
    // A reshape of a matrix to itself would still add a node to the graph.
    Array x_matrix = x.ndim() == 2 && n_batch_axes == 1 ? x : x.Reshape({batch, features});
    Array y = LinearProduct(x_matrix, w, b, dtype);
    return n_batch_axes == 1 ? y : y.Reshape(out_shape);
}

namespace internal {

// Note [Product gradients added in place]
// A weight applied at every step of a recurrent loop (or a state read by several products) receives one gradient per
// application, each a product of the weight's size that the backward pass then adds to the sum it holds: a write
// and two reads of the weight's size per step beyond the GEMM itself. Where the pass holds that sum alone
// (BackwardContext::AccumulatedInputGradToUpdate, Note [Gradients added in place]) and the operands are of its
// dtype and on no graph, the product is added into it by the GEMM (beta = 1, LinearAccumulateKernel) instead. The
// sum is the same up to the order of the additions (what BLAS adds first), which is also what changes when the pass
// visits the steps in another order; the first gradient to reach an input is made as before.
bool AddProductToAccumulatedGrad(BackwardContext& bctx, size_t target_index, const Array& a, const Array& b) {
    if (a.dtype() != b.dtype() || b.IsBackpropRequired(AnyGraph{})) {
        return false;
    }
    std::optional<Array> grad = bctx.AccumulatedInputGradToUpdate(a, target_index);
    if (!grad.has_value() || grad->dtype() != a.dtype()) {
        return false;
    }
    a.device().CallKernel<LinearAccumulateKernel>(a, b, *grad);
    return true;
}

}  // namespace internal
}  // namespace chainerx
