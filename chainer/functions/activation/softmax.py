"""F.softmax: exp(x) normalised to sum to one along an axis."""

import chainerx

from chainer import backend
from chainer.functions.activation import _util
from chainer.functions.math.sum_to import sum_to


class Softmax(_util.AxisUnary):
    """Softmax along `axis`, computed after subtracting the maximum (no overflow)."""

    chainerx_routine = staticmethod(chainerx.softmax)

    def forward(self, inputs):
        x, = inputs
        self.retain_outputs((0,))
        if x.size == 0:
            return x.copy(),
        xp = backend.get_array_module(x)
        y = xp.exp(x - x.max(axis=self.axis, keepdims=True))
        y /= y.sum(axis=self.axis, keepdims=True)
        return y,

    def backward(self, indexes, grad_outputs):
        y, = self.get_retained_outputs()
        gy, = grad_outputs
        ygy = y * gy
        return ygy - y * sum_to(ygy, _util.reduced_shape(y.shape, self.axis)),


def softmax(x, axis=1):
    """Softmax function: ``exp(x) / sum(exp(x), axis)``.

    Args:
        x (~chainer.Variable or array): Input of a floating-point dtype (unnormalised
            log-probabilities).
        axis (int): The axis along which the outputs sum to one.

    Returns:
        ~chainer.Variable: Output of the same shape and dtype.

    Example:
        >>> x = numpy.array([[0, 1, 2], [0, 2, 4]], numpy.float32)
        >>> F.softmax(x, axis=1).array.sum(axis=1)
        array([1., 1.], dtype=float32)
    """
    return _util.apply_unary(Softmax, x, axis)
