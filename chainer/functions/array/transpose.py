"""F.transpose: permutes the axes of a Variable (Variable.transpose and Variable.T call it)."""

import numpy

from chainer.functions.array import _routine
from chainer.utils import _checks
from chainer.utils import type_check


class Transpose(_routine.RoutineNode):
    """Permutes the axes; None reverses them. See Note [Routine nodes]."""

    _routine = 'transpose'

    def __init__(self, axes=None):
        self.axes = axes
        self._args = (axes,)

    @property
    def label(self):
        return 'Transpose'

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x',))
        if self.axes is not None:
            type_check.expect(in_types[0].ndim == len(self.axes))

    def backward(self, indexes, grad_outputs):
        axes = self.axes
        if axes is not None:
            n = len(axes)
            axes = tuple(int(i) for i in numpy.argsort([axis % n for axis in axes]))
        return Transpose(axes).apply(grad_outputs)


def transpose(x, axes=None):
    """Permutes the dimensions of an input variable without copying its data.

    Args:
        x (~chainer.Variable or array): Input variable.
        axes (tuple of ints): A permutation of the axes (negative ones count from the end); None
            (the default) reverses their order.

    Returns:
        ~chainer.Variable: The transposed variable; its gradient is transposed back.

    Raises:
        ~chainer.utils.type_check.InvalidType: If `axes` has not one entry per axis.
        ValueError: If `axes` is not a permutation.

    Example:
        >>> F.transpose(numpy.zeros((2, 3, 4)), (2, 0, 1)).shape
        (4, 2, 3)
    """
    if axes is not None and type(axes) is not tuple:
        axes = _checks.as_shape(axes, 'axes')
    return _routine.apply_fast(Transpose(axes), (x,))[0]
