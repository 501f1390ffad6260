// The linalg routines built on decompositions with several factors: Svd (and its gradient), PseudoInverse, Qr, Eigh,
// Eigvalsh.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <optional>
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

constexpr const char* kSvdGradCondition = "only svd(a, full_matrices=False, compute_uv=True) is differentiable";

// The reduced-SVD gradient (Townsend, "Differentiating the singular value decomposition", 2016), with
// u (m, k), s (k,), vt (k, n), v = vtᵀ, S = diag(s) and f_ij = 1 / (s_j² - s_i²) off the diagonal (0 on it):
// ga = u · ((J + Jᵀ) S + diag(gs) + S (K + Kᵀ)) · vt + (I - u uᵀ) gu S⁻¹ vt + u S⁻¹ gvt (I - v vt),
// J = f ∘ (uᵀ gu), K = f ∘ (vt gv). The last two terms vanish for a square a and are skipped when m (or n) is k.
// Singular values must be distinct and nonzero.
Array SvdGrad(const Array& u, const Array& s, const Array& vt, const std::optional<Array>& gu,
              const std::optional<Array>& gs, const std::optional<Array>& gvt) {
    const int64_t m = u.shape()[0];
    const int64_t k = s.shape()[0];
    const int64_t n = vt.shape()[1];
    if (k == 0) {
        return Zeros({m, n}, s.dtype(), s.device());
    }
    Array s_row = s.Reshape({1, k});
    Array s_col = s.Reshape({k, 1});
    Array eye = Identity(k, s.dtype(), s.device());
    Array s_sq = s * s;
    // Adding the identity keeps the (unused) diagonal away from 0 / 0.
    Array f = (1 - eye) / (s_sq.Reshape({1, k}) - s_sq.Reshape({k, 1}) + eye);
    Array inner = ZerosLike(eye);
    if (gs.has_value()) {
        inner = inner + eye * gs->Reshape({1, k});
    }
    if (gu.has_value()) {
        Array j_term = f * Dot(u.Transpose(), *gu);
        inner = inner + (j_term + j_term.Transpose()) * s_row;
    }
    if (gvt.has_value()) {
        Array k_term = f * Dot(vt, gvt->Transpose());
        inner = inner + s_col * (k_term + k_term.Transpose());
    }
    Array ga = Dot(Dot(u, inner), vt);
    if (gu.has_value() && m > k) {
        Array gu_perp = *gu - Dot(u, Dot(u.Transpose(), *gu));
        ga = ga + Dot(gu_perp, vt / s_col);
    }
    if (gvt.has_value() && n > k) {
        Array gvt_perp = *gvt - Dot(Dot(*gvt, vt.Transpose()), vt);
        ga = ga + Dot(u / s_row, gvt_perp);
    }
    return ga;
}

void DefineSvdGrad(const Array& a, const Array& u, const Array& s, const Array& vt) {
    BackwardBuilder bb{"svd", {a}, {u, s, vt}};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([u_tok = bb.RetainOutput(0), s_tok = bb.RetainOutput(1), vt_tok = bb.RetainOutput(2)](
                          BackwardContext& bctx) {
            bctx.input_grad() = SvdGrad(bctx.GetRetainedOutput(u_tok), bctx.GetRetainedOutput(s_tok),
                                        bctx.GetRetainedOutput(vt_tok), bctx.output_grad_if_any(0),
                                        bctx.output_grad_if_any(1), bctx.output_grad_if_any(2));
        });
    }
    bb.Finalize();
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
    if (!compute_uv) {
        internal::DefineNotImplementedGrad("svd", a, {s}, kSvdGradCondition);
    } else if (full_matrices) {
        internal::DefineNotImplementedGrad("svd", a, {u, s, vt}, kSvdGradCondition);
    } else {
        DefineSvdGrad(a, u, s, vt);
    }
    return {u, s, vt};
}

Array PseudoInverse(const Array& a, double rcond) {
    internal::CheckMatrix("pinv", a);
    // The composite V · diag(s⁺) · Uᵀ, so that the gradient is the SVD's with the cutoff held constant.
    auto [u, s, vt] = Svd(a, false, true);
    if (s.GetTotalSize() == 0) {
        return Zeros({a.shape()[1], a.shape()[0]}, s.dtype(), a.device());
    }
    Array kept;
    {
        NoBackpropModeScope no_backprop{a.device().context()};
        // Singular values at or below the cutoff are treated as exact zeros: their reciprocal is 0.
        kept = Greater(s, AMax(s) * rcond).AsType(s.dtype());
    }
    Array s_inv = kept / (s + (1 - kept));
    return Dot(vt.Transpose() * s_inv, u.Transpose());
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
    if (uplo != 'L' && uplo != 'U' && uplo != 'l' && uplo != 'u') {
        throw ChainerxError{"eigh: UPLO must be 'L' or 'U', got '", uplo, "'"};
    }
    uplo = static_cast<char>(std::toupper(static_cast<unsigned char>(uplo)));
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
