"""F.pad_sequence: a batch of sequences of different lengths as one padded array.

On chainerx the padded batch is each sequence concatenated with a block of the padding value, then
stacked: routines with their own backward in C++ (path 1 of Note [Native paths] in
chainer/function_node.py). On NumPy and CuPy the sequences are copied into a filled array, and the
gradient of sequence i is `gy[i, :len(x_i)]` (F.get_item).
"""

import numbers

import numpy

import chainerx

from chainer import backend
from chainer import function_node
from chainer.functions.array import _routine
from chainer.functions.array.get_item import get_item
from chainer.utils import _checks
from chainer.utils import type_check


def _shapes_match(xs, length):
    """check_type_forward's conditions, on the arrays."""
    first = xs[0]
    return all(x.ndim > 0 and x.shape[1:] == first.shape[1:] and x.dtype == first.dtype and
               (length is None or x.shape[0] <= length) for x in xs)


class PadSequence(function_node.FunctionNode):
    """Stacks the sequences along a new first axis, each padded to `length` with `padding`."""

    def __init__(self, length, padding):
        self.length = length
        self.padding = padding

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() > 0)
        for i, x_type in enumerate(in_types):
            type_check._argname((x_type,), ('x{}'.format(i),))
            type_check.expect(
                x_type.ndim > 0,
                x_type.shape[1:] == in_types[0].shape[1:],
                x_type.dtype == in_types[0].dtype,
            )
            if self.length is not None:
                type_check.expect(x_type.shape[0] <= self.length)

    def _length(self, xs):
        """The padded length; ValueError if the output would be too big (Note [Checked sizes])."""
        length = max(len(x) for x in xs) if self.length is None else self.length
        first = xs[0]
        _checks.check_size((len(xs), length) + first.shape[1:], first.dtype.itemsize)
        return length

    def forward_chainerx(self, inputs):
        if not inputs or not _shapes_match(inputs, self.length):
            return function_node.Fallback  # the type check raises the original's error
        length = self._length(inputs)
        rows = []
        for x in inputs:
            if len(x) < length:
                padding = chainerx.full((length - len(x),) + x.shape[1:], self.padding, x.dtype,
                                        x.device)
                x = chainerx.concatenate([x, padding], 0)
            rows.append(x)
        return chainerx.stack(rows, 0),

    def forward(self, inputs):
        self._lengths = [len(x) for x in inputs]
        first = inputs[0]
        xp = backend.get_array_module(first)
        with backend.using_device(backend.get_device_from_array(first)):
            y = xp.full((len(inputs), self._length(inputs)) + first.shape[1:], self.padding,
                        first.dtype)
        for i, x in enumerate(inputs):
            y[i, :len(x)] = x
        return y,

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        return tuple([get_item(gy, (i, slice(0, self._lengths[i]))) for i in indexes])


def pad_sequence(xs, length=None, padding=0):
    """Pads sequences of different lengths to one length and stacks them.

    Args:
        xs (list of ~chainer.Variable or arrays): Sequences of shape (L_i, ...); they share the
            shape after the first axis and the dtype.
        length (int or None): Length of the padded sequences; None means the longest length in
            `xs`. It must not be shorter than any sequence.
        padding (scalar): The value of the padded elements.

    Returns:
        ~chainer.Variable: Array of shape (len(xs), length, ...).

    Raises:
        TypeError: If `length` is not an integer or None, or `padding` is not a scalar.
        ~chainer.utils.type_check.InvalidType: If `xs` is empty, a sequence is 0-d or longer than
            `length`, or their trailing shapes or dtypes differ.

    Example:
        >>> xs = [numpy.array([1., 2., 3.]), numpy.array([4.])]
        >>> F.pad_sequence(xs, padding=-1).array
        array([[ 1.,  2.,  3.],
               [ 4., -1., -1.]])
    """
    if length is not None:
        if not _routine.is_int(length):
            raise TypeError('length must be an integer or None, not {!r}'.format(length))
        length = int(length)
    if not isinstance(padding, (numbers.Number, numpy.bool_)):
        raise TypeError('padding must be a scalar, not {!r}'.format(padding))
    if isinstance(padding, numpy.generic):
        padding = padding.item()
    return PadSequence(length, padding).apply(tuple(xs))[0]
