"""F.as_strided: a view of a Variable with arbitrary shape, strides and offset.

Note [Strided views over the logical storage]: the original measures strides and the offset in
elements of the memory under `x`, so its result depends on how `x` happens to be laid out (and on
where a view starts in its base). Here the storage is `x` itself in C order: element
`y[i_1, ..., i_n]` is `x.ravel()[storage_offset + i_1 * strides[0] + ... + i_n * strides[n-1]]`.
For a C-contiguous `x`, the usual input of as_strided, that is exactly the memory, and the NumPy
result is a view of `x` as in the original; otherwise the view is of a C-ordered copy. The result no
longer depends on the layout, so both modes agree, and reads outside `x` are a ValueError instead of
undefined behaviour. Elements may be read more than once (overlapping windows): the gradient sums
every read into its element (AsStridedGrad, a weighted bincount of the flat indices), and its
adjoint, the gradient of the gradient, is the strided read again.

On chainerx, which has no strided views, the forward gathers the flat indices with chainerx.take,
whose backward is that scatter-add in C++ (path 1 of Note [Native paths] in
chainer/function_node.py).
"""

import numpy

import chainerx

from chainer import backend
from chainer import function_node
from chainer.functions.array import _routine
from chainer.utils import _checks
from chainer.utils import type_check


def _flat_indices(size, shape, strides, offset):
    """The int64 array of `shape` of the positions in `x.ravel()` that the view reads.

    Raises:
        ValueError: A position is outside [0, size).
    """
    if any(length == 0 for length in shape):
        return numpy.zeros(shape, numpy.int64)
    lowest = offset + sum(min(0, (length - 1) * step) for length, step in zip(shape, strides))
    highest = offset + sum(max(0, (length - 1) * step) for length, step in zip(shape, strides))
    if lowest < 0 or highest >= size:
        raise ValueError(
            'as_strided: shape {}, strides {} and storage_offset {} read elements {} to {}, '
            'outside an input of {} elements'.format(
                shape, strides, offset, lowest, highest, size))
    indices = numpy.full(shape, offset, numpy.int64)
    for axis, (length, step) in enumerate(zip(shape, strides)):
        indices += (numpy.arange(length, dtype=numpy.int64) * step).reshape(
            (-1,) + (1,) * (len(shape) - axis - 1))
    return indices


class AsStrided(function_node.FunctionNode):
    """The strided read of Note [Strided views over the logical storage]."""

    def __init__(self, shape, strides, storage_offset):
        self.args = shape, strides, storage_offset
        self.shape = shape
        self.strides = strides
        self.storage_offset = storage_offset

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x',))

    def forward_chainerx(self, inputs):
        x, = inputs
        indices = _flat_indices(x.size, self.shape, self.strides, self.storage_offset)
        return chainerx.take(x.reshape(-1), chainerx.array(indices, device=x.device), 0),

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        self._in_shape = x.shape
        # Called for the bounds check; the NumPy path reads through a view instead.
        _flat_indices(x.size, self.shape, self.strides, self.storage_offset)
        if 0 in self.shape:
            return xp.empty(self.shape, x.dtype),
        flat = xp.ascontiguousarray(x).reshape(-1)[self.storage_offset:]
        itemsize = x.dtype.itemsize
        return xp.lib.stride_tricks.as_strided(
            flat, self.shape, tuple(step * itemsize for step in self.strides)),

    def backward(self, indexes, grad_outputs):
        return AsStridedGrad(self._in_shape, self.args).apply(grad_outputs)


class AsStridedGrad(function_node.FunctionNode):
    """The adjoint of AsStrided: adds each element of `gy` to the input element it was read from."""

    def __init__(self, in_shape, as_strided_args):
        self.in_shape = in_shape
        self.as_strided_args = as_strided_args  # (shape, strides, storage_offset)

    def forward(self, inputs):
        gy, = inputs
        xp = backend.get_array_module(gy)
        size = int(numpy.prod(self.in_shape, dtype=numpy.int64))
        indices = _flat_indices(size, *self.as_strided_args)
        with backend.using_device(backend.get_device_from_array(gy)):
            # bincount sums in float64 whatever the dtype, then the sum is cast back.
            gx = xp.bincount(xp.asarray(indices.ravel()), weights=gy.ravel(), minlength=size)
        return gx.astype(gy.dtype, copy=False).reshape(self.in_shape),

    def backward(self, indexes, grad_outputs):
        return AsStrided(*self.as_strided_args).apply(grad_outputs)


def as_strided(x, shape, strides, storage_offset=None):
    """Makes a view of an input variable with the given shape, strides and offset.

    The strides and the offset count elements (not bytes) of `x` in C order; see
    Note [Strided views over the logical storage] in chainer/functions/array/as_strided.py. Windows
    may overlap: the gradient of an input element is the sum over all the places it was read to.

    Args:
        x (~chainer.Variable or array): Input variable.
        shape (tuple of ints): Shape of the output.
        strides (tuple of ints): Strides of the output, one per axis, in elements (may be zero or
            negative).
        storage_offset (int or None): Position in `x` (in elements, C order) of the output's first
            element; None means 0.

    Returns:
        ~chainer.Variable: The strided view (a view of `x` on NumPy when `x` is C-contiguous).

    Raises:
        TypeError: If `shape`, `strides` or `storage_offset` holds non-integers.
        ValueError: If `shape` and `strides` differ in length or have more than 64 entries,
            `shape` or `storage_offset` is negative, the view would read outside `x`, or it is
            too big to allocate.

    Example:
        >>> x = numpy.arange(4, dtype=numpy.float32)
        >>> F.as_strided(x, (3, 2), (1, 1), 0).array
        array([[0., 1.],
               [1., 2.],
               [2., 3.]], dtype=float32)
    """
    shape = _checks.as_shape(shape)
    strides = _checks.as_shape(strides, 'strides')
    if storage_offset is None:
        storage_offset = 0
    elif not _routine.is_int(storage_offset):
        raise TypeError('storage_offset must be an int or None, not {!r}'.format(storage_offset))
    storage_offset = int(storage_offset)
    if len(shape) != len(strides):
        raise ValueError('shape {} and strides {} must have the same length'.format(
            shape, strides))
    if any(length < 0 for length in shape) or storage_offset < 0:
        raise ValueError('shape {} and storage_offset {} must not be negative'.format(
            shape, storage_offset))
    _checks.check_size(shape, 8)  # the int64 indices of the view
    return _routine.apply_fast(AsStrided(shape, strides, storage_offset), (x,))[0]
