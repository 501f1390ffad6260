"""N-dimensional unpooling: `unpooling_nd`, `unpooling_1d`, `unpooling_3d`."""

from chainer.functions.pooling import _window


class UnpoolingND(_window.WindowSpread):
    """Each input element copied to every pixel of its window (overlaps add up): unpooling.

    Args:
        ndim (int): Number of spatial axes.
        ksize, stride, pad, outsize, cover_all: The windows (see :func:`unpooling_nd`).
    """

    def __init__(self, ndim, ksize, stride=None, pad=0, outsize=None, cover_all=True):
        super().__init__(ndim, ksize, stride, pad, cover_all, None, outsize)


def unpooling_nd(x, ksize, stride=None, pad=0, outsize=None, cover_all=True):
    """Inverse operation of N-dimensional spatial pooling.

    Each input element is copied to every element of its `ksize` window of the output; where windows
    overlap (stride smaller than ksize) the copies add up, and the padding is cut off.

    Args:
        x (~chainer.Variable or array): Input of shape `(n, c, d_1, ..., d_N)`.
        ksize (int or tuple of ints): Window size, for every axis or per axis.
        stride (int, tuple of ints or None): Window step; None means ksize.
        pad (int or tuple of ints): Padding cut off both sides of the output.
        outsize (None or tuple of ints): Spatial output shape; by default the smallest one whose
            pooling (with cover_all) has x's spatial shape.
        cover_all (bool): Whether the pooling this inverts used cover_all.

    Returns:
        ~chainer.Variable: Output of shape `(n, c, *outsize)`.
    """
    ndim = _window.spatial_ndim(x)
    return UnpoolingND(ndim, ksize, stride, pad, outsize, cover_all).apply((x,))[0]


unpooling_1d = _window.fixed_ndim(unpooling_nd, 1)
unpooling_3d = _window.fixed_ndim(unpooling_nd, 3)
