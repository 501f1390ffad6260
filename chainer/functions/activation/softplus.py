"""F.softplus: the smooth rectifier log(1 + exp(beta * x)) / beta."""

import chainerx

from chainer import backend
from chainer import utils
from chainer.functions.activation import _util
from chainer.functions.activation.sigmoid import sigmoid


class Softplus(_util.Unary):
    """Softplus, computed as (max(bx, 0) + log1p(exp(-|bx|))) / beta (no overflow)."""

    chainerx_routine = staticmethod(chainerx.softplus)

    def __init__(self, beta=1.0):
        self.beta = beta
        self.params = (beta,)

    def forward(self, inputs):
        x, = inputs
        self.retain_inputs((0,))
        xp = backend.get_array_module(x)
        bx = x * self.beta
        y = (xp.maximum(bx, 0) + xp.log1p(xp.exp(-abs(bx)))) * (1 / self.beta)
        return utils.force_array(y, x.dtype),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return grad_outputs[0] * sigmoid(x * self.beta),


def softplus(x, beta=1.0):
    """Element-wise softplus function: ``log(1 + exp(beta * x)) / beta``.

    A smooth approximation of relu; larger `beta` makes it closer.

    Args:
        x (~chainer.Variable or array): Input of a floating-point dtype.
        beta (float): Sharpness parameter.

    Returns:
        ~chainer.Variable: Output of the same shape and dtype.

    Raises:
        ValueError: If `beta` is zero.

    Example:
        >>> F.softplus(numpy.array([-100., 0., 100.], numpy.float32)).array
        array([  0.       ,   0.6931472, 100.       ], dtype=float32)
    """
    beta = float(beta)
    if beta == 0:
        raise ValueError('beta must be non-zero: softplus divides by it')
    return _util.apply_unary(Softplus, x, beta)
