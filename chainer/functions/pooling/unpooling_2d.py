"""Two-dimensional unpooling: `unpooling_2d` (the N-d node with two spatial axes)."""

from chainer.functions.pooling.unpooling_nd import UnpoolingND


class Unpooling2D(UnpoolingND):
    """Unpooling over the two spatial axes of x `(n, c, h, w)` (see :func:`unpooling_2d`)."""

    def __init__(self, ksize, stride=None, pad=0, outsize=None, cover_all=True):
        super().__init__(2, ksize, stride, pad, outsize, cover_all)


def unpooling_2d(x, ksize, stride=None, pad=0, outsize=None, cover_all=True):
    """Inverse operation of pooling for 2d array.

    Each input pixel is copied to every pixel of its `ksize` window of the output; where windows
    overlap the copies add up, and the padding is cut off.

    Args:
        x (~chainer.Variable or array): Input of shape `(n, c, h, w)`.
        ksize (int or pair of ints): Window size `(kh, kw)`.
        stride (int, pair of ints or None): Window step; None means ksize.
        pad (int or pair of ints): Padding `(ph, pw)` cut off both sides of the output.
        outsize (None or pair of ints): Output size `(h_O, w_O)`; by default the smallest one whose
            pooling (with cover_all) has x's size.
        cover_all (bool): Whether the pooling this inverts used cover_all.

    Returns:
        ~chainer.Variable: Output of shape `(n, c, h_O, w_O)`.

    Example:
        >>> x = numpy.array([[[[1, 2], [3, 4]]]], numpy.float32)
        >>> F.unpooling_2d(x, 2, cover_all=False).array
        array([[[[1., 1., 2., 2.],
                 [1., 1., 2., 2.],
                 [3., 3., 4., 4.],
                 [3., 3., 4., 4.]]]], dtype=float32)
    """
    return Unpooling2D(ksize, stride, pad, outsize, cover_all).apply((x,))[0]
