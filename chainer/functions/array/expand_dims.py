"""F.expand_dims: inserts an axis of length one."""

from chainer.functions.array import _routine
from chainer.functions.array.reshape import ShapeChange
from chainer.utils import type_check


class ExpandDims(ShapeChange):
    """Inserts an axis of length one at `axis`. See Note [Routine nodes]."""

    _routine = 'expand_dims'

    def __init__(self, axis):
        self.axis = _routine.as_int(axis)
        self._args = (self.axis,)

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x',))
        _routine.expect_axis(in_types[0], self.axis, extra=1)


def expand_dims(x, axis):
    """Inserts an axis of length one into an input variable.

    Args:
        x (~chainer.Variable or array): Input variable.
        axis (int): The position of the new axis in the output (negative counts from the end).

    Returns:
        ~chainer.Variable: The variable with one more axis; its gradient is reshaped back.

    Raises:
        TypeError: If `axis` is not an integer.
        ~chainer.utils.type_check.InvalidType: If `axis` is out of range.

    Example:
        >>> F.expand_dims(numpy.zeros((2, 3)), 1).shape
        (2, 1, 3)
    """
    return _routine.apply_fast(ExpandDims(axis), (x,))[0]
