"""F.tensordot: sums products over chosen axes of two arrays, as numpy.tensordot.

Note [Tensordot by labels]: the forward is a transpose and a reshape of each operand to a matrix, a
matrix product and a reshape back (optionally a final transpose); on chainerx arrays the same
composition records its backward in C++. In NumPy mode the backward is again a TensorDot: name
every axis (the contracted pairs share a name), then the gradient of `a` contracts the output
gradient with `b` over `b`'s free axes, and the final transpose puts the result in `a`'s order of
names (likewise for `b`).
"""

import operator

import numpy

import chainerx

from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.utils import _checks
from chainer.utils import type_check


def _tensordot(xp, a, b, a_axes, b_axes, out_axes):
    a_free = [i for i in range(a.ndim) if i not in a_axes]
    b_free = [j for j in range(b.ndim) if j not in b_axes]
    a_free_shape = tuple([a.shape[i] for i in a_free])
    b_free_shape = tuple([b.shape[j] for j in b_free])
    n_sum = utils.size_of_shape([a.shape[i] for i in a_axes])
    a_mat = a.transpose(tuple(a_free) + tuple(a_axes)).reshape(
        (utils.size_of_shape(a_free_shape), n_sum))
    b_mat = b.transpose(tuple(b_axes) + tuple(b_free)).reshape(
        (n_sum, utils.size_of_shape(b_free_shape)))
    y = xp.dot(a_mat, b_mat).reshape(a_free_shape + b_free_shape)
    return y if out_axes is None else y.transpose(out_axes)


def _labels(ndim, axes, own):
    """Names of the axes of an operand: ('sum', t) for its t-th contracted axis, else (own, i)."""
    return [('sum', axes.index(i)) if i in axes else (own, i) for i in range(ndim)]


def _contract(x, x_labels, y, y_labels, contracted, result_labels, dtype):
    """TensorDot of x and y over the `contracted` names, transposed to `result_labels`."""
    x_axes = tuple([x_labels.index(label) for label in contracted])
    y_axes = tuple([y_labels.index(label) for label in contracted])
    raw = [label for label in x_labels + y_labels if label not in contracted]
    out_axes = tuple([raw.index(label) for label in result_labels])
    return TensorDot(x_axes, y_axes, out_axes, dtype).apply((x, y))[0]


class TensorDot(function_node.FunctionNode):
    """Sum of products over pairs of axes (`a_axes[t]` of a with `b_axes[t]` of b).

    Args:
        a_axes, b_axes (tuple of int): The contracted axes (non-negative), in pairs.
        out_axes (tuple of int): A transpose of the result (None: a's free axes, then b's).
        dtype: The dtype of the output (default: the promoted dtype of the operands).
    """

    def __init__(self, a_axes, b_axes, out_axes=None, dtype=None):
        self.a_axes = tuple(a_axes)
        self.b_axes = tuple(b_axes)
        if out_axes is not None and tuple(out_axes) == tuple(range(len(out_axes))):
            out_axes = None
        self.out_axes = out_axes
        self.dtype = None if dtype is None else numpy.dtype(dtype)

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('a', 'b'))
        a_type, b_type = in_types
        type_check.expect(a_type.dtype.kind == 'f', b_type.dtype.kind == 'f')
        for i, j in zip(self.a_axes, self.b_axes):
            type_check.expect(a_type.shape[i] == b_type.shape[j])

    def forward_chainerx(self, inputs):
        a, b = inputs
        if a.dtype.kind != 'f' or b.dtype.kind != 'f':
            return function_node.Fallback
        try:
            y = _tensordot(chainerx, a, b, self.a_axes, self.b_axes, self.out_axes)
        except chainerx.DimensionError:
            return function_node.Fallback  # the type check names the error
        return (y if self.dtype is None or y.dtype == self.dtype else y.astype(self.dtype)),

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        a, b = inputs
        xp = backend.get_array_module(a)
        y = _tensordot(xp, a, b, self.a_axes, self.b_axes, self.out_axes)
        return utils.force_array(y, self.dtype),

    def backward(self, indexes, grad_outputs):
        a, b = self.get_retained_inputs()
        gy, = grad_outputs
        a_labels = _labels(a.ndim, self.a_axes, 'a')
        b_labels = _labels(b.ndim, self.b_axes, 'b')
        a_free = [label for label in a_labels if label[0] == 'a']
        b_free = [label for label in b_labels if label[0] == 'b']
        y_labels = a_free + b_free
        if self.out_axes is not None:
            y_labels = [y_labels[p] for p in self.out_axes]
        ret = []
        if 0 in indexes:
            ret.append(_contract(gy, y_labels, b, b_labels, b_free, a_labels, a.dtype))
        if 1 in indexes:
            ret.append(_contract(a, a_labels, gy, y_labels, a_free, b_labels, b.dtype))
        return ret


