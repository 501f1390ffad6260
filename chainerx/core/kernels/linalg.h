// Key kernels of the linalg family: the matrix products behind dot, matmul and linear, and the LAPACK-style
// factorizations behind chainerx.linalg.
//
// Kernels may assume validated input: 2-D operands (batches of them for the batched product) of the dtype of the
// outputs (float32 or float64 for the factorizations), square where the routine requires it, outputs allocated
// C-contiguous with their final shapes. Factorization kernels throw ChainerxError when the data make the
// factorization fail (a singular matrix, a matrix that is not positive definite, no convergence).
#pragma once

#include "chainerx/core/array.h"
#include "chainerx/core/kernel_registry.h"
#include "chainerx/core/kernels/kernel_types.h"

namespace chainerx {

// out (m, n) = a (m, k) · b (k, n); any dtype (integers wrap, bool is "or of ands"); a and b may have any
// strides.
CHAINERX_DEFINE_KEY_KERNEL(DotKernel, BinaryKernel);

// out (batch..., m, n) = a (batch..., m, k) · b (batch..., k, n), matrix by matrix: the batched product behind
// matmul. The operands are as DotKernel's, with one or more leading batch axes of one shape (out C-contiguous); a
// batch stride of 0 repeats one matrix (a broadcast operand). The routine has merged the batch axes that all three
// step over evenly (Note [Batch axes of a batched product] in routines/linalg.cc), so more than one batch axis means
// that some operand's matrices are not evenly spaced.
CHAINERX_DEFINE_KEY_KERNEL(BatchedDotKernel, BinaryKernel);

// DotKernel on each matrix of the batch in turn: what a backend without a batched product registers, and what one
// with it falls back to.
class GenericBatchedDotKernel : public BatchedDotKernel {
public:
    void Call(const Array& a, const Array& b, const Array& out) override;
};

// out (n, k) = a⁻¹ · b for a square a (n, n) and b (n, k).
CHAINERX_DEFINE_KEY_KERNEL(SolveKernel, BinaryKernel);

// out = a⁻¹ for a square a.
CHAINERX_DEFINE_KEY_KERNEL(InverseKernel, UnaryKernel);

// out (batch, n, n) = the inverse of each matrix of a (batch, n, n) (any strides; out C-contiguous).
CHAINERX_DEFINE_KEY_KERNEL(BatchInverseKernel, UnaryKernel);

// InverseKernel on each matrix in turn: what a backend without a batched inverse registers, and what one with it
// falls back to.
class GenericBatchInverseKernel : public BatchInverseKernel {
public:
    void Call(const Array& a, const Array& out) override;
};

// out (batch,) = the determinant of each matrix of a (batch, n, n) (any strides); 1 for n == 0, 0 for a singular
// matrix (an LU factorization with a zero pivot), no error.
CHAINERX_DEFINE_KEY_KERNEL(DetKernel, UnaryKernel);

// out = the lower-triangular l with a = l · lᵀ (upper triangle zero), reading a's lower triangle.
CHAINERX_DEFINE_KEY_KERNEL(CholeskyKernel, UnaryKernel);

// a (m, n) = u · diag(s) · vt with s descending. With compute_uv, u is (m, m) and vt (n, n) when
// full_matrices, else (m, k) and (k, n) with k = min(m, n); without compute_uv, u and vt are null arrays.
class SvdKernel : public Kernel {
public:
    static const char* name() { return "Svd"; }
    virtual void Call(
            const Array& a, const Array& u, const Array& s, const Array& vt, bool full_matrices, bool compute_uv) = 0;
};

// The Householder QR of a (m, n), k = min(m, n): r receives the upper-triangular factor ((k, n), or (m, n)
// when `complete`), tau (k,) the reflector scales and, if q is not null, q the orthonormal factor ((m, k), or
// (m, m) when `complete`). When `raw` is set, r instead receives LAPACK's packed result (reflectors below the
// diagonal) transposed, (n, m), as numpy.linalg.qr(mode='raw') returns it, and q is null.
class QrKernel : public Kernel {
public:
    static const char* name() { return "Qr"; }
    virtual void Call(const Array& a, const Array& q, const Array& r, const Array& tau, bool complete, bool raw) = 0;
};

// Eigen-decomposition of a symmetric a (n, n) that reads only the triangle named by uplo ('L' or 'U'):
// w (n,) the eigenvalues in ascending order and, if v is not null, v (n, n) the eigenvectors as columns.
class SyevdKernel : public Kernel {
public:
    static const char* name() { return "Syevd"; }
    virtual void Call(const Array& a, char uplo, const Array& w, const Array& v) = 0;
};

}  // namespace chainerx
