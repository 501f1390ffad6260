"""N-dimensional im2col/col2im (`chainer.utils.conv` has the 2-d ones and the layout)."""

from typing import Any, Sequence, Tuple, Union

import numpy

from chainer.utils import conv

IntOrTuple = Union[int, Sequence[int]]


def as_tuple(x: IntOrTuple, n: int) -> Tuple[int, ...]:
    """Returns `x` as an n-tuple: a scalar repeated n times, or a sequence of length n as a tuple.

    Raises:
        ValueError: `x` is a sequence whose length is not `n`.
    """
    if hasattr(x, '__getitem__'):
        if len(x) != n:
            raise ValueError('expected {} values, got {!r}'.format(n, x))
        return tuple(x)
    return (x,) * n


def _im2col_nd(xp, img, ksize, stride, pad, pval, cover_all, dilate):
    ndim = img.ndim - 2
    if ndim < 1:
        raise ValueError('im2col_nd takes images of shape (n, c, d_1, ..., d_N), got shape '
                         '{}'.format(img.shape))
    ksize, stride, pad, dilate = (as_tuple(t, ndim) for t in (ksize, stride, pad, dilate))
    outs = tuple(conv.get_conv_outsize(size, k, s, p, cover_all, d)
                 for size, k, s, p, d in zip(img.shape[2:], ksize, stride, pad, dilate))
    return conv._im2col_xp(xp, img, ksize, stride, pad, dilate, outs, pval)


def _col2im_nd(xp, col, stride, pad, dims, dilate):
    ndim = len(dims)
    stride, pad, dilate = (as_tuple(t, ndim) for t in (stride, pad, dilate))
    return conv._col2im_xp(xp, col, stride, pad, tuple(dims), dilate)


def im2col_nd_cpu(img: Any, ksize: Sequence[int], stride: Sequence[int], pad: Sequence[int],
                  pval: Any = 0, cover_all: bool = False, dilate: IntOrTuple = 1) -> Any:
    """Extracts the convolution patches of a NumPy batch of N-d images.

    Args:
        img (numpy.ndarray): Images of shape `(n, c, d_1, ..., d_N)`.
        ksize, stride, pad (int or N-tuple of ints): Kernel size, strides, padding on each side.
        pval: Value of the padding.
        cover_all (bool): As in `chainer.utils.conv.get_conv_outsize`.
        dilate (int or N-tuple of ints): Dilations.

    Returns:
        numpy.ndarray: Patches of shape `(n, c, k_1, ..., k_N, out_1, ..., out_N)`.

    Raises:
        ValueError: A tuple has the wrong length, or an output size is not positive.
    """
    return _im2col_nd(numpy, img, ksize, stride, pad, pval, cover_all, dilate)


def im2col_nd_gpu(img: Any, ksize: Sequence[int], stride: Sequence[int], pad: Sequence[int],
                  cover_all: bool = False, dilate: IntOrTuple = 1) -> Any:
    """`im2col_nd_cpu` for CuPy images (padding value 0); RuntimeError without CuPy."""
    return _im2col_nd(conv._cupy(), img, ksize, stride, pad, 0, cover_all, dilate)


def col2im_nd_cpu(col: Any, stride: Sequence[int], pad: Sequence[int], dims: Sequence[int],
                  dilate: IntOrTuple = 1) -> Any:
    """Sums NumPy patches back into N-d images: the adjoint of `im2col_nd_cpu`.

    Args:
        col (numpy.ndarray): Patches of shape `(n, c, k_1, ..., k_N, out_1, ..., out_N)`.
        stride, pad (int or N-tuple of ints): Strides and padding on each side.
        dims (tuple of ints): Image size `(d_1, ..., d_N)`.
        dilate (int or N-tuple of ints): Dilations.

    Returns:
        numpy.ndarray: Images of shape `(n, c, d_1, ..., d_N)`.
    """
    return _col2im_nd(numpy, col, stride, pad, dims, dilate)


def col2im_nd_gpu(col: Any, stride: Sequence[int], pad: Sequence[int], dims: Sequence[int],
                  dilate: IntOrTuple = 1) -> Any:
    """`col2im_nd_cpu` for CuPy patches; RuntimeError without CuPy."""
    return _col2im_nd(conv._cupy(), col, stride, pad, dims, dilate)
