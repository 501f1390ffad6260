// The linalg routines built on decompositions with several factors: Svd, PseudoInverse, Qr, Eigh, Eigvalsh.
#include <algorithm>
#include <cstdint>
#include <tuple>

#include "chainerx/core/backprop_mode.h"
#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/device.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/linalg.h"
#include "chainerx/core/routines/arithmetic.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/linalg.h"
#include "chainerx/core/routines/linalg_util.h"
#include "chainerx/core/routines/logic.h"
#include "chainerx/core/routines/manipulation.h"
#include "chainerx/core/routines/statistics.h"

namespace chainerx {
namespace {

// The SVD of a (already in its LAPACK dtype), off the graph.
std::tuple<Array, Array, Array> SvdForward(const Array& a, bool full_matrices, bool compute_uv) {
    const int64_t m = a.shape()[0];
    const int64_t n = a.shape()[1];
    const int64_t k = std::min(m, n);
    Array s = Empty({k}, a.dtype(), a.device());
    Array u;
    Array vt;
    if (compute_uv) {
        u = Empty({m, full_matrices ? m : k}, a.dtype(), a.device());
        vt = Empty({full_matrices ? n : k, n}, a.dtype(), a.device());
    }
    a.device().CallKernel<SvdKernel>(a, u, s, vt, full_matrices, compute_uv);
    return {u, s, vt};
}

// Symmetric matrix built from the lower triangle of m.
Array CopyLowerToUpper(const Array& m) { return Tril(m) + Tril(m, -1).Transpose(); }

// The QR backward for m >= n with full rank (Seeger et al., "Auto-differentiating linear algebra", 2017):
// ga = (gq + q · copyltu(r · grᵀ - gqᵀ · q)) · r⁻ᵀ, where r⁻ᵀ is applied through Solve.
Array QrGrad(const Array& q, const Array& r, const std::optional<Array>& gq, const std::optional<Array>& gr) {
    Array m = ZerosLike(r);
    if (gr.has_value()) {
        m = m + Dot(r, gr->Transpose());
    }
    if (gq.has_value()) {
        m = m - Dot(gq->Transpose(), q);
    }
    Array b = Dot(q, CopyLowerToUpper(m));
    if (gq.has_value()) {
        b = b + *gq;
    }
    return Solve(r, b.Transpose()).Transpose();
}

void DefineQrGrad(const Array& a, const Array& q, const Array& r) {
    BackwardBuilder bb{"qr", {a}, {q, r}};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([q_tok = bb.RetainOutput(0), r_tok = bb.RetainOutput(1)](BackwardContext& bctx) {
            bctx.input_grad() = QrGrad(bctx.GetRetainedOutput(q_tok), bctx.GetRetainedOutput(r_tok),
                                       bctx.output_grad_if_any(0), bctx.output_grad_if_any(1));
        });
    }
    bb.Finalize();
}

// The symmetric eigenvalue gradient: v · (diag(gw) + f ∘ (vᵀ · gv)) · vᵀ with f_ij = 1 / (w_j - w_i) off the
// diagonal (0 on it), symmetrized.
Array EighGrad(const Array& w, const Array& v, const std::optional<Array>& gw, const std::optional<Array>& gv) {
    const int64_t n = w.shape()[0];
    Array eye = Identity(n, v.dtype(), v.device());
    Array inner = ZerosLike(eye);
    if (gw.has_value()) {
        inner = inner + eye * gw->Reshape({1, n});
    }
    if (gv.has_value()) {
        Array diff = w.Reshape({1, n}) - w.Reshape({n, 1});
        // Adding the identity keeps the (unused) diagonal away from 0 / 0.
        Array f = (1 - eye) / (diff + eye);
        inner = inner + f * Dot(v.Transpose(), *gv);
    }
    Array ga = Dot(Dot(v, inner), v.Transpose());
    return (ga + ga.Transpose()) * 0.5;
}

// Note [Dropped outputs in double backprop]: a backward that needs an output the caller did not keep (r-only QR
// needs q, eigvalsh needs v) recomputes the full decomposition from the retained input inside the backward
// instead of retaining the dropped output: an output array that nobody holds loses its graph node, so a
// retained copy of it would be cut off from the graph and double backprop would miss its dependence on a.

// Qr(a, kR): r alone. See Note [Dropped outputs in double backprop].
Array QrR(const Array& a) {
    Array r;
    {
        NoBackpropModeScope no_backprop{a.device().context()};
        r = std::get<1>(Qr(a, QrMode::kReduced));
    }
    if (a.shape()[0] < a.shape()[1]) {
        internal::DefineNotImplementedGrad("qr", a, {r});
        return r;
    }
    BackwardBuilder bb{"qr", a, r};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([a_tok = bb.RetainInput(0)](BackwardContext& bctx) {
            auto [q, r] = Qr(bctx.GetRetainedInput(a_tok), QrMode::kReduced);
            bctx.input_grad() = QrGrad(q, r, std::nullopt, *bctx.output_grad());
        });
    }
    bb.Finalize();
    return r;
}

}  // namespace

