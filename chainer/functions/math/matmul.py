"""F.matmul (also the @ operator of Variable) and the deprecated F.batch_matmul.

matmul follows numpy.matmul: 1-d operands are a row (left) or a column (right) vector whose extra
axis is dropped from the result, and operands of more than two dimensions are stacks of matrices
whose leading (batch) axes broadcast against each other. `transa`/`transb` transpose the last two
axes of an operand of two or more dimensions first (a 1-d operand is left as it is). The operands
may have different float dtypes: the result has the promoted dtype and each gradient the dtype of
its input.
"""

import warnings

import numpy

import chainerx

from chainer import backend
from chainer import function_node
from chainer import utils
from chainer import variable
from chainer.functions.array.reshape import reshape
from chainer.functions.math.sum import call_chainerx
from chainer.functions.math.sum_to import sum_to
from chainer.utils import _checks
from chainer.utils import type_check

Variable = variable.Variable


def _transposed(x, trans):
    return x.swapaxes(-1, -2) if trans and x.ndim >= 2 else x


def _chainerx_matmul(a, b, transa, transb):
    if transa and a.ndim >= 2:
        a = a.swapaxes(-1, -2)
    if transb and b.ndim >= 2:
        b = b.swapaxes(-1, -2)
    return chainerx.matmul(a, b)


def _expect_matmul_shapes(a_type, b_type, transa, transb):
    """Type-checks the contracted lengths and the broadcasting of the batch axes."""
    a_ndim = type_check.eval(a_type.ndim)
    b_ndim = type_check.eval(b_type.ndim)
    a_index = -2 if transa and a_ndim >= 2 else -1
    b_index = -1 if transb or b_ndim == 1 else -2
    type_check.expect(a_type.shape[a_index] == b_type.shape[b_index])
    a_batch = tuple(type_check.eval(a_type.shape))[:-2]
    b_batch = tuple(type_check.eval(b_type.shape))[:-2]
    try:
        numpy.broadcast_shapes(a_batch, b_batch)
    except ValueError:
        raise type_check.InvalidType(
            'a.shape[:-2] and b.shape[:-2] are broadcastable',
            '{} and {}'.format(a_batch, b_batch)) from None


class MatMul(function_node.FunctionNode):
    """Matrix product of two (stacks of) matrices or vectors, as numpy.matmul.

    Args:
        transa, transb (bool): Transpose the last two axes of an operand first.
        dtype: The dtype of the output (default: the promoted dtype of the operands); the backward
            uses it to give each gradient the dtype of its input.
    """

    def __init__(self, transa=False, transb=False, dtype=None):
        self.transa = bool(transa)
        self.transb = bool(transb)
        self.dtype = None if dtype is None else numpy.dtype(dtype)

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('a', 'b'))
        a_type, b_type = in_types
        type_check.expect(a_type.dtype.kind == 'f', b_type.dtype.kind == 'f',
                          a_type.ndim >= 1, b_type.ndim >= 1)
        _expect_matmul_shapes(a_type, b_type, self.transa, self.transb)

    def forward_chainerx(self, inputs):
        a, b = inputs
        if a.dtype.kind != 'f' or b.dtype.kind != 'f':
            return function_node.Fallback
        try:
            y = _chainerx_matmul(a, b, self.transa, self.transb)
        except chainerx.DimensionError:
            return function_node.Fallback  # the type check names the error
        if self.dtype is not None and y.dtype != self.dtype:
            y = y.astype(self.dtype)
        return y,

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        a, b = inputs
        xp = backend.get_array_module(a)
        y = xp.matmul(_transposed(a, self.transa), _transposed(b, self.transb))
        return utils.force_array(y, self.dtype),

    def backward(self, indexes, grad_outputs):
        a, b = self.get_retained_inputs()
        # The operands as (stacks of) matrices: 1-d ones become a row and a column.
        a2 = a if a.ndim >= 2 else reshape(a, (1,) + a.shape)
        b2 = b if b.ndim >= 2 else reshape(b, b.shape + (1,))
        ta = self.transa and a.ndim >= 2
        tb = self.transb and b.ndim >= 2
        gy = grad_outputs[0]
        rows = a2.shape[-1 if ta else -2]
        cols = b2.shape[-2 if tb else -1]
        gy_shape = numpy.broadcast_shapes(a2.shape[:-2], b2.shape[:-2]) + (rows, cols)
        if gy.shape != gy_shape:
            gy = reshape(gy, gy_shape)
        ret = []
        if 0 in indexes:
            if ta:  # the gradient of a^T is gy B^T (B: b as multiplied), so that of a is B gy^T
                ga = MatMul(tb, True, a.dtype).apply((b2, gy))[0]
            else:
                ga = MatMul(False, not tb, a.dtype).apply((gy, b2))[0]
            ret.append(_restore(ga, a2.shape, a.shape))
        if 1 in indexes:
            if tb:
                gb = MatMul(True, ta, b.dtype).apply((gy, a2))[0]
            else:
                gb = MatMul(not ta, False, b.dtype).apply((a2, gy))[0]
            ret.append(_restore(gb, b2.shape, b.shape))
        return ret


