"""F.flip, F.fliplr, F.flipud: reverse the order of elements along axes."""

from chainer.functions.array import _routine
from chainer.utils import type_check


class Flip(_routine.RoutineNode):
    """Reverses the elements along the given axes (None: all); its own inverse.

    See Note [Routine nodes].
    """

    _routine = 'flip'

    def __init__(self, axis):
        self.axis = axis
        self._args = (axis,)

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('a',))
        type_check.expect(in_types[0].ndim > 0)
        for axis in _routine.as_axis_tuple(self.axis) or ():
            _routine.expect_axis(in_types[0], axis)

    def backward(self, indexes, grad_outputs):
        return Flip(self.axis).apply(grad_outputs)


class _FlipFixedAxis(_routine.RoutineNode):
    """Base of FlipLR and FlipUD: NumPy's fliplr/flipud, for inputs of `_min_ndim` or more axes."""

    _min_ndim = None

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('a',))
        type_check.expect(in_types[0].ndim >= self._min_ndim)


class FlipLR(_FlipFixedAxis):
    """Reverses the elements along axis 1; its own inverse."""

    _routine = 'fliplr'
    _min_ndim = 2

    def backward(self, indexes, grad_outputs):
        return FlipLR().apply(grad_outputs)


class FlipUD(_FlipFixedAxis):
    """Reverses the elements along axis 0; its own inverse."""

    _routine = 'flipud'
    _min_ndim = 1

    def backward(self, indexes, grad_outputs):
        return FlipUD().apply(grad_outputs)


def flip(x, axis):
    """Reverses the order of the elements of an input variable along axes.

    Args:
        x (~chainer.Variable or array): Input variable of at least one dimension.
        axis (int, tuple of ints or None): The axes to flip; None flips them all.

    Returns:
        ~chainer.Variable: The flipped variable (a view where the backend can).

    Raises:
        TypeError: If `axis` is of another type.
        ~chainer.utils.type_check.InvalidType: If `x` is 0-d or an axis is out of range.

    Example:
        >>> F.flip(numpy.arange(3.), 0).array
        array([2., 1., 0.])
    """
    return _routine.apply_fast(Flip(_routine.as_axis_tuple(axis)), (x,))[0]


def fliplr(a):
    """Reverses the order of the elements of an input variable along axis 1 (left/right).

    Args:
        a (~chainer.Variable or array): Input variable of at least two dimensions.

    Returns:
        ~chainer.Variable: The flipped variable.

    Raises:
        ~chainer.utils.type_check.InvalidType: If `a` has fewer than two dimensions.

    Example:
        >>> F.fliplr(numpy.arange(4.).reshape(2, 2)).array
        array([[1., 0.],
               [3., 2.]])
    """
    return _routine.apply_fast(FlipLR(), (a,))[0]


def flipud(a):
    """Reverses the order of the elements of an input variable along axis 0 (up/down).

    Args:
        a (~chainer.Variable or array): Input variable of at least one dimension.

    Returns:
        ~chainer.Variable: The flipped variable.

    Raises:
        ~chainer.utils.type_check.InvalidType: If `a` is 0-d.

    Example:
        >>> F.flipud(numpy.arange(3.)).array
        array([2., 1., 0.])
    """
    return _routine.apply_fast(FlipUD(), (a,))[0]