std::tuple<Array, Array, Array> Svd(const Array& a, bool full_matrices, bool compute_uv) {
    internal::CheckMatrix("svd", a);
    auto [u, s, vt] = SvdForward(internal::LapackInput("svd", a), full_matrices, compute_uv);
    if (compute_uv) {
        internal::DefineNotImplementedGrad("svd", a, {u, s, vt});
    } else {
        internal::DefineNotImplementedGrad("svd", a, {s});
    }
    return {u, s, vt};
}

Array PseudoInverse(const Array& a, double rcond) {
    internal::CheckMatrix("pinv", a);
    Array a_cast = internal::LapackInput("pinv", a);
    Array out;
    {
        NoBackpropModeScope no_backprop{a.device().context()};
        auto [u, s, vt] = SvdForward(a_cast, false, true);
        if (s.GetTotalSize() == 0) {
            out = Zeros({a.shape()[1], a.shape()[0]}, a_cast.dtype(), a.device());
        } else {
            // Singular values at or below the cutoff are treated as exact zeros: their reciprocal is 0.
            Array kept = Greater(s, AMax(s) * rcond).AsType(s.dtype());
            Array s_inv = kept / (s + (1 - kept));
            out = Dot(vt.Transpose() * s_inv, u.Transpose());
        }
    }
    BackwardBuilder bb{"pinv", a, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        // For a of constant rank (Golub & Pereyra 1973), with p = a⁺:
        // ga = -pᵀ g pᵀ + (I - a p) gᵀ p pᵀ + pᵀ p gᵀ (I - p a).
        bt.Define([a_tok = bb.RetainInput(0), p_tok = bb.RetainOutput(0)](BackwardContext& bctx) {
            Array x = bctx.GetRetainedInput(a_tok);
            Array p = bctx.GetRetainedOutput(p_tok);
            const Array& g = *bctx.output_grad();
            Array pt = p.Transpose();
            Array gt = g.Transpose();
            Array left = Identity(x.shape()[0], p.dtype(), p.device()) - Dot(x, p);
            Array right = Identity(x.shape()[1], p.dtype(), p.device()) - Dot(p, x);
            bctx.input_grad() = -Dot(Dot(pt, g), pt) + Dot(Dot(left, gt), Dot(p, pt)) + Dot(Dot(pt, p), Dot(gt, right));
        });
    }
    bb.Finalize();
    return out;
}

std::tuple<Array, Array> Qr(const Array& a, QrMode mode) {
    internal::CheckMatrix("qr", a);
    if (mode == QrMode::kR) {
        return {Array{}, QrR(a)};
    }
    Array a_cast = internal::LapackInput("qr", a);
    const int64_t m = a.shape()[0];
    const int64_t n = a.shape()[1];
    const int64_t k = std::min(m, n);
    const bool complete = mode == QrMode::kComplete;
    const bool raw = mode == QrMode::kRaw;
    Array q = raw ? Array{} : Empty({m, complete ? m : k}, a_cast.dtype(), a.device());
    Array r = Empty(raw ? Shape{n, m} : Shape{complete ? m : k, n}, a_cast.dtype(), a.device());
    Array tau = Empty({k}, a_cast.dtype(), a.device());
    a.device().CallKernel<QrKernel>(a_cast, q, r, tau, complete, raw);
    if (raw) {
        internal::DefineNotImplementedGrad("qr", a, {r, tau});
        return {r, tau};
    }
    if (m >= n && q.shape()[1] == n) {
        DefineQrGrad(a, q, r);
    } else {
        internal::DefineNotImplementedGrad("qr", a, {q, r});
    }
    return {q, r};
}

std::tuple<Array, Array> Eigh(const Array& a, char uplo) {
    internal::CheckSquareMatrix("eigh", a);
    if (uplo != 'L' && uplo != 'U') {
        throw ChainerxError{"eigh: UPLO must be 'L' or 'U', got '", uplo, "'"};
    }
    Array a_cast = internal::LapackInput("eigh", a);
    const int64_t n = a.shape()[0];
    Array w = Empty({n}, a_cast.dtype(), a.device());
    Array v = Empty({n, n}, a_cast.dtype(), a.device());
    a.device().CallKernel<SyevdKernel>(a_cast, uplo, w, v);
    BackwardBuilder bb{"eigh", {a}, {w, v}};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([w_tok = bb.RetainOutput(0), v_tok = bb.RetainOutput(1)](BackwardContext& bctx) {
            bctx.input_grad() = EighGrad(bctx.GetRetainedOutput(w_tok), bctx.GetRetainedOutput(v_tok),
                                         bctx.output_grad_if_any(0), bctx.output_grad_if_any(1));
        });
    }
    bb.Finalize();
    return {w, v};
}

Array Eigvalsh(const Array& a, char uplo) {
    Array w;
    {
        NoBackpropModeScope no_backprop{a.device().context()};
        w = std::get<0>(Eigh(a, uplo));
    }
    BackwardBuilder bb{"eigvalsh", a, w};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        // v is recomputed here; see Note [Dropped outputs in double backprop].
        bt.Define([a_tok = bb.RetainInput(0), uplo](BackwardContext& bctx) {
            auto [w, v] = Eigh(bctx.GetRetainedInput(a_tok), uplo);
            bctx.input_grad() = EighGrad(w, v, *bctx.output_grad(), std::nullopt);
        });
    }
    bb.Finalize();
    return w;
}

}  // namespace chainerx
