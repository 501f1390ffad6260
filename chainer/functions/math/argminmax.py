"""F.argmax and F.argmin: int32 indices of the extreme elements (not differentiable)."""

import numpy

import chainerx

from chainer import backend
from chainer import utils
from chainer.functions.math.sum import Reduction
from chainer.functions.math.sum import call_chainerx


# A dtype object: chainerx's astype converts a type object (numpy.int32) ten times slower.
_INT32 = numpy.dtype(numpy.int32)


def _chainerx_argmax(a, axis):
    return chainerx.argmax(a, axis).astype(_INT32)


def _chainerx_argmin(a, axis):
    return chainerx.argmin(a, axis).astype(_INT32)


class _ArgSelector(Reduction):
    """Base of ArgMax and ArgMin: `_name` is the routine of NumPy and CuPy, `_chainerx_op` ours."""

    _single_axis = True
    _name = None
    _chainerx_op = None

    def __init__(self, axis=None):
        super().__init__(axis)

    def _chainerx_forward(self, x):
        return self._chainerx_op(x, self.axis)

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        return utils.force_array(getattr(xp, self._name)(x, axis=self.axis), _INT32),

    def backward(self, indexes, grad_outputs):
        return None,


class ArgMax(_ArgSelector):
    """Indices of the maximum elements along an axis."""

    _name = 'argmax'
    _chainerx_op = staticmethod(_chainerx_argmax)


class ArgMin(_ArgSelector):
    """Indices of the minimum elements along an axis."""

    _name = 'argmin'
    _chainerx_op = staticmethod(_chainerx_argmin)


_DOC = """

    Args:
        x (~chainer.Variable or array): Input of a float dtype.
        axis (None or int): The axis to search along; None searches the flattened array.

    Returns:
        ~chainer.Variable: The int32 indices (of the first {what} where there are ties).

    Raises:
        TypeError: `axis` is not None or an int.
        ValueError: The array (or the axis) is empty.
        ~chainer.utils.type_check.InvalidType: `x` is not float, or `axis` is out of range.

    Example:
        >>> F.{name}(numpy.array([[1., 4.], [3., 2.]]), axis=1).array
        array({example}, dtype=int32)
    """


def argmax(x, axis=None):
    """Returns the indices of the maximum elements along an axis."""
    y = call_chainerx(_chainerx_argmax, x, axis)
    return ArgMax(axis).apply((x,))[0] if y is None else y


def argmin(x, axis=None):
    """Returns the indices of the minimum elements along an axis."""
    y = call_chainerx(_chainerx_argmin, x, axis)
    return ArgMin(axis).apply((x,))[0] if y is None else y


argmax.__doc__ += _DOC.format(what='maximum', name='argmax', example='[1, 0]')
argmin.__doc__ += _DOC.format(what='minimum', name='argmin', example='[0, 1]')
