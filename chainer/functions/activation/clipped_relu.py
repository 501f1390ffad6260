"""F.clipped_relu and F.relu6: min(max(x, 0), z)."""

import chainerx

from chainer import backend
from chainer import utils
from chainer.functions.activation import _util


def _clipped_relu_chainerx(a, z):
    # The scalar first: where relu(a) == z the tie passes no gradient to `a`
    # (Note [Kink gradients]).
    return chainerx.minimum(z, chainerx.relu(a))


class ClippedReLU(_util.Unary):
    """Clipped rectifier; the gradient is 1 for 0 < x < z and 0 elsewhere (ends included)."""

    chainerx_routine = staticmethod(_clipped_relu_chainerx)

    def __init__(self, z):
        _util.check_positive_number(z, 'z')
        self.cap = float(z)
        self.params = (self.cap,)

    def forward(self, inputs):
        x, = inputs
        self.retain_inputs((0,))
        xp = backend.get_array_module(x)
        return utils.force_array(xp.minimum(xp.maximum(x, 0), self.cap), x.dtype),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        gy, = grad_outputs
        inside = x.xp.logical_and(x.array > 0, x.array < self.cap)
        return gy * inside.astype(gy.dtype),


def clipped_relu(x, z=20.0):
    """Clipped rectifier unit function: ``min(max(0, x), z)``.

    Args:
        x (~chainer.Variable or array): Input of a floating-point dtype.
        z (float): Clipping value, positive.

    Returns:
        ~chainer.Variable: Output of the same shape and dtype.

    Raises:
        TypeError: `z` is not a number.
        ValueError: `z` is not positive.

    Example:
        >>> F.clipped_relu(numpy.array([-1., 0.5, 3.], numpy.float32), z=2.).array
        array([0. , 0.5, 2. ], dtype=float32)
    """
    _util.check_positive_number(z, 'z')
    return _util.apply_unary(ClippedReLU, x, float(z))


def relu6(x):
    """Rectifier unit clipped at 6: ``min(max(0, x), 6)`` (clipped_relu with z=6).

    Args:
        x (~chainer.Variable or array): Input of a floating-point dtype.

    Returns:
        ~chainer.Variable: Output of the same shape and dtype.

    Example:
        >>> F.relu6(numpy.array([-1., 3., 8.], numpy.float32)).array
        array([0., 3., 6.], dtype=float32)
    """
    return _util.apply_unary(ClippedReLU, x, 6.0)
