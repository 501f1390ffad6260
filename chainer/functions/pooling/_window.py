"""Window operations shared by the pooling functions, in adjoint pairs.

A pooling geometry (ksize, stride, pad, cover_all) maps an image `(n, c, *dims)` to windows at the
positions `(n, c, *outs)`. Two pairs of linear maps on it make up the pooling family and its
gradients:
 * `WindowSum` (the sum of each window, optionally divided by the window size or by the number of
   its elements inside the image) and `WindowSpread` (each value added to every pixel of its window,
   after the same division). Average pooling is a WindowSum; unpooling is a WindowSpread; each is
   the other's backward.
 * `WindowGather` (the element of each window that `indexes` names) and `WindowScatter` (each value
   added to the pixel of its window that `indexes` names). The backward of max pooling is a
   WindowScatter with the argmax indexes; upsampling is a WindowScatter; each is the other's
   backward.
All four are linear, so their backwards are again in this set and gradients of any order exist.

Note [Native window sums]: on chainerx, a window sum is a convolution of each channel (moved to the
batch axis) with a kernel of ones, and a window spread the transposed convolution with it; both are
differentiable in C++ and cover every geometry (cover_all included), so both nodes run natively.
The indexed pair works the same way with an identity kernel `(prod(ksize), 1, *ksize)`, whose output
channel k is tap k of each window: WindowGather masks those channels with the one-hot `indexes` and
sums them, WindowScatter masks its input into them and applies the transposed convolution. The
masked-out taps are multiplied by zero, so an infinite or NaN value there gives NaN where the NumPy
forms are exact; the native forms take only chainerx `indexes` of the input's shape.
"""

import numpy

import chainer
import chainerx

from chainer import backend
from chainer import function_node
from chainer.functions.connection import _convolution
from chainer.utils import _checks
from chainer.utils import conv
from chainer.utils import type_check


def _prod(values):
    result = 1
    for value in values:
        result *= value
    return result


spatial_ndim = _convolution.spatial_ndim
fixed_ndim = _convolution.fixed_ndim


class PoolingND(function_node.FunctionNode):
    """Base of the window nodes: the geometry and the type check of a float input `(n, c, *dims)`.

    Args:
        ndim (int): Number of spatial axes.
        ksize (int or tuple of ints): Window size.
        stride (int, tuple of ints or None): Window step (None: ksize).
        pad (int or tuple of ints): Padding on both sides.
        cover_all (bool): Add windows so that every pixel is covered.
    """

    def __init__(self, ndim, ksize, stride=None, pad=0, cover_all=True):
        self.ndim = ndim
        self.ksize = _convolution.as_tuple(ksize, ndim, 'ksize', 1)
        self.stride = (self.ksize if stride is None
                       else _convolution.as_tuple(stride, ndim, 'stride', 1))
        self.pad = _convolution.as_tuple(pad, ndim, 'pad', 0)
        self.cover_all = bool(cover_all)

    @property
    def geometry(self):
        """`(ndim, ksize, stride, pad, cover_all)`: the arguments of a node of the same windows."""
        return self.ndim, self.ksize, self.stride, self.pad, self.cover_all

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        x_type, = in_types
        type_check.expect(x_type.dtype.kind == 'f', x_type.ndim == 2 + self.ndim)

    def out_dims(self, dims):
        """The window positions `outs` along each axis for an image of spatial shape `dims`."""
        return tuple(conv.get_conv_outsize(size, k, s, p, self.cover_all)
                     for size, k, s, p in zip(dims, self.ksize, self.stride, self.pad))

    def image_dims(self, outs, outsize):
        """The image shape for window positions `outs`: `outsize`, or by default the smallest."""
        if outsize is not None:
            return outsize
        return tuple(conv.get_deconv_outsize(out, k, s, p, self.cover_all)
                     for out, k, s, p in zip(outs, self.ksize, self.stride, self.pad))

    def check_outsize(self, x_type, outsize):
        """Type check of a node from windows to an image: `outsize` has windows of x's shape."""
        if outsize is None:
            return
        for i, out in enumerate(self.out_dims(outsize)):
            type_check.expect(x_type.shape[2 + i] == out)

    def col(self, x, pval=0):
        """The windows `(n, c, prod(ksize), *outs)` of a NumPy/CuPy image."""
        col = _convolution.im2col(x, self.ksize, self.stride, self.pad, self.cover_all, pval=pval)
        return col.reshape(x.shape[:2] + (_prod(self.ksize),) + col.shape[2 + self.ndim:])

    def uncol(self, col, dims):
        """Sums windows `(n, c, prod(ksize), *outs)` into a NumPy/CuPy image `(n, c, *dims)`."""
        col = col.reshape(col.shape[:2] + self.ksize + col.shape[3:])
        return _convolution.col2im(col, self.stride, self.pad, dims)

    def per_channel(self, routine, x, *args):
        """`routine(x, kernel of ones, None, stride, pad, *args)` per channel, on chainerx.

        See Note [Native window sums].
        """
        ones = chainerx.ones((1, 1) + self.ksize, x.dtype, x.device)
        planes = x.reshape((x.shape[0] * x.shape[1], 1) + x.shape[2:])
        y = routine(planes, ones, None, self.stride, self.pad, *args)
        return y.reshape(x.shape[:2] + y.shape[2:])


