"""F.diagonal: the diagonals of a Variable over two of its axes.

Note [Diagonal as a strided slice]: after moving `axis1` and `axis2` to the end and merging them,
the diagonal with `offset` k of an (n, m) matrix is the flat slice that starts at k (k >= 0) or at
-k * m (k < 0) and steps by m + 1 over min(n, m - k) (or min(n + k, m)) elements. chainerx has no
`diagonal`, but moveaxis, reshape and basic slicing all record their backward in C++, so on chainerx
the forward is that composition (path 1 of Note [Native paths] in chainer/function_node.py). The
NumPy backward writes the gradient into the same slice of a zero array (DiagonalGrad).
"""

import chainerx

from chainer import backend
from chainer import function_node
from chainer.functions.array import _routine
from chainer.utils import type_check


def _flat_slice(n, m, offset):
    """The slice of the merged (n * m) axis holding the diagonal `offset` of an (n, m) matrix."""
    if offset >= 0:
        start, count = offset, min(n, m - offset)
    else:
        start, count = -offset * m, min(n + offset, m)
    if count <= 0:
        return slice(0, 0)
    return slice(start, start + (count - 1) * (m + 1) + 1, m + 1)


def _normalized_axes(ndim, axis1, axis2):
    """The two axes as non-negative ints, or None if one is out of range or they coincide."""
    if not (-ndim <= axis1 < ndim and -ndim <= axis2 < ndim):
        return None
    axis1, axis2 = axis1 % ndim, axis2 % ndim
    return None if axis1 == axis2 else (axis1, axis2)


def _geometry(shape, axes, offset):
    """(shape of the other axes, length of axis1, length of axis2, the diagonal's flat slice)."""
    rest = tuple(size for axis, size in enumerate(shape) if axis not in axes)
    n, m = shape[axes[0]], shape[axes[1]]
    return rest, n, m, _flat_slice(n, m, offset)


class Diagonal(function_node.FunctionNode):
    """`x.diagonal(offset, axis1, axis2)`; see Note [Diagonal as a strided slice]."""

    def __init__(self, offset, axis1, axis2):
        self.args = offset, axis1, axis2
        self.offset = offset
        self.axis1 = axis1
        self.axis2 = axis2

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x',))
        x_type = in_types[0]
        type_check.expect(
            max(self.axis1, self.axis2) < x_type.ndim,
            -x_type.ndim <= min(self.axis1, self.axis2),
        )

    def forward_chainerx(self, inputs):
        x, = inputs
        axes = _normalized_axes(x.ndim, self.axis1, self.axis2)
        if axes is None:
            return function_node.Fallback  # the type check or NumPy raises the original's error
        rest, n, m, diagonal_slice = _geometry(x.shape, axes, self.offset)
        if axes != (x.ndim - 2, x.ndim - 1):
            x = chainerx.moveaxis(x, axes, (-2, -1))
        return x.reshape(rest + (n * m,))[..., diagonal_slice],

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        return x.diagonal(self.offset, self.axis1, self.axis2),

    def backward(self, indexes, grad_outputs):
        return DiagonalGrad(self._in_shape, self.args).apply(grad_outputs)


class DiagonalGrad(function_node.FunctionNode):
    """The adjoint of Diagonal: a zero array of the input shape with `gy` on the diagonal."""

    def __init__(self, shape, diagonal_args):
        self.shape = shape
        self.diagonal_args = diagonal_args  # (offset, axis1, axis2)

    def forward(self, inputs):
        gy, = inputs
        xp = backend.get_array_module(gy)
        offset, axis1, axis2 = self.diagonal_args
        axes = _normalized_axes(len(self.shape), axis1, axis2)
        rest, n, m, diagonal_slice = _geometry(self.shape, axes, offset)
        moved = _routine.zeros_on_device_of(gy, rest + (n, m))
        moved.reshape(rest + (n * m,))[..., diagonal_slice] = gy  # a view of the contiguous zeros
        return xp.moveaxis(moved, (-2, -1), axes),

    def backward(self, indexes, grad_outputs):
        return Diagonal(*self.diagonal_args).apply(grad_outputs)


def diagonal(x, offset=0, axis1=0, axis2=1):
    """Takes the diagonal elements of an input variable over two of its axes.

    As :func:`numpy.diagonal`, the two axes are removed and the diagonal becomes the last axis.

    Args:
        x (~chainer.Variable or array): Input variable of at least two dimensions.
        offset (int): Offset of the diagonal from the main one (positive: above it, i.e. towards
            larger indices of `axis2`).
        axis1 (int): The first axis of the 2-d sub-arrays.
        axis2 (int): The second axis of the 2-d sub-arrays.

    Returns:
        ~chainer.Variable: The diagonals (a view of `x` on NumPy); the gradient is scattered back
        onto the diagonal of a zero array.

    Raises:
        TypeError: If `offset`, `axis1` or `axis2` is not an integer.
        ~chainer.utils.type_check.InvalidType: If an axis is out of range.
        ValueError: If `axis1` and `axis2` name the same axis.

    Example:
        >>> F.diagonal(numpy.arange(9.).reshape(3, 3), offset=1).array
        array([1., 5.])
    """
    for name, value in (('offset', offset), ('axis1', axis1), ('axis2', axis2)):
        if not _routine.is_int(value):
            raise TypeError('{} must be an integer, not {!r}'.format(name, value))
    return _routine.apply_fast(Diagonal(int(offset), int(axis1), int(axis2)), (x,))[0]
