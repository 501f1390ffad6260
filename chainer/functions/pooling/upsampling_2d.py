"""Upsampling with indexes: `upsampling_2d` (the inverse of max_pooling_2d with return_indices)."""

from chainer.functions.pooling import _window


class Upsampling2D(_window.WindowScatter):
    """Each input pixel placed at the position of its window that `indexes` names."""

    def __init__(self, indexes, ksize, stride=None, pad=0, outsize=None, cover_all=True):
        super().__init__(2, ksize, stride, pad, cover_all, indexes, outsize)


def upsampling_2d(x, indexes, ksize, stride=None, pad=0, outsize=None, cover_all=True):
    """Upsampling using pooling indices.

    The inverse of :func:`~chainer.functions.max_pooling_2d` with `return_indices=True`: each input
    pixel is placed at the position within its `ksize` window that `indexes` names (the flattened
    window index); the other pixels are zero, overlapping windows add up, and the padding is cut
    off.

    Args:
        x (~chainer.Variable or array): Input of shape `(n, c, h, w)`.
        indexes (array): Integer window indexes of x's shape, as max_pooling_2d returns them.
        ksize, stride, pad, outsize, cover_all: The windows and the output size, as in
            :func:`~chainer.functions.unpooling_2d`.

    Returns:
        ~chainer.Variable: Output of shape `(n, c, h_O, w_O)`.

    Example:
        >>> x = numpy.array([[[[1, 5], [2, 0]]]], numpy.float32)
        >>> y, indexes = F.max_pooling_2d(x, 2, return_indices=True)
        >>> F.upsampling_2d(y, indexes, 2, outsize=(2, 2)).array
        array([[[[0., 5.],
                 [0., 0.]]]], dtype=float32)
    """
    return Upsampling2D(indexes, ksize, stride, pad, outsize, cover_all).apply((x,))[0]