def _as_axis_tuple(axes, ndim):
    axes = (axes,) if not isinstance(axes, (tuple, list)) else axes
    try:
        axes = tuple([operator.index(a) for a in axes])
    except TypeError:
        raise TypeError('axes must be an int or a pair of ints or sequences of ints') from None
    for a in axes:
        if not -ndim <= a < ndim:
            raise ValueError('axis {} is out of bounds for an array of dimension {}'.format(
                a, ndim))
    axes = tuple([a % ndim for a in axes])
    if len(set(axes)) != len(axes):
        raise ValueError('repeated axis in tensordot axes: {}'.format(axes))
    return axes


def _normalize_axes(axes, a_ndim, b_ndim):
    """The pairs of contracted axes of tensordot's `axes` argument, as two tuples."""
    if isinstance(axes, (tuple, list)):
        if len(axes) != 2:
            raise ValueError('axes must be an int or a pair of axis sequences, got {}'.format(axes))
        a_axes = _as_axis_tuple(axes[0], a_ndim)
        b_axes = _as_axis_tuple(axes[1], b_ndim)
        if len(a_axes) != len(b_axes):
            raise ValueError('the axis sequences must have one length: {} and {}'.format(
                a_axes, b_axes))
        return a_axes, b_axes
    try:
        n = operator.index(axes)
    except TypeError:
        raise TypeError('axes must be an int or a pair of ints or sequences of ints') from None
    if not 0 <= n <= min(a_ndim, b_ndim):
        raise ValueError('axes={} is out of range for arrays of dimensions {} and {}'.format(
            n, a_ndim, b_ndim))
    return tuple(range(a_ndim - n, a_ndim)), tuple(range(n))


def tensordot(a, b, axes=2):
    """Sums the products of the elements of two arrays over the given axes.

    Args:
        a (~chainer.Variable or array): The first operand (float).
        b (~chainer.Variable or array): The second operand (float).
        axes (int or pair): An int n sums over the last n axes of `a` and the first n of `b`, in
            order. A pair ``(a_axes, b_axes)`` of ints or sequences of ints names the axes to sum
            over, `a_axes[t]` of `a` with `b_axes[t]` of `b`.

    Returns:
        ~chainer.Variable: The result, whose axes are the remaining axes of `a`, then those of `b`.

    Raises:
        TypeError: `axes` has a wrong type.
        ValueError: An axis is out of range or repeated, or the pair has sequences of different
            lengths.
        ~chainer.utils.type_check.InvalidType: An operand is not float, or summed axes differ in
            length.

    Example:
        >>> F.tensordot(numpy.ones((2, 3, 4)), numpy.ones((4, 3)), axes=((1, 2), (1, 0))).array
        array([12., 12.])
    """
    a_axes, b_axes = _normalize_axes(
        axes, len(_checks.shape_of(a, 'a')), len(_checks.shape_of(b, 'b')))
    return TensorDot(a_axes, b_axes).apply((a, b))[0]
