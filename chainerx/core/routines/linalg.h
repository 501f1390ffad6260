// Linear algebra: the N-d dot product and the chainerx.linalg factorizations (LAPACK on the native backend).
//
//     Array y = Dot(a, b);                       // numpy.dot semantics
//     auto [w, v] = Eigh(a);                     // a = v · diag(w) · vᵀ
//
// The factorizations take one 2-D matrix. They compute in float32 or float64: float inputs keep their dtype,
// integer and bool inputs are computed in float32 (chainerx's math-dtype rule), float16 raises DtypeError as
// in the original. An input that is not a matrix, a matrix that must be square and is not, and a matrix of more
// than 2³¹ - 1 elements (LAPACK's 32-bit indexing) raise DimensionError; NaN or infinite entries and data on
// which LAPACK fails (singular, not positive definite) raise ChainerxError.
#pragma once

#include <tuple>

#include "chainerx/core/array.h"

namespace chainerx {

// numpy.dot: the product of 0-d operands is Multiply; otherwise the sum over the last axis of a and the
// second-to-last axis of b (the only one if b is 1-D), with shape a.shape[:-1] + b.shape[:-2] + b.shape[-1:].
// The dtype is ResultType(a, b); all dtypes are accepted (integers wrap, bool is "or of ands"). Throws
// DimensionError when the summed axes differ in length, DeviceError for arrays on different devices. Backward
// gives both operands their gradients through Dot itself, so double backprop works.
Array Dot(const Array& a, const Array& b);

// numpy.matmul (the @ operator): the matrix product over the last two axes, broadcasting the leading (batch)
// axes. A 1-D a is a row vector and a 1-D b a column vector, and the added axis is removed from the result:
// (k,) @ (k,) is 0-d, (m, k) @ (k,) is (m,), (..., m, k) @ (..., k, n) is (broadcast batch..., m, n). The dtype
// is ResultType(a, b), all dtypes accepted as in Dot. Throws DimensionError for 0-d operands (use Multiply),
// for mismatched inner lengths and for batch shapes that do not broadcast, DeviceError for arrays on different
// devices. Backward is batched products with the other operand transposed (reduced over broadcast axes), so
// double backprop works.
Array Matmul(const Array& a, const Array& b);

// x with a · x = b for a square (n, n) and b (n,) or (n, k). Backward: gb = solve(aᵀ, gx), ga = -gb · xᵀ.
Array Solve(const Array& a, const Array& b);

// a⁻¹ for a square a. Backward: ga = -outᵀ · gout · outᵀ.
Array Inverse(const Array& a);

// The determinant of each square matrix of a (..., n, n), of shape a.shape[:-2] (not in the original's API: F.det
// and F.batch_det on chainerx). Computed by an LU factorization in LinalgDtype; a singular matrix gives 0, NaN or
// infinite entries raise ChainerxError, a that is not a stack of square matrices DimensionError. Backward:
// gout · det · a⁻ᵀ (BatchInverse), which raises ChainerxError for a singular matrix.
Array Det(const Array& a);

// The inverse of each square matrix of a (..., n, n) (F.batch_inv on chainerx; Inverse for one matrix), with
// Inverse's errors. Backward as Inverse's, matrix by matrix (batched products, so double backprop works).
Array BatchInverse(const Array& a);

// The singular value decomposition a (m, n) = u · diag(s) · vt with s descending (k = min(m, n) values).
// With compute_uv, returns (u, s, vt), u (m, m) and vt (n, n) when full_matrices, (m, k) and (k, n)
// otherwise; without it, u and vt are null arrays. Only the reduced decomposition (full_matrices false,
// compute_uv true) is differentiable, by Townsend's formula, which needs distinct nonzero singular values; a
// gradient reaching any other form raises NotImplementedError (a ChainerxError).
std::tuple<Array, Array, Array> Svd(const Array& a, bool full_matrices = true, bool compute_uv = true);

// The Moore–Penrose pseudo-inverse (n, m) of a (m, n): the composite v · diag(s⁺) · uᵀ of the reduced Svd, with
// s⁺ = 1 / s where s > rcond · max(s) and 0 elsewhere. Its gradient flows through the Svd backward with that
// cutoff mask held constant.
Array PseudoInverse(const Array& a, double rcond = 1e-15);

// What Qr returns, as numpy.linalg.qr's `mode`.
enum class QrMode {
    kReduced,  // (q (m, k), r (k, n)), k = min(m, n)
    kComplete,  // (q (m, m), r (m, n))
    kR,  // (null, r (k, n))
    kRaw,  // (h (n, m), tau (k,)): LAPACK's packed reflectors, transposed as NumPy returns them
};

// The QR decomposition a = q · r with orthonormal q and upper-triangular r. Backward is implemented for
// kReduced and kR when m >= n and a has full rank (and kComplete when m == n); other cases raise
// NotImplementedError when a gradient reaches them.
std::tuple<Array, Array> Qr(const Array& a, QrMode mode = QrMode::kReduced);

// The lower-triangular l with a = l · lᵀ for a symmetric positive-definite a (only its lower triangle is
// read). Backward gives the symmetric gradient (as if a were parametrized symmetrically).
Array Cholesky(const Array& a);

// The eigenvalues w (ascending) and eigenvectors v (columns) of a symmetric a, reading the triangle named
// by uplo ('L' or 'U' in either case, else ChainerxError). Backward gives the symmetric gradient; it is undefined for
// repeated eigenvalues.
std::tuple<Array, Array> Eigh(const Array& a, char uplo = 'L');

// The eigenvalues of Eigh (ascending). Backward: v · diag(gw) · vᵀ.
Array Eigvalsh(const Array& a, char uplo = 'L');

}  // namespace chainerx
