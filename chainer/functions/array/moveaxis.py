"""F.moveaxis: moves axes of a Variable to new positions."""

from chainer.functions.array import _routine
from chainer.utils import type_check


def _as_axes(axes, what):
    if _routine.is_int(axes):
        return int(axes)
    if isinstance(axes, (tuple, list)) and all(_routine.is_int(a) for a in axes):
        return tuple(int(a) for a in axes)
    raise TypeError('{} must be int or a sequence of ints, not {!r}'.format(what, axes))


class Moveaxis(_routine.RoutineNode):
    """Moves the `source` axes to the `destination` positions. See Note [Routine nodes]."""

    _routine = 'moveaxis'

    def __init__(self, source, destination):
        self.source = _as_axes(source, 'source')
        self.destination = _as_axes(destination, 'destination')
        self._args = (self.source, self.destination)

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x',))
        for axes in (self.source, self.destination):
            for axis in (axes,) if isinstance(axes, int) else axes:
                _routine.expect_axis(in_types[0], axis)

    def backward(self, indexes, grad_outputs):
        return Moveaxis(self.destination, self.source).apply(grad_outputs)


def moveaxis(x, source, destination):
    """Moves axes of an input variable to new positions; the other axes keep their order.

    Args:
        x (~chainer.Variable or array): Input variable.
        source (int or sequence of ints): The axes to move.
        destination (int or sequence of ints): Their positions in the output.

    Returns:
        ~chainer.Variable: The variable with its axes moved.

    Raises:
        TypeError: If `source` or `destination` is not an int or a sequence of ints.
        ~chainer.utils.type_check.InvalidType: If an axis is out of range.
        ValueError: If an axis repeats, or `source` and `destination` differ in length.

    Example:
        >>> F.moveaxis(numpy.zeros((2, 3, 4)), 0, -1).shape
        (3, 4, 2)
    """
    return _routine.apply_fast(Moveaxis(source, destination), (x,))[0]
