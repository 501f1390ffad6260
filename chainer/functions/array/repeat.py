"""F.repeat: repeats each element of a Variable."""

import numpy

from chainer.functions.array import _routine
from chainer.functions.array.get_item import GetItemGrad
from chainer.functions.array.reshape import reshape
from chainer.utils import _checks
from chainer.utils import type_check


class Repeat(_routine.RoutineNode):
    """Repeats each element `repeats` times along `axis` (None: of the flattened input).

    The gradient sums the gradients of the copies of each element: it is the gradient of gathering
    `x` at indices `[0] * r0 + [1] * r1 + ...` along the axis, which GetItemGrad computes. See
    Note [Routine nodes].
    """

    _routine = 'repeat'

    def __init__(self, repeats, axis=None):
        # Like NumPy, bools count as integers here (the original allowed them too).
        if isinstance(repeats, (int, numpy.integer)):
            repeats = (int(repeats),)
        elif isinstance(repeats, (tuple, list)) and all(
                isinstance(r, (int, numpy.integer)) for r in repeats):
            repeats = tuple([int(r) for r in repeats])
        else:
            raise TypeError('repeats must be int or tuple of ints, not {!r}'.format(repeats))
        if repeats and min(repeats) < 0:
            raise ValueError('all elements in repeats must be zero or larger, got {}'.format(
                repeats))
        self.repeats = repeats
        self.axis = _routine.as_int(axis, allow_none=True)
        self._args = (repeats[0] if len(repeats) == 1 else repeats, self.axis)

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x',))
        if self.axis is not None:
            _routine.expect_axis(in_types[0], self.axis)

    def forward(self, inputs):
        x, = inputs
        _checks.check_array(x)  # None for a Variable without an array (the type check is lax)
        # NumPy's repeat does not check the output size (Note [Checked sizes]).
        length = x.size if self.axis is None else x.shape[self.axis]
        total = length * self.repeats[0] if len(self.repeats) == 1 else sum(self.repeats)
        shape = (total,) if self.axis is None else (
            x.shape[:self.axis % x.ndim] + (total,) + x.shape[self.axis % x.ndim + 1:])
        _checks.check_size(shape, x.dtype.itemsize)
        return super().forward(inputs)

    def backward(self, indexes, grad_outputs):
        in_shape = self.inputs[0].shape
        if self.axis is None:
            size = int(numpy.prod(in_shape, dtype=numpy.int64))
            gather = numpy.repeat(numpy.arange(size), self.repeats)
            gx = GetItemGrad((gather,), (size,)).apply(grad_outputs)[0]
            return reshape(gx, in_shape),
        axis = self.axis % len(in_shape)
        gather = numpy.repeat(numpy.arange(in_shape[axis]), self.repeats)
        return GetItemGrad((slice(None),) * axis + (gather,), in_shape).apply(grad_outputs)


def repeat(x, repeats, axis=None):
    """Repeats each element of an input variable.

    Args:
        x (~chainer.Variable or array): Input variable.
        repeats (int or tuple of ints): The number of repetitions of each element: one for all,
            or one per element along `axis`.
        axis (int or None): The axis along which to repeat; None repeats the elements of the
            flattened input (the output is 1-d).

    Returns:
        ~chainer.Variable: As :func:`numpy.repeat`; the gradient of an element sums those of its
        copies.

    Raises:
        TypeError: If `repeats` or `axis` is of another type.
        ValueError: If a repetition count is negative, their number does not match the axis, or
            the output would be too big.
        ~chainer.utils.type_check.InvalidType: If `axis` is out of range.

    Example:
        >>> F.repeat(numpy.array([1., 2.]), 2).array
        array([1., 1., 2., 2.])
    """
    return _routine.apply_fast(Repeat(repeats, axis), (x,))[0]
