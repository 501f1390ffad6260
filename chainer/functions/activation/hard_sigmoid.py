"""F.hard_sigmoid: the piecewise linear sigmoid clip(0.2 * x + 0.5, 0, 1)."""

import chainerx

from chainer import backend
from chainer import utils
from chainer.functions.activation import _util


def _hard_sigmoid_chainerx(a):
    # The scalars first: at the ends of the linear part the ties pass no gradient to `a`
    # (Note [Kink gradients]).
    return chainerx.minimum(1.0, chainerx.maximum(0.0, a * 0.2 + 0.5))


class HardSigmoid(_util.Unary):
    """Hard sigmoid; the gradient is 0.2 where 0 < y < 1 and 0 elsewhere."""

    chainerx_routine = staticmethod(_hard_sigmoid_chainerx)

    def forward(self, inputs):
        x, = inputs
        self.retain_outputs((0,))
        xp = backend.get_array_module(x)
        return utils.force_array(xp.clip(x * 0.2 + 0.5, 0, 1), x.dtype),

    def backward(self, indexes, grad_outputs):
        y, = self.get_retained_outputs()
        gy, = grad_outputs
        inside = y.xp.logical_and(y.array > 0, y.array < 1)
        return gy * (inside * 0.2).astype(gy.dtype),


def hard_sigmoid(x):
    """Element-wise hard sigmoid: 0 for x < -2.5, 1 for x > 2.5, ``0.2 * x + 0.5`` between.

    Args:
        x (~chainer.Variable or array): Input of a floating-point dtype.

    Returns:
        ~chainer.Variable: Output of the same shape and dtype.

    Example:
        >>> F.hard_sigmoid(numpy.array([-3., 0., 1., 3.], numpy.float32)).array
        array([0. , 0.5, 0.7, 1. ], dtype=float32)
    """
    return _util.apply_unary(HardSigmoid, x)
