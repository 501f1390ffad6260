"""Two-dimensional transposed convolution: `deconvolution_2d` (the N-d node with 2 spatial axes)."""

from chainer.functions.connection import _convolution
from chainer.functions.connection.deconvolution_nd import DeconvolutionND
from chainer.utils import argument


class Deconvolution2DFunction(DeconvolutionND):
    """Two-dimensional transposed convolution of x `(n, c, h, w)` with W `(c, out / groups, *k)`.

    Takes `dilate` and `groups` as keyword arguments, like :func:`deconvolution_2d`.
    """

    def __init__(self, stride=1, pad=0, outsize=None, **kwargs):
        dilate, groups = 1, 1
        if kwargs:
            dilate, groups = argument.parse_kwargs(
                kwargs, ('dilate', 1), ('groups', 1),
                deterministic=_convolution.DETERMINISTIC_MESSAGE)
        super().__init__(2, stride, pad, outsize, dilate, groups)


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
        dilate (int or pair of ints): Spacing between the kernel taps (keyword only).
        groups (int): Number of channel groups (keyword only).

    Returns:
        ~chainer.Variable: Output of shape `(n, c_O, h_O, w_O)` and the dtype of x.

    Raises:
        ValueError: The retired `deterministic` argument is given.
        TypeError: Another unknown keyword argument is given.
    """
    fnode = Deconvolution2DFunction(stride, pad, outsize, **kwargs)
    args = (x, W) if b is None else (x, W, b)
    return fnode.apply(args)[0]
