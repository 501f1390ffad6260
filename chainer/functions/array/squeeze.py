"""F.squeeze: removes axes of length one."""

from chainer.functions.array import _routine
from chainer.functions.array.reshape import ShapeChange
from chainer.utils import type_check


class Squeeze(ShapeChange):
    """Removes the given axes of length one, or all of them. See Note [Routine nodes]."""

    _routine = 'squeeze'

    def __init__(self, axis=None):
        self.axis = _routine.as_axis_tuple(axis)
        self._args = (self.axis,)

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x',))
        for axis in self.axis or ():
            _routine.expect_axis(in_types[0], axis)


def squeeze(x, axis=None):
    """Removes axes of length one from an input variable.

    Args:
        x (~chainer.Variable or array): Input variable.
        axis (None, int or tuple of ints): The axes to remove (each must have length one); None
            removes every axis of length one.

    Returns:
        ~chainer.Variable: The squeezed variable; its gradient is reshaped back.

    Raises:
        TypeError: If `axis` is of another type.
        ~chainer.utils.type_check.InvalidType: If an axis is out of range.
        ValueError: If an axis does not have length one.

    Example:
        >>> F.squeeze(numpy.zeros((1, 3, 1)), axis=2).shape
        (1, 3)
    """
    return _routine.apply_fast(Squeeze(axis), (x,))[0]
