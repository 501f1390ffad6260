"""F.rollaxis: moves one axis of a Variable backwards to a position."""

from chainer.functions.array import _routine
from chainer.utils import type_check


class Rollaxis(_routine.RoutineNode):
    """Moves axis `axis` to just before position `start`. See Note [Routine nodes]."""

    _routine = 'rollaxis'

    def __init__(self, axis, start=0):
        self.axis = _routine.as_int(axis)
        self.start = _routine.as_int(start, 'start')
        self._args = (self.axis, self.start)

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x',))
        _routine.expect_axis(in_types[0], self.axis)
        _routine.expect_axis(in_types[0], self.start, extra=1)

    def backward(self, indexes, grad_outputs):
        # The moved axis now sits at `start` (one less if it came from before start): roll it back.
        ndim = len(self.inputs[0].shape)
        axis = self.axis % ndim
        start = self.start + ndim if self.start < 0 else self.start
        if axis < start:
            return Rollaxis(start - 1, axis).apply(grad_outputs)
        return Rollaxis(start, axis + 1).apply(grad_outputs)


def rollaxis(x, axis, start=0):
    """Rolls an axis of an input variable backwards until it lies at a given position.

    Args:
        x (~chainer.Variable or array): Input variable.
        axis (int): The axis to roll.
        start (int): The axis is rolled until it lies before this position.

    Returns:
        ~chainer.Variable: The variable with the axis moved, as :func:`numpy.rollaxis` does.

    Raises:
        TypeError: If `axis` or `start` is not an integer.
        ~chainer.utils.type_check.InvalidType: If `axis` or `start` is out of range.

    Example:
        >>> F.rollaxis(numpy.zeros((2, 3, 4)), 2).shape
        (4, 2, 3)
    """
    return _routine.apply_fast(Rollaxis(axis, start), (x,))[0]
