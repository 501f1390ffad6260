"""F.log_softmax: the logarithm of softmax, computed stably as x - logsumexp(x)."""

import chainerx

from chainer import backend
from chainer.functions.activation import _util
from chainer.functions.activation.softmax import softmax
from chainer.functions.math.sum_to import sum_to


class LogSoftmax(_util.AxisUnary):
    """Log-softmax along `axis`; its gradient is gy - softmax(x) * sum(gy, axis)."""

    chainerx_routine = staticmethod(chainerx.log_softmax)

    def forward(self, inputs):
        x, = inputs
        self.retain_inputs((0,))
        if x.size == 0:
            return x.copy(),
        xp = backend.get_array_module(x)
        y = x - x.max(axis=self.axis, keepdims=True)
        y -= xp.log(xp.exp(y).sum(axis=self.axis, keepdims=True))
        return y,

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        gy, = grad_outputs
        p = softmax(x, self.axis)
        return gy - p * sum_to(gy, _util.reduced_shape(gy.shape, self.axis)),


def log_softmax(x, axis=1):
    """Channel-wise log-softmax function: ``x - log(sum(exp(x), axis))``.

    More stable than ``log(softmax(x))`` where softmax underflows to zero.

    Args:
        x (~chainer.Variable or array): Input of a floating-point dtype.
        axis (int): The axis along which the softmax is normalised.

    Returns:
        ~chainer.Variable: Output of the same shape and dtype.

    Example:
        >>> x = numpy.array([[0, 1000]], numpy.float32)
        >>> F.log_softmax(x).array
        array([[-1000.,     0.]], dtype=float32)
    """
    return _util.apply_unary(LogSoftmax, x, axis)
