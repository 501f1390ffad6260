"""Two-dimensional average pooling: `average_pooling_2d` (padding counts as zeros)."""

from chainer.functions.pooling.average_pooling_nd import AveragePoolingND


class AveragePooling2D(AveragePoolingND):
    """Average pooling over the two spatial axes of x `(n, c, h, w)`; padding counts as zeros."""

    def __init__(self, ksize, stride=None, pad=0):
        super().__init__(2, ksize, stride, pad, 0)


def average_pooling_2d(x, ksize, stride=None, pad=0):
    """Spatial average pooling function.

    Each output pixel is the mean of its `ksize` window of the input; the padding counts as zeros,
    so every window is divided by `kh * kw`.

    Args:
        x (~chainer.Variable or array): Input of shape `(n, c, h, w)`.
        ksize (int or pair of ints): Window size `(kh, kw)`; an int is used for both.
        stride (int, pair of ints or None): Window step; None means ksize.
        pad (int or pair of ints): Zero padding `(ph, pw)` on both sides.

    Returns:
        ~chainer.Variable: Output of shape `(n, c, (h + 2 * ph - kh) // sy + 1, (w + 2 * pw - kw) //
        sx + 1)`.

    Example:
        >>> x = numpy.arange(16, dtype=numpy.float32).reshape(1, 1, 4, 4)
        >>> F.average_pooling_2d(x, 2).array
        array([[[[ 2.5,  4.5],
                 [10.5, 12.5]]]], dtype=float32)
    """
    return AveragePooling2D(ksize, stride, pad).apply((x,))[0]
