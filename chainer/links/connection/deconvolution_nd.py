"""`chainer.links.DeconvolutionND`, `Deconvolution1D`, `Deconvolution3D`: N-d deconvolutions."""

from chainer import functions
from chainer.links.connection import _convolution_base


class DeconvolutionND(_convolution_base.ConvolutionBase):
    """An N-d deconvolution with kernel ``W`` ``(in_channels, out_channels // groups) + ksize``.

    Args:
        ndim (int): The number of spatial dimensions.
        in_channels (int or None): Input channels (None: from the first input);
            ``DeconvolutionND(ndim, out_channels, ksize)`` leaves it None.
        out_channels (int): Output channels.
        ksize (int or tuple of ints): Kernel size.
        stride (int or tuple of ints): Stride.
        pad (int or tuple of ints): Padding removed from the output.
        nobias (bool): No bias.
        outsize (tuple of ints): The output size (None: the smallest possible).
        initialW: Initializer of ``W`` (None: LeCunNormal).
        initial_bias: Initializer of ``b`` (None: 0).
        dilate (int or tuple of ints): Dilation.
        groups (int): Groups of channels.
    """

    transposed = True

    def __init__(self, ndim, in_channels, out_channels, ksize=None, stride=1, pad=0,
                 nobias=False, outsize=None, initialW=None, initial_bias=None, dilate=1,
                 groups=1):
        super().__init__(ndim, in_channels, out_channels, ksize, stride, pad, nobias, initialW,
                         initial_bias, dilate=dilate, groups=groups)
        self.ndim = ndim
        self.outsize = outsize

    def _apply(self, x):
        return functions.deconvolution_nd(
            x, self.W, self.b, self.stride, self.pad, outsize=self.outsize, dilate=self.dilate,
            groups=self.groups)


Deconvolution1D = _convolution_base.fixed_ndim(DeconvolutionND, 1, 'Deconvolution1D')
Deconvolution3D = _convolution_base.fixed_ndim(DeconvolutionND, 3, 'Deconvolution3D')
