"""F.tanh: the elementwise hyperbolic tangent."""

import chainerx

from chainer import backend
from chainer import utils
from chainer.functions.activation import _util


class Tanh(_util.Unary):
    """Hyperbolic tangent; the backward uses the output: 1 - y^2."""

    chainerx_routine = staticmethod(chainerx.tanh)

    def forward(self, inputs):
        x, = inputs
        self.retain_outputs((0,))
        xp = backend.get_array_module(x)
        return utils.force_array(xp.tanh(x), x.dtype),

    def backward(self, indexes, grad_outputs):
        y, = self.get_retained_outputs()
        gy, = grad_outputs
        return gy * (1 - y * y),


def tanh(x):
    """Elementwise hyperbolic tangent function.

    Args:
        x (~chainer.Variable or array): Input of a floating-point dtype.

    Returns:
        ~chainer.Variable: Output of the same shape and dtype, in [-1, 1].

    Example:
        >>> F.tanh(numpy.array([-1., 0., 1.], numpy.float32)).array
        array([-0.7615942,  0.       ,  0.7615942], dtype=float32)
    """
    return _util.apply_unary(Tanh, x)
