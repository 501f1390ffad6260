"""F.flip, F.fliplr, F.flipud: reverse the order of elements along axes."""

from chainer.functions.array import _routine
from chainer.utils import type_check


class Flip(_routine.RoutineNode):
    """Reverses the elements along the given axes (None: all); its own inverse.

    F.fliplr and F.flipud are flips along axis 1 and 0: their type checks (the input has an axis
    1, or an axis 0) are those of the original's FlipLR and FlipUD. See Note [Routine nodes].
    """

    _routine = 'flip'

    def __init__(self, axis):
        self.axis = axis  # None or a tuple of ints
        self._args = (axis,)

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('a',))
        type_check.expect(in_types[0].ndim > 0)
        for axis in self.axis or ():
            _routine.expect_axis(in_types[0], axis)

    def backward(self, indexes, grad_outputs):
        return Flip(self.axis).apply(grad_outputs)


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


_FIXED_AXIS_DOC = """

    Args:
        a (~chainer.Variable or array): Input variable of at least {min_ndim}.

    Returns:
        ~chainer.Variable: The flipped variable.

    Raises:
        ~chainer.utils.type_check.InvalidType: If `a` {too_few}.

    Example:
        >>> F.{name}({example}).array
        {result}
    """


def fliplr(a):
    """Reverses the order of the elements of an input variable along axis 1 (left/right)."""
    return _routine.apply_fast(Flip((1,)), (a,))[0]


def flipud(a):
    """Reverses the order of the elements of an input variable along axis 0 (up/down)."""
    return _routine.apply_fast(Flip((0,)), (a,))[0]


fliplr.__doc__ += _FIXED_AXIS_DOC.format(
    min_ndim='two dimensions', too_few='has fewer than two dimensions', name='fliplr',
    example='numpy.arange(4.).reshape(2, 2)', result='array([[1., 0.],\n               [3., 2.]])')
flipud.__doc__ += _FIXED_AXIS_DOC.format(
    min_ndim='one dimension', too_few='is 0-d', name='flipud', example='numpy.arange(3.)',
    result='array([2., 1., 0.])')
