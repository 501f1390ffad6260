"""F.split_axis: splits a Variable into several along an axis."""

import collections.abc

import numpy

import chainerx

from chainer import backend
from chainer import function_node
from chainer.functions.array import _routine
from chainer.functions.array.get_item import GetItemGrad
from chainer.utils import type_check


def _tile_in_order(slices, n):
    """Whether the slices, in order, cover 0..n once (always, unless split indices decrease)."""
    position = 0
    for part in slices:
        start, stop, _ = part.indices(n)
        if stop > start:
            if start != position:
                return False
            position = stop
    return position == n


class SplitAxis(function_node.FunctionNode):
    """Splits the input at `indices`, or into `sections` equal parts, along `axis`."""

    def __init__(self, indices_or_sections, axis):
        if _routine.is_int(indices_or_sections):
            if indices_or_sections <= 0:
                raise ValueError('the number of sections must be positive, got {}'.format(
                    indices_or_sections))
            self.sections = int(indices_or_sections)
            self.indices = None
        elif isinstance(indices_or_sections, (collections.abc.Iterable, chainerx.ndarray)):
            indices = numpy.asarray(backend.CpuDevice().send(indices_or_sections)
                                    if isinstance(indices_or_sections, chainerx.ndarray)
                                    else indices_or_sections)
            if indices.ndim != 1 or (indices.size and indices.dtype.kind not in 'iu'):
                raise TypeError('indices_or_sections must be an integer or a 1-D sequence of '
                                'integers, got {!r}'.format(indices_or_sections))
            self.indices = tuple(int(i) for i in indices)
            self.sections = None
        else:
            raise TypeError('indices_or_sections must be an integer or a 1-D sequence of integers, '
                            'not {!r}'.format(indices_or_sections))
        self.axis = _routine.as_int(axis)
        self._split_arg = self.sections if self.indices is None else self.indices

    def check_type_forward(self, in_types):
        # Indices past the end give empty parts, as in NumPy (the original refused them).
        type_check._argname(in_types, ('x',))
        _routine.expect_axis(in_types[0], self.axis)
        if self.indices is None:
            sections = type_check.make_variable(self.sections, 'sections')
            type_check.expect(in_types[0].shape[self.axis] % sections == 0)

    def forward_chainerx(self, inputs):
        try:
            return tuple(chainerx.split(inputs[0], self._split_arg, self.axis))
        except _routine.CHAINERX_ERRORS:
            return _routine.Fallback

    def forward(self, inputs):
        x, = inputs
        ys = tuple(backend.get_array_module(x).split(x, self._split_arg, self.axis))
        self._shapes = [y.shape for y in ys]
        return ys

    def _part_slices(self, n):
        """The slices of the axis that the parts are, as NumPy cuts them (indices may decrease)."""
        if self.indices is None:
            size = n // self.sections
            return [slice(i * size, (i + 1) * size) for i in range(self.sections)]
        bounds = [0] + list(self.indices) + [n]
        return [slice(start, stop) for start, stop in zip(bounds[:-1], bounds[1:])]

    def backward(self, indexes, grad_outputs):
        from chainer.functions.array.concat import concat  # concat's backward splits: a cycle
        in_shape = self.inputs[0].shape
        axis = self.axis % len(in_shape)
        slices = self._part_slices(in_shape[axis])
        if _tile_in_order(slices, in_shape[axis]):
            return concat(_routine.grads_or_zeros(grad_outputs, self._shapes), self.axis),
        # Overlapping parts: scatter each part's gradient to its place and add them up.
        gx = None
        for part, gy in zip(slices, grad_outputs):
            if gy is not None:
                key = (slice(None),) * axis + (part,)
                g, = GetItemGrad(key, in_shape).apply((gy,))
                gx = g if gx is None else gx + g
        return gx,


def split_axis(x, indices_or_sections, axis, force_tuple=True):
    """Splits an input variable into several along an axis.

    Args:
        x (~chainer.Variable or array): Input variable.
        indices_or_sections (int or 1-D sequence of ints): The number of equal parts, or the
            indices at which to split (as in :func:`numpy.split`).
        axis (int): The axis to split along.
        force_tuple (bool): If False and the split gives one part, return it alone instead of in a
            tuple.

    Returns:
        tuple of ~chainer.Variable (or a Variable, see `force_tuple`): The parts; the gradient of
        `x` is the concatenation of theirs (zeros for the parts without one).

    Raises:
        TypeError: If `indices_or_sections` or `axis` is of another type.
        ValueError: If the number of sections is not positive.
        ~chainer.utils.type_check.InvalidType: If `axis` is out of range, the sections do not
            divide the axis, or the last index exceeds its length.

    Example:
        >>> [y.shape for y in F.split_axis(numpy.zeros((2, 6)), [1, 4], 1)]
        [(2, 1), (2, 3), (2, 2)]
    """
    ys = _routine.apply_fast(SplitAxis(indices_or_sections, axis), (x,))
    if force_tuple or len(ys) > 1:
        return ys
    return ys[0]
