"""`chainer.links.DilatedConvolution2D`: a two-dimensional dilated convolution layer."""

from chainer import functions
from chainer.links.connection import _convolution_base


class DilatedConvolution2D(_convolution_base.ConvolutionBase):
    """A 2-D convolution with dilated kernel ``W`` ``(out_channels, in_channels, kh, kw)``.

    Args:
        in_channels (int or None): Input channels (None: from the first input);
            ``DilatedConvolution2D(out_channels, ksize)`` leaves it None.
        out_channels (int): Output channels.
        ksize (int or pair of ints): Kernel size.
        stride (int or pair of ints): Stride.
        pad (int or pair of ints): Zero padding.
        dilate (int or pair of ints): Dilation.
        nobias (bool): No bias.
        initialW: Initializer of ``W`` (None: LeCunNormal).
        initial_bias: Initializer of ``b`` (None: 0).
    """

    def __init__(self, in_channels, out_channels, ksize=None, stride=1, pad=0, dilate=1,
                 nobias=False, initialW=None, initial_bias=None):
        super().__init__(2, in_channels, out_channels, ksize, stride, pad, nobias, initialW,
                         initial_bias, dilate=dilate)

    def _apply(self, x):
        return functions.dilated_convolution_2d(
            x, self.W, self.b, self.stride, self.pad, self.dilate)