def window_counts(dims, outs, ksize, stride, pad):
    """The number of image pixels (not padding) in each window: NumPy ints of shape `outs`."""
    counts = numpy.ones((), numpy.int64)
    for axis, (size, out, k, s, p) in enumerate(zip(dims, outs, ksize, stride, pad)):
        start = numpy.arange(out) * s - p
        inside = numpy.minimum(start + k, size) - numpy.maximum(start, 0)
        counts = counts * numpy.maximum(inside, 0).reshape((-1,) + (1,) * (len(outs) - axis - 1))
    return counts


class _Divided(PoolingND):
    """Base of WindowSum and WindowSpread: the division of window values by `divisor`.

    `divisor` is None (none), 'size' (the window size) or 'count' (the window's pixels inside the
    image).
    """

    def __init__(self, ndim, ksize, stride=None, pad=0, cover_all=True, divisor=None):
        super().__init__(ndim, ksize, stride, pad, cover_all)
        self.divisor = divisor

    def divide(self, values, dims, outs):
        """`values` (at window positions `outs` of an image of shape `dims`) over the divisor."""
        if self.divisor is None:
            return values
        if self.divisor == 'size':
            return values / _prod(self.ksize)
        counts = window_counts(dims, outs, self.ksize, self.stride, self.pad)
        if isinstance(values, chainerx.ndarray):
            return values / chainerx.array(counts, values.dtype, values.device)
        xp = backend.get_array_module(values)
        return values / xp.asarray(counts, values.dtype)


class WindowSum(_Divided):
    """The sum of each window (divided as `divisor` says): x `(n, c, *dims)` -> `(n, c, *outs)`."""

    def forward_chainerx(self, inputs):
        x, = inputs
        if x.dtype.kind != 'f':
            return chainer.Fallback
        y = self.per_channel(chainerx.conv, x, self.cover_all)
        return self.divide(y, x.shape[2:], y.shape[2:]),

    def forward(self, inputs):
        x, = inputs
        self._dims = x.shape[2:]
        col = self.col(x)
        y = col.sum(axis=2, dtype=numpy.float32 if x.dtype == numpy.float16 else x.dtype)
        return self.divide(y, x.shape[2:], y.shape[2:]).astype(x.dtype, copy=False),

    def backward(self, indexes, grad_outputs):
        spread = WindowSpread(*self.geometry, divisor=self.divisor, outsize=self._dims)
        return spread.apply(grad_outputs)


class WindowSpread(_Divided):
    """Adds each value, divided as `divisor` says, to all pixels of its window: WindowSum's adjoint.

    x `(n, c, *outs)` -> `(n, c, *outsize)`; outsize defaults to the smallest image with windows
    `outs`.
    """

    def __init__(self, ndim, ksize, stride=None, pad=0, cover_all=True, divisor=None, outsize=None):
        super().__init__(ndim, ksize, stride, pad, cover_all, divisor)
        self.outsize = None if outsize is None else _convolution.as_tuple(outsize, ndim, 'outsize')

    def check_type_forward(self, in_types):
        super().check_type_forward(in_types)
        self.check_outsize(in_types[0], self.outsize)

    def forward_chainerx(self, inputs):
        x, = inputs
        if x.dtype.kind != 'f':
            return chainer.Fallback
        dims = self.image_dims(x.shape[2:], self.outsize)
        try:
            values = self.divide(x, dims, x.shape[2:])
            return self.per_channel(chainerx.conv_transpose, values, dims),
        except chainerx.DimensionError:
            return chainer.Fallback  # the type check raises the usual error

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        dims = self.image_dims(x.shape[2:], self.outsize)
        values = self.divide(x, dims, x.shape[2:]).astype(x.dtype, copy=False)
        col = xp.broadcast_to(values[:, :, None], x.shape[:2] + (_prod(self.ksize),) + x.shape[2:])
        return self.uncol(col, dims),

    def backward(self, indexes, grad_outputs):
        return WindowSum(*self.geometry, divisor=self.divisor).apply(grad_outputs)


