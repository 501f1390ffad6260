"""F.decov: the DeCov loss, the off-diagonal covariance of hidden activations."""

import chainerx

from chainer import backend
from chainer.functions.loss import _util
from chainer.functions.loss.cross_covariance import REDUCE
from chainer.functions.loss.cross_covariance import centered
from chainer.functions.loss.cross_covariance import centered_variable
from chainer.functions.loss.cross_covariance import half_squared_sum
from chainer.functions.math.matmul import matmul
from chainer.utils import type_check


def _off_diagonal(xp, n, dtype, like):
    """An (n, n) array of `dtype` holding 1 off the diagonal and 0 on it, on `like`'s device."""
    if xp is chainerx:
        eye = chainerx.eye(n, dtype=dtype, device=like.device)
    else:
        eye = xp.eye(n, dtype=dtype)
    return 1 - eye


class DeCov(_util.ArrayComposition):
    """The off-diagonal covariance of h (Note [Covariance gradients] in cross_covariance.py)."""

    def __init__(self, reduce='half_squared_sum'):
        _util.check_reduce(reduce, REDUCE)
        self.reduce = reduce

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('h',))
        h_type, = in_types
        type_check.expect(
            h_type.dtype.kind == 'f',
            h_type.ndim == 2,
        )

    def fits(self, h):
        return h.dtype.kind == 'f' and h.ndim == 2

    def compute(self, h):
        h_centered = centered(h)
        mask = _off_diagonal(backend.get_array_module(h), h.shape[1], h.dtype, h)
        covariance = h_centered.T.dot(h_centered) * mask / len(h)
        if self.reduce == 'half_squared_sum':
            return half_squared_sum(covariance)
        return covariance

    def backward(self, indexes, grad_outputs):
        h, = self.get_retained_inputs()
        gcost, = grad_outputs
        h_centered = centered_variable(h)
        scale = 1. / max(len(h), 1)
        mask = _util.constant(_off_diagonal(h.xp, h.shape[1], h.dtype, h.array))
        if self.reduce == 'half_squared_sum':
            covariance = matmul(h_centered, h_centered, transa=True) * mask * scale
            # The covariance is symmetric: dL/dh = hc (G + G^T) / N = 2 hc G / N.
            g = covariance * (gcost * (2 * scale))
        else:
            g = gcost * mask
            g = (g + g.T) * scale
        return matmul(h_centered, g),


def decov(h, reduce='half_squared_sum'):
    """DeCov loss: penalizes the covariance between the hidden units of a layer.

    With hc the activations minus their means over the batch, the covariance matrix is
    C = hc^T hc / N with its diagonal set to 0 (the variances are not penalized); the loss is
    ``sum(C ** 2) / 2``. See Cogswell et al., Reducing Overfitting in Deep Networks by
    Decorrelating Representations (ICLR 2016).

    Args:
        h (~chainer.Variable or array): Float activations of shape (N, M).
        reduce (str): `'half_squared_sum'` (the default) returns the loss, a 0-d Variable;
            `'no'` returns the (M, M) matrix C.

    Returns:
        ~chainer.Variable: The loss or the covariance matrix, of h's dtype.

    Raises:
        ValueError: `reduce` is unknown.
        ~chainer.utils.type_check.InvalidType: `h` is not a 2-d float array.

    Example:
        >>> h = numpy.array([[1., 1.], [-1., -1.]])
        >>> F.decov(h, reduce='no').array
        array([[0., 1.],
               [1., 0.]])
    """
    return DeCov(reduce).apply((h,))[0]
