"""N-dimensional max pooling: `max_pooling_nd`, `max_pooling_1d`, `max_pooling_3d`."""

import numpy

import chainer
import chainerx

from chainer import backend
from chainer.functions.pooling import _window


class MaxPoolingND(_window.PoolingND):
    """The maximum of each window (padding never wins); `indexes` keeps the argmax of each.

    Args:
        ndim (int): Number of spatial axes.
        ksize, stride, pad, cover_all: The windows (see :func:`max_pooling_nd`).
        return_indices (bool): The caller wants `indexes` (the forward then takes the NumPy path on
            chainerx, where it computes them).
    """

    def __init__(self, ndim, ksize, stride=None, pad=0, cover_all=True, return_indices=False):
        super().__init__(ndim, ksize, stride, pad, cover_all)
        self.return_indices = return_indices

    def forward_chainerx(self, inputs):
        x, = inputs
        if self.return_indices or x.dtype.kind != 'f':
            return chainer.Fallback
        try:
            return chainerx.max_pool(x, self.ksize, self.stride, self.pad, self.cover_all),
        except chainerx.DimensionError:
            return chainer.Fallback  # the type check or the NumPy forward raises the usual error

    def forward(self, inputs):
        x, = inputs
        self._dims = x.shape[2:]
        xp = backend.get_array_module(x)
        col = self.col(x, pval=-numpy.inf)
        self.indexes = col.argmax(axis=2)
        return xp.take_along_axis(col, self.indexes[:, :, None], 2)[:, :, 0],

    def backward(self, indexes, grad_outputs):
        return _window.WindowScatter(*self.geometry, self.indexes, self._dims).apply(grad_outputs)


def apply(node, x):
    """`node.apply((x,))` as the max pooling functions return it: y, or `(y, indexes)`."""
    y, = node.apply((x,))
    if node.return_indices:
        return y, node.indexes
    return y


def max_pooling_nd(x, ksize, stride=None, pad=0, cover_all=True, return_indices=False):
    """N-dimensionally spatial max pooling function.

    Each output element is the maximum of its window of the input, padded with -inf.

    Args:
        x (~chainer.Variable or array): Input of shape `(n, c, d_1, ..., d_N)`.
        ksize (int or tuple of ints): Window size, for every axis or per axis.
        stride (int, tuple of ints or None): Window step; None means ksize.
        pad (int or tuple of ints): Padding on both sides of each axis.
        cover_all (bool): Add windows so that every input element is covered (the output size per
            axis is then `(d + 2 * pad - k + stride - 1) // stride + 1` instead of `(d + 2 * pad -
            k) // stride + 1`).
        return_indices (bool): Also return the argmax of each window, an integer array of the
            output's shape whose values index the flattened window (for
            :func:`~chainer.functions.upsampling_2d`).

    Returns:
        ~chainer.Variable or tuple: The output of shape `(n, c, l_1, ..., l_N)`, and with
        return_indices the indexes array.
    """
    ndim = _window.spatial_ndim(x)
    return apply(MaxPoolingND(ndim, ksize, stride, pad, cover_all, return_indices), x)


max_pooling_1d = _window.fixed_ndim(max_pooling_nd, 1)
max_pooling_3d = _window.fixed_ndim(max_pooling_nd, 3)