def _restore(g, shape2, shape):
    """Sums a gradient over broadcast batch axes and drops the axis added to a 1-d operand."""
    g = sum_to(g, shape2)
    return g if shape2 == shape else reshape(g, shape)


def matmul(a, b, transa=False, transb=False):
    """Computes the matrix product of two arrays, as numpy.matmul.

    Args:
        a (~chainer.Variable or array): The left operand (float, at least 1-d). A 1-d array is a
            row vector; an array of more than two dimensions is a stack of matrices in its last
            two axes.
        b (~chainer.Variable or array): The right operand (float, at least 1-d). A 1-d array is a
            column vector. The batch axes (all but the last two) of `a` and `b` broadcast.
        transa (bool): Transpose each matrix of `a` first (no effect on a 1-d `a`).
        transb (bool): Transpose each matrix of `b` first (no effect on a 1-d `b`).

    Returns:
        ~chainer.Variable: The product, of the promoted dtype of `a` and `b`.

    Raises:
        ~chainer.utils.type_check.InvalidType: An operand is not float or is 0-d, the contracted
            lengths differ, or the batch axes do not broadcast.

    Example:
        >>> a = numpy.arange(6.).reshape(2, 3)
        >>> F.matmul(a, a, transb=True).array
        array([[ 5., 14.],
               [14., 50.]])
    """
    if isinstance(b, Variable) and b._has_chainerx_array and b._data[0].dtype.kind == 'f':
        y = call_chainerx(_chainerx_matmul, a, b._data[0], transa, transb)
        if y is not None:
            return y
    return MatMul(transa, transb).apply((a, b))[0]


def batch_matmul(a, b, transa=False, transb=False):
    """Computes the matrix products of two batches of matrices (deprecated: use matmul).

    Each operand is seen as a batch (its first axis) of matrices made of its second axis and the
    flattened others, so a batch of vectors of shape (B, N) is a batch of column vectors (B, N, 1).

    Args:
        a (~chainer.Variable or array): The left batch (float, at least 2-d).
        b (~chainer.Variable or array): The right batch (float, at least 2-d).
        transa (bool): Transpose each matrix of `a` first.
        transb (bool): Transpose each matrix of `b` first.

    Returns:
        ~chainer.Variable: The batch of products, of shape (B, rows, columns).

    Example:
        >>> a = numpy.ones((4, 2, 3))
        >>> F.batch_matmul(a, a, transb=True).shape
        (4, 2, 2)
    """
    warnings.warn('batch_matmul is deprecated. Use matmul instead.', DeprecationWarning)
    return matmul(_as_batch_matrices(a, 'a'), _as_batch_matrices(b, 'b'), transa, transb)


def _as_batch_matrices(x, name):
    return reshape(x, _checks.shape_of(x, name)[:2] + (-1,))
