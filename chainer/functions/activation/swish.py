"""F.swish: x * sigmoid(beta * x) with a learnable beta shared along axis 0."""

import chainerx

from chainer.functions.activation import _util
from chainer.functions.activation.sigmoid import sigmoid
from chainer.functions.activation.sigmoid import sigmoid_array


def _swish_chainerx(x, beta):
    return chainerx._core._swish(x, beta)  # one kernel forward, three backward


def _swish_array(x, beta):
    return x * sigmoid_array(x * beta)


class Swish(_util.WithParameter):
    """Swish; its gradients are written with Variables, so it is differentiable to any order."""

    param_name = 'beta'
    chainerx_routine = staticmethod(_swish_chainerx)
    array_routine = staticmethod(_swish_array)

    @staticmethod
    def grads(x, beta, gy):
        s = sigmoid(x * beta)
        y = x * s
        return gy * (s + beta * y * (1 - s)), gy * y * (x - y)


def swish(x, beta):
    """Swish activation function: ``x * sigmoid(beta * x)``.

    `beta` is broadcast along the first axis and the trailing axes of `x`: its shape must equal
    ``x.shape[1:1 + beta.ndim]``.

    Args:
        x (~chainer.Variable or array): Input of a floating-point dtype.
        beta (~chainer.Variable or array): Parameter of x's dtype.

    Returns:
        ~chainer.Variable: Output of x's shape and dtype.

    Example:
        >>> x = numpy.array([[-1, 0, 2]], numpy.float32)
        >>> F.swish(x, numpy.ones(3, numpy.float32)).array
        array([[-0.26894143,  0.        ,  1.7615942 ]], dtype=float32)
    """
    return Swish().apply((x, beta))[0]
