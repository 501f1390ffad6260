"""solve_tril: a differentiable solve of lower-triangular systems, composed of chainer functions.

Note [Triangular solve by substitution]: the multivariate normal needs L^-1 b for its Cholesky
factor L. F.batch_inv takes the NumPy fallback on chainerx and inverts a general matrix; forward
substitution, row by row, is exact for a triangular L and uses only slicing, matmul, subtraction,
division and concat, which chainerx records natively (two orders of gradients included). It
costs O(d) graph nodes for d rows, fine for the event sizes distributions have.
"""

from chainer import functions as F


def solve_tril(lower, rhs):
    """X with ``lower @ X = rhs`` for lower-triangular matrices.

    Args:
        lower (~chainer.Variable): Lower-triangular matrices, of shape ``batch + (d, d)`` (the
            upper triangle is not read).
        rhs (~chainer.Variable): Right-hand sides, of shape ``batch + (d, m)`` (the same batch).

    Returns:
        ~chainer.Variable: The solutions, of the shape of `rhs`.
    """
    rows = []
    for i in range(lower.shape[-1]):
        row = rhs[..., i:i + 1, :]
        if i:
            row = row - F.matmul(lower[..., i:i + 1, :i], F.concat(rows, axis=-2))
        rows.append(row / lower[..., i:i + 1, i:i + 1])
    return F.concat(rows, axis=-2) if rows else rhs
