"""F.sigmoid: the logistic function 1 / (1 + exp(-x))."""

import chainerx

from chainer import backend
from chainer import utils
from chainer.functions.activation import _util


def sigmoid_array(x):
    """The logistic sigmoid of a NumPy, CuPy or chainerx array, as tanh(x / 2) / 2 + 1/2."""
    xp = backend.get_array_module(x)
    half = x.dtype.type(0.5)
    return utils.force_array(xp.tanh(x * half) * half + half, x.dtype)


class Sigmoid(_util.Unary):
    """Logistic sigmoid, computed as tanh(x / 2) / 2 + 1/2 (no overflow for any x)."""

    chainerx_routine = staticmethod(chainerx.sigmoid)

    def forward(self, inputs):
        self.retain_outputs((0,))
        return sigmoid_array(inputs[0]),

    def backward(self, indexes, grad_outputs):
        y, = self.get_retained_outputs()
        gy, = grad_outputs
        return gy * y * (1 - y),


def sigmoid(x):
    """Elementwise sigmoid function: ``1 / (1 + exp(-x))``.

    Args:
        x (~chainer.Variable or array): Input of a floating-point dtype.

    Returns:
        ~chainer.Variable: Output of the same shape and dtype, in [0, 1].

    Example:
        >>> F.sigmoid(numpy.array([-10., 0., 10.], numpy.float32)).array
        array([4.5397868e-05, 5.0000000e-01, 9.9995458e-01], dtype=float32)
    """
    return _util.apply_unary(Sigmoid, x)
