"""Two-dimensional convolution: `convolution_2d` (the N-d node with two spatial axes)."""

from chainer.functions.connection import _convolution
from chainer.functions.connection.convolution_nd import ConvolutionND


class Convolution2DFunction(_convolution.TwoDimensional, ConvolutionND):
    """Two-dimensional convolution of x `(n, c, h, w)` with W `(out, c / groups, kh, kw)`.

    Takes `dilate` and `groups` as keyword arguments, like :func:`convolution_2d`.
    """

    def __init__(self, stride=1, pad=0, cover_all=False, **kwargs):
        super().__init__(stride, pad, cover_all, kwargs)


def convolution_2d(x, W, b=None, stride=1, pad=0, cover_all=False, **kwargs):
    """Two-dimensional convolution function.

    Computes `y[n, o, i, j] = b[o] + sum_{c, p, q} W[o, c, p, q] * x_pad[n, c, i * sy + p * dy,
    j * sx + q * dx]`, where x_pad is x zero-padded by `pad`; the output size per axis is
    `(size + 2 * pad - dilate * (k - 1) - 1) // stride + 1` (rounded up with cover_all).

    Args:
        x (~chainer.Variable or array): Input of shape `(n, c, h, w)`.
        W (~chainer.Variable or array): Kernel of shape `(c_O, c / groups, kh, kw)`.
        b (~chainer.Variable or array): Bias of shape `(c_O,)`, or None.
        stride (int or pair of ints): Stride `(sy, sx)`; an int is used for both.
        pad (int or pair of ints): Zero padding `(ph, pw)` on both sides.
        cover_all (bool): Add windows so that every input pixel is covered.
        dilate (int or pair of ints): Spacing between the kernel taps (keyword only).
        groups (int): Number of channel groups (keyword only).

    Returns:
        ~chainer.Variable: Output of shape `(n, c_O, h_O, w_O)` and the dtype of x.

    Raises:
        ValueError: The retired `deterministic` argument is given.
        TypeError: Another unknown keyword argument is given.

    Example:
        >>> x = numpy.ones((1, 3, 32, 32), numpy.float32)
        >>> W = numpy.ones((8, 3, 3, 3), numpy.float32)
        >>> F.convolution_2d(x, W, stride=1, pad=1).shape
        (1, 8, 32, 32)
    """
    return Convolution2DFunction(stride, pad, cover_all, **kwargs).apply_to(x, W, b)
