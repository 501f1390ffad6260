"""F.im2col: the convolution patches of an image batch, as channels.

Note [im2col on chainerx]: chainerx has im2col only inside its convolution kernels. The patches are
still gathered natively: zero padding is a concatenation with zero blocks, each kernel offset
(ky, kx) is one strided basic slice of the padded image, and the kh * kw slices are stacked. All of
these record their backward in C++ (path 1 of Note [Native paths] in chainer/function_node.py), so
the gradient (col2im, a sum of the overlapping patches) and its gradient stay on chainerx. NumPy and
CuPy use chainer.utils.conv (Im2Col, and Col2Im for the backward; each is the adjoint of the other).
"""

import collections.abc

import numpy

import chainerx

from chainer import backend
from chainer import function_node
from chainer.functions.array import _routine
from chainer.functions.array.depth2space import expect_float_images
from chainer.utils import _checks
from chainer.utils import conv


def _pair(value, name):
    """An int or a pair of ints as a pair of ints (TypeError otherwise)."""
    if _routine.is_int(value):
        return int(value), int(value)
    is_sequence = isinstance(value, (collections.abc.Sequence, numpy.ndarray))
    pair = tuple(value) if is_sequence and len(value) == 2 else ()
    if len(pair) != 2 or not all(_routine.is_int(v) for v in pair):
        raise TypeError('{} must be an int or a pair of ints, not {!r}'.format(name, value))
    return int(pair[0]), int(pair[1])


def _zero_pad_chainerx(x, axis, before, after):
    """`x` with `before` and `after` zeros along `axis`, by a (differentiable) concatenation."""
    if not (before or after):
        return x

    def zeros(width):
        shape = x.shape[:axis] + (width,) + x.shape[axis + 1:]
        return [chainerx.zeros(shape, x.dtype, device=x.device)] if width else []

    return chainerx.concatenate(zeros(before) + [x] + zeros(after), axis)


class Im2Col(function_node.FunctionNode):
    """(N, C, H, W) -> (N, C * kh * kw, out_h, out_w); channel `(c * kh + ky) * kw + kx`."""

    def __init__(self, ksize, stride, pad, cover_all, dilate):
        self.args = ksize, stride, pad, cover_all, dilate
        self.kh, self.kw = ksize
        self.sy, self.sx = stride
        self.ph, self.pw = pad
        self.cover_all = cover_all
        self.dy, self.dx = dilate

    def check_type_forward(self, in_types):
        expect_float_images(in_types, 'x')

    def _out_size(self, h, w):
        return (conv.get_conv_outsize(h, self.kh, self.sy, self.ph, self.cover_all, self.dy),
                conv.get_conv_outsize(w, self.kw, self.sx, self.pw, self.cover_all, self.dx))

    def forward_chainerx(self, inputs):
        x, = inputs
        if x.dtype.kind != 'f' or x.ndim != 4:
            return function_node.Fallback  # the type check raises the original's error
        n, c, h, w = x.shape
        out_h, out_w = self._out_size(h, w)
        if out_h <= 0 or out_w <= 0:
            return function_node.Fallback  # chainer.utils.conv raises the ValueError
        geometry = ((h, self.kh, self.sy, self.ph, self.dy, out_h),
                    (w, self.kw, self.sx, self.pw, self.dx, out_w))
        padded = [max(size + p, conv._last_read(out, k, s, d))
                  for size, k, s, p, d, out in geometry]
        try:
            _checks.check_size([n, c] + padded, x.dtype.itemsize)
            _checks.check_size((n, c * self.kh * self.kw, out_h, out_w), x.dtype.itemsize)
        except ValueError:
            return function_node.Fallback  # chainer.utils.conv raises it
        for axis, (size, k, s, p, d, out) in enumerate(geometry, 2):
            x = _zero_pad_chainerx(x, axis, p, max(0, conv._last_read(out, k, s, d) - size - p))
        patches = [x[:, :, conv._window(ky, out_h, self.sy, self.dy),
                     conv._window(kx, out_w, self.sx, self.dx)]
                   for ky in range(self.kh) for kx in range(self.kw)]
        col = chainerx.stack(patches, 2)
        return col.reshape(n, c * self.kh * self.kw, out_h, out_w),

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        xp = backend.get_array_module(x)
        im2col = conv.im2col_cpu if xp is numpy else conv.im2col_gpu
        col = im2col(x, self.kh, self.kw, self.sy, self.sx, self.ph, self.pw,
                     cover_all=self.cover_all, dy=self.dy, dx=self.dx)
        n, c, kh, kw, out_h, out_w = col.shape
        return col.reshape(n, c * kh * kw, out_h, out_w),

    def backward(self, indexes, grad_outputs):
        return Col2Im(self._in_shape, self.args).apply(grad_outputs)


