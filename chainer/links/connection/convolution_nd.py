"""`chainer.links.ConvolutionND`, `Convolution1D`, `Convolution3D`: N-d convolution layers."""

from chainer import functions
from chainer.links.connection import _convolution_base


class ConvolutionND(_convolution_base.ConvolutionBase):
    """An N-d convolution layer with kernel ``W`` ``(out_channels, in_channels // groups) + ksize``.

    Args:
        ndim (int): The number of spatial dimensions.
        in_channels (int or None): Input channels (None: from the first input);
            ``ConvolutionND(ndim, out_channels, ksize)`` leaves it None.
        out_channels (int): Output channels.
        ksize (int or tuple of ints): Kernel size.
        stride (int or tuple of ints): Stride.
        pad (int or tuple of ints): Zero padding.
        nobias (bool): No bias.
        initialW: Initializer of ``W`` (None: LeCunNormal).
        initial_bias: Initializer of ``b`` (None: 0).
        cover_all (bool): Add windows so that every input element is covered.
        dilate (int or tuple of ints): Dilation.
        groups (int): Groups of channels convolved separately.
    """

    def __init__(self, ndim, in_channels, out_channels, ksize=None, stride=1, pad=0,
                 nobias=False, initialW=None, initial_bias=None, cover_all=False, dilate=1,
                 groups=1):
        super().__init__(ndim, in_channels, out_channels, ksize, stride, pad, nobias, initialW,
                         initial_bias, dilate=dilate, groups=groups)
        self.ndim = ndim
        self.cover_all = cover_all

    def _apply(self, x):
        return functions.convolution_nd(
            x, self.W, self.b, self.stride, self.pad, cover_all=self.cover_all,
            dilate=self.dilate, groups=self.groups)


Convolution1D = _convolution_base.fixed_ndim(ConvolutionND, 1, 'Convolution1D')
Convolution3D = _convolution_base.fixed_ndim(ConvolutionND, 3, 'Convolution3D')