class _Indexed(PoolingND):
    """Base of WindowGather and WindowScatter: `indexes` `(n, c, *outs)` name a window element."""

    def __init__(self, ndim, ksize, stride, pad, cover_all, indexes, outsize=None):
        super().__init__(ndim, ksize, stride, pad, cover_all)
        if isinstance(indexes, chainer.Variable):
            indexes = indexes.array
        if not _checks.is_array(indexes) or indexes.dtype.kind not in 'iu':
            raise TypeError('indexes must be an integer array, not {}'.format(
                getattr(indexes, 'dtype', type(indexes).__name__)))
        self.indexes = indexes
        self.outsize = None if outsize is None else _convolution.as_tuple(outsize, ndim, 'outsize')

    def native_operands(self, x, windows_shape):
        """The one-hot mask `(n, c, K, *outs)` and identity kernel of Note [Native window sums].

        None where the native form does not apply: non-float x, or indexes that are not a chainerx
        array of shape `windows_shape`.
        """
        indexes = self.indexes
        if (x.dtype.kind != 'f' or not isinstance(indexes, chainerx.ndarray)
                or indexes.shape != windows_shape):
            return None
        taps = _prod(self.ksize)
        positions = chainerx.arange(taps, dtype=indexes.dtype, device=indexes.device)
        onehot = indexes.reshape(indexes.shape[:2] + (1,) + indexes.shape[2:]) == positions.reshape(
            (taps,) + (1,) * self.ndim)
        eye = chainerx.eye(taps, dtype=x.dtype, device=x.device).reshape((taps, 1) + self.ksize)
        return onehot, eye


class WindowGather(_Indexed):
    """The element of each window that `indexes` names: image `(n, c, *dims)` -> `(n, c, *outs)`."""

    def forward_chainerx(self, inputs):
        x, = inputs
        n, c = x.shape[:2]
        operands = self.native_operands(x, (n, c) + self.out_dims(x.shape[2:]))
        if operands is None:
            return chainer.Fallback
        onehot, eye = operands
        planes = x.reshape((n * c, 1) + x.shape[2:])
        col = chainerx.conv(planes, eye, None, self.stride, self.pad, self.cover_all)
        col = col.reshape((n, c) + col.shape[1:])
        return chainerx.where(onehot, col, 0).sum(axis=2),

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        self.outsize = x.shape[2:]
        return xp.take_along_axis(self.col(x), self.indexes[:, :, None], 2)[:, :, 0],

    def backward(self, indexes, grad_outputs):
        return WindowScatter(*self.geometry, self.indexes, self.outsize).apply(grad_outputs)


class WindowScatter(_Indexed):
    """Each value added to the pixel of its window that `indexes` names (WindowGather's adjoint).

    x `(n, c, *outs)` -> `(n, c, *outsize)`; outsize defaults to the smallest image with windows
    `outs`.
    """

    def check_type_forward(self, in_types):
        super().check_type_forward(in_types)
        x_type = in_types[0]
        indexes_shape = type_check.make_variable(tuple(self.indexes.shape), 'indexes.shape')
        type_check.expect(x_type.shape == indexes_shape)
        self.check_outsize(x_type, self.outsize)

    def forward_chainerx(self, inputs):
        x, = inputs
        operands = self.native_operands(x, x.shape)
        if operands is None:
            return chainer.Fallback  # the type check raises the usual error
        onehot, eye = operands
        n, c = x.shape[:2]
        dims = self.image_dims(x.shape[2:], self.outsize)
        col = chainerx.where(onehot, x.reshape((n, c, 1) + x.shape[2:]), 0)
        try:
            y = chainerx.conv_transpose(
                col.reshape((n * c,) + col.shape[2:]), eye, None, self.stride, self.pad, dims)
        except chainerx.DimensionError:
            return chainer.Fallback  # the type check raises the usual error
        return y.reshape((n, c) + dims),

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        positions = xp.arange(_prod(self.ksize)).reshape((-1,) + (1,) * self.ndim)
        col = xp.where(self.indexes[:, :, None] == positions, x[:, :, None], xp.zeros((), x.dtype))
        return self.uncol(col, self.image_dims(x.shape[2:], self.outsize)),

    def backward(self, indexes, grad_outputs):
        return WindowGather(*self.geometry, self.indexes).apply(grad_outputs)
