"""F.prelu: the parametric rectifier, x for x >= 0 and W * x below, W shared along axis 0."""

import chainerx

from chainer.functions.activation import _util


def _prelu_chainerx(x, w):
    return chainerx._core._prelu(x, w)  # one kernel forward, three backward


def _prelu_array(x, w):
    return _util.where(x >= 0, x, x * w)


class PReLUFunction(_util.WithParameter):
    """Parametric ReLU; at x == 0 the gradient is 1 for x and 0 for W."""

    param_name = 'W'
    chainerx_routine = staticmethod(_prelu_chainerx)
    array_routine = staticmethod(_prelu_array)

    @staticmethod
    def grads(x, w, gy):
        negative = (x.array < 0).astype(gy.dtype)
        return gy * (1 - negative) + gy * negative * w, gy * x * negative


def prelu(x, W):
    """Parametric ReLU function: ``x`` where ``x >= 0``, ``W * x`` elsewhere.

    `W` is broadcast along the first axis and the trailing axes of `x`: its shape must equal
    ``x.shape[1:1 + W.ndim]`` (a 1-D `W` of length C for an input of shape (N, C, ...) learns one
    slope per channel).

    Args:
        x (~chainer.Variable or array): Input of a floating-point dtype.
        W (~chainer.Variable or array): Slopes of the negative part, of x's dtype.

    Returns:
        ~chainer.Variable: Output of x's shape and dtype.

    Example:
        >>> x = numpy.array([[-1, 2], [-3, 4]], numpy.float32)
        >>> F.prelu(x, numpy.array([0.5, 0.1], numpy.float32)).array
        array([[-0.5,  2. ],
               [-1.5,  4. ]], dtype=float32)
    """
    return PReLUFunction().apply((x, W))[0]
