"""Two-dimensional max pooling: `max_pooling_2d` (the N-d node with two spatial axes)."""

from chainer.functions.pooling.max_pooling_nd import MaxPoolingND
from chainer.functions.pooling.max_pooling_nd import apply


class MaxPooling2D(MaxPoolingND):
    """Max pooling over the two spatial axes of x `(n, c, h, w)` (see :func:`max_pooling_2d`)."""

    def __init__(self, ksize, stride=None, pad=0, cover_all=True, return_indices=False):
        super().__init__(2, ksize, stride, pad, cover_all, return_indices)


def max_pooling_2d(x, ksize, stride=None, pad=0, cover_all=True, return_indices=False):
    """Spatial max pooling function.

    Each output pixel is the maximum of its `ksize` window of the input, padded with -inf.

    Args:
        x (~chainer.Variable or array): Input of shape `(n, c, h, w)`.
        ksize (int or pair of ints): Window size `(kh, kw)`; an int is used for both.
        stride (int, pair of ints or None): Window step; None means ksize.
        pad (int or pair of ints): Padding `(ph, pw)` on both sides.
        cover_all (bool): Add windows so that every input pixel is covered.
        return_indices (bool): Also return the argmax of each window (an integer array of the
            output's shape, indexing the flattened `kh * kw` window), for
            :func:`~chainer.functions.upsampling_2d`.

    Returns:
        ~chainer.Variable or tuple: The output of shape `(n, c, h_O, w_O)`, and with return_indices
        the indexes array.

    Example:
        >>> x = numpy.arange(16, dtype=numpy.float32).reshape(1, 1, 4, 4)
        >>> F.max_pooling_2d(x, 2).array
        array([[[[ 5.,  7.],
                 [13., 15.]]]], dtype=float32)
    """
    return apply(MaxPooling2D(ksize, stride, pad, cover_all, return_indices), x)
