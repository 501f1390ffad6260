"""`chainer.links.Convolution2D`: a two-dimensional convolution layer."""

from chainer import functions
from chainer.links.connection import _convolution_base


class Convolution2D(_convolution_base.ConvolutionBase):
    """A 2-D convolution layer with kernel ``W`` ``(out_channels, in_channels // groups, kh, kw)``.

    Args:
        in_channels (int or None): Input channels (None: from the first input).
            ``Convolution2D(out_channels, ksize)`` is ``Convolution2D(None, out_channels, ksize)``.
        out_channels (int): Output channels.
        ksize (int or pair of ints): Kernel size.
        stride (int or pair of ints): Stride.
        pad (int or pair of ints): Zero padding.
        nobias (bool): No bias (``b`` is None).
        initialW: Initializer of ``W`` (None: LeCunNormal).
        initial_bias: Initializer of ``b`` (None: 0).
        dilate (int or pair of ints): Dilation (keyword only).
        groups (int): Groups of channels convolved separately (keyword only).

    Raises:
        ValueError: If a channel count is not divisible by `groups`, or for the retired
            ``deterministic`` argument.
        TypeError: For another unknown keyword argument.

    Example:
        >>> conv = chainer.links.Convolution2D(None, 8, 3, pad=1)
        >>> y = conv(numpy.zeros((1, 3, 32, 32), numpy.float32))   # y.shape == (1, 8, 32, 32)
    """

    def __init__(self, in_channels, out_channels, ksize=None, stride=1, pad=0, nobias=False,
                 initialW=None, initial_bias=None, **kwargs):
        dilate, groups = _convolution_base.parse_dilate_groups(kwargs)
        super().__init__(2, in_channels, out_channels, ksize, stride, pad, nobias, initialW,
                         initial_bias, dilate=dilate, groups=groups)

    def _apply(self, x):
        return functions.convolution_2d(
            x, self.W, self.b, self.stride, self.pad, dilate=self.dilate, groups=self.groups)