class Col2Im(function_node.FunctionNode):
    """The adjoint of Im2Col: sums the patches back into images of `in_shape`."""

    def __init__(self, in_shape, im2col_args):
        self.in_shape = in_shape
        self.im2col_args = im2col_args

    def forward(self, inputs):
        gy, = inputs
        (kh, kw), (sy, sx), (ph, pw), _, (dy, dx) = self.im2col_args
        n, c, h, w = self.in_shape
        col = gy.reshape((n, c, kh, kw) + gy.shape[2:])
        xp = backend.get_array_module(gy)
        col2im = conv.col2im_cpu if xp is numpy else conv.col2im_gpu
        return col2im(col, sy, sx, ph, pw, h, w, dy, dx),

    def backward(self, indexes, grad_outputs):
        return Im2Col(*self.im2col_args).apply(grad_outputs)


def im2col(x, ksize, stride=1, pad=0, cover_all=False, dilate=1):
    """Extracts the patches of a convolution from an image batch, as channels.

    Output pixel (i, j) holds, in channel `(c * kh + ky) * kw + kx`, the input pixel
    `(i * sy + ky * dy - ph, j * sx + kx * dx - pw)` of channel c (zero outside the image), so a
    convolution is a matrix product with this array.

    Args:
        x (~chainer.Variable or array): Float images of shape (N, C, H, W).
        ksize (int or pair of ints): Kernel size (kh, kw); an int means (k, k).
        stride (int or pair of ints): Strides (sy, sx).
        pad (int or pair of ints): Zero padding on each side (ph, pw).
        cover_all (bool): Add windows so that every pixel is covered (as in convolution_2d).
        dilate (int or pair of ints): Dilation of the kernel (dy, dx).

    Returns:
        ~chainer.Variable: Patches of shape (N, C * kh * kw, out_h, out_w), out_h and out_w as
        given by :func:`chainer.utils.conv.get_conv_outsize`.

    Raises:
        TypeError: If a size argument is not an int or a pair of ints.
        ValueError: If a size argument is not positive (ksize, stride, dilate) or is negative
            (pad), or the output would be empty.
        ~chainer.utils.type_check.InvalidType: If `x` is not a float 4-d array.

    Example:
        >>> F.im2col(numpy.ones((1, 2, 4, 4), numpy.float32), 3, pad=1).shape
        (1, 18, 4, 4)
    """
    sizes = {'ksize': _pair(ksize, 'ksize'), 'stride': _pair(stride, 'stride'),
             'pad': _pair(pad, 'pad'), 'dilate': _pair(dilate, 'dilate')}
    for name, pair in sizes.items():
        if min(pair) < (0 if name == 'pad' else 1):
            raise ValueError('{} must be {}, not {}'.format(
                name, 'non-negative' if name == 'pad' else 'positive', pair))
    node = Im2Col(sizes['ksize'], sizes['stride'], sizes['pad'], bool(cover_all),
                  sizes['dilate'])
    return _routine.apply_fast(node, (x,))[0]
