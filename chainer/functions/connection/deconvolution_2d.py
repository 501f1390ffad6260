"""Two-dimensional transposed convolution: `deconvolution_2d` (the N-d node with 2 spatial axes)."""

from chainer.functions.connection import _convolution
from chainer.functions.connection.deconvolution_nd import DeconvolutionND


class Deconvolution2DFunction(_convolution.TwoDimensional, DeconvolutionND):
    """Two-dimensional transposed convolution of x `(n, c, h, w)` with W `(c, out / groups, *k)`.

    Takes `dilate` and `groups` as keyword arguments, like :func:`deconvolution_2d`.
    """

    def __init__(self, stride=1, pad=0, outsize=None, **kwargs):
        super().__init__(stride, pad, outsize, kwargs)


def deconvolution_2d(x, W, b=None, stride=1, pad=0, outsize=None, **kwargs):
    """Two-dimensional transposed convolution (deconvolution) function.

    The adjoint of :func:`~chainer.functions.convolution_2d` with respect to its input.

    Args:
        x (~chainer.Variable or array): Input of shape `(n, c, h, w)`.
        W (~chainer.Variable or array): Kernel of shape `(c, c_O / groups, kh, kw)`.
        b (~chainer.Variable or array): Bias of shape `(c_O,)`, or None.
        stride (int or pair of ints): Stride `(sy, sx)`.
        pad (int or pair of ints): Padding `(ph, pw)` removed from both sides of the output.
        outsize (None or pair of ints): Output size `(h_O, w_O)`; by default
            `stride * (size - 1) + dilate * (k - 1) + 1 - 2 * pad` per axis.
        dilate, groups: Keyword only, as in :func:`~chainer.functions.convolution_2d`.

    Returns:
        ~chainer.Variable: The output `(n, c_O, h_O, w_O)`, of the dtype of x.

    Raises:
        ValueError, TypeError: For the keyword arguments, as in
            :func:`~chainer.functions.convolution_2d`.
    """
    return Deconvolution2DFunction(stride, pad, outsize, **kwargs).apply_to(x, W, b)
