"""F.cholesky: the lower-triangular Cholesky factor of a symmetric positive-definite matrix.

Note [Gradient of the Cholesky factor]: for a = L L^T and the output gradient G, write
Phi(X) for the lower triangle of X with its diagonal halved. The gradient with respect to a
symmetric a is sym(L^-T Phi(L^T G) L^-1), where sym(M) = (M + M^T) / 2; it is what chainerx's own
backward computes. The symmetrization is taken inside: L^-T (Phi(L^T G) + Phi(L^T G)^T) L^-1 / 2,
and Phi(L^T G)^T = (G^T L) * mask^T, so only matrix products and constant masks are needed.
"""

import numpy

import chainerx

from chainer import backend
from chainer.functions.math.inv import LinalgNode
from chainer.functions.math.inv import inv
from chainer.functions.math.matmul import matmul


class Cholesky(LinalgNode):
    """Cholesky factor L (lower triangular, a = L L^T) of a symmetric positive-definite matrix."""

    _routine = 'cholesky'
    _chainerx_routines = (chainerx.linalg.cholesky, None)

    def backward(self, indexes, grad_outputs):
        lower, = self.get_retained_outputs()
        g, = grad_outputs
        n = lower.shape[0]
        mask = numpy.tril(numpy.ones((n, n), lower.dtype)) - numpy.eye(n, dtype=lower.dtype) / 2
        device = backend.get_device_from_array(lower.array)
        phi = (matmul(lower, g, transa=True) * device.send(mask)
               + matmul(g, lower, transa=True) * device.send(mask.T.copy()))
        lower_inv = inv(lower)
        return matmul(matmul(lower_inv, phi, transa=True), lower_inv) * 0.5,


def cholesky(a):
    """Computes the Cholesky factor of a symmetric positive-definite matrix.

    Only the lower triangle of `a` is read. The gradient is that of a symmetric input (see Note
    [Gradient of the Cholesky factor]).

    Args:
        a (~chainer.Variable or array): A float symmetric positive-definite matrix.

    Returns:
        ~chainer.Variable: The lower-triangular L with ``a = L L^T``.

    Raises:
        numpy.linalg.LinAlgError: `a` is not positive definite.
        ~chainer.utils.type_check.InvalidType: `a` is not a float square matrix.

    Example:
        >>> F.cholesky(numpy.array([[4., 2.], [2., 2.]])).array
        array([[2., 0.],
               [1., 1.]])
    """
    return Cholesky().apply((a,))[0]
