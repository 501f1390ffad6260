"""`chainer.links.Deconvolution2D`: a two-dimensional transposed convolution layer."""

from chainer import functions
from chainer.links.connection import _convolution_base


class Deconvolution2D(_convolution_base.ConvolutionBase):
    """A 2-D deconvolution with kernel ``W`` ``(in_channels, out_channels // groups, kh, kw)``.

    Args:
        in_channels (int or None): Input channels (None: from the first input);
            ``Deconvolution2D(out_channels, ksize)`` leaves it None.
        out_channels (int): Output channels.
        ksize (int or pair of ints): Kernel size.
        stride (int or pair of ints): Stride.
        pad (int or pair of ints): Padding removed from the output.
        nobias (bool): No bias.
        outsize (pair of ints): The output size (None: the smallest possible).
        initialW: Initializer of ``W`` (None: LeCunNormal).
        initial_bias: Initializer of ``b`` (None: 0).
        dilate (int or pair of ints): Dilation (keyword only).
        groups (int): Groups of channels (keyword only).
    """

    transposed = True

    def __init__(self, in_channels, out_channels, ksize=None, stride=1, pad=0, nobias=False,
                 outsize=None, initialW=None, initial_bias=None, **kwargs):
        dilate, groups = _convolution_base.parse_dilate_groups(kwargs)
        super().__init__(2, in_channels, out_channels, ksize, stride, pad, nobias, initialW,
                         initial_bias, dilate=dilate, groups=groups)
        self.outsize = outsize

    def _apply(self, x):
        return functions.deconvolution_2d(
            x, self.W, self.b, self.stride, self.pad, self.outsize, dilate=self.dilate,
            groups=self.groups)
