"""F.swapaxes: interchanges two axes of a Variable."""

from chainer.functions.array import _routine
from chainer.utils import type_check


class Swapaxes(_routine.RoutineNode):
    """Interchanges two axes; its own inverse. See Note [Routine nodes]."""

    _routine = 'swapaxes'

    def __init__(self, axis1, axis2):
        self.axis1 = axis1
        self.axis2 = axis2
        self._args = (axis1, axis2)

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x',))

    def backward(self, indexes, grad_outputs):
        return Swapaxes(self.axis1, self.axis2).apply(grad_outputs)


def swapaxes(x, axis1, axis2):
    """Interchanges two axes of an input variable without copying its data.

    Args:
        x (~chainer.Variable or array): Input variable.
        axis1 (int): The first axis.
        axis2 (int): The second axis.

    Returns:
        ~chainer.Variable: The variable with the two axes swapped.

    Raises:
        ValueError: If an axis is out of range (NumPy's AxisError).

    Example:
        >>> F.swapaxes(numpy.zeros((2, 3, 4)), 0, 2).shape
        (4, 3, 2)
    """
    return _routine.apply_fast(Swapaxes(axis1, axis2), (x,))[0]
