"""`chainer.links.DeformableConvolution2D`: a convolution whose taps move by learnt offsets."""

from chainer import link
from chainer.functions.connection import _convolution
from chainer.functions.connection.deformable_convolution_2d_sampler import \
    deformable_convolution_2d_sampler
from chainer.links.connection import _util
from chainer.links.connection import convolution_2d
from chainer.utils import _checks


def _geometry(ksize, stride, pad):
    """(ksize, stride, pad) as pairs of ints; TypeError/ValueError as the functions raise."""
    return (_convolution.as_tuple(ksize, 2, 'ksize', 1),
            _convolution.as_tuple(stride, 2, 'stride', 1),
            _convolution.as_tuple(pad, 2, 'pad', 0))


class DeformableConvolution2DSampler(link.Link):
    """The kernel ``W`` and bias ``b`` of a deformable convolution that is given its offsets.

    Applies :func:`~chainer.functions.deformable_convolution_2d_sampler` to ``(x, offset)``.

    Args:
        in_channels (int or None): Input channels (None: from the first input's ``x.shape[1]``).
        out_channels (int): Output channels.
        ksize (int or pair of ints): Kernel size ``(kh, kw)``.
        stride (int or pair of ints): Stride.
        pad (int or pair of ints): Zero padding.
        nobias (bool): No bias (``b`` is None).
        initialW: Initializer of ``W`` ``(out_channels, in_channels, kh, kw)`` (None: LeCunNormal).
        initial_bias: Initializer of ``b`` (None: 0).

    Raises:
        TypeError: A size is not an int.
        ValueError: A channel count or a padding is negative, or a kernel size or a stride is
            not positive.
    """

    def __init__(self, in_channels, out_channels, ksize, stride=1, pad=0, nobias=False,
                 initialW=None, initial_bias=None):
        super().__init__()
        _util.check_size('in_channels', in_channels, allow_none=True)
        _util.check_size('out_channels', out_channels)
        self.ksize, self.stride, self.pad = _geometry(ksize, stride, pad)
        self.in_channels = in_channels
        self.out_channels = out_channels
        _util.add_weight(self, 'W', initialW)
        if in_channels is not None:
            self._initialize_params(in_channels)
        _util.add_bias(self, nobias, initial_bias, out_channels)

    def _initialize_params(self, in_channels):
        self.in_channels = in_channels
        self.W.initialize((self.out_channels, in_channels) + self.ksize)

    @property
    def printable_specs(self):
        for name in ('in_channels', 'out_channels', 'ksize', 'stride', 'pad'):
            yield name, getattr(self, name)
        yield 'nobias', self.b is None

    def forward(self, x, offset):
        """Applies the deformable convolution to `x` ``(n, in_channels, h, w)`` with `offset`
        ``(n, 2 kh kw, out_h, out_w)``."""
        if self.W.array is None:
            _checks.check_array(x)
            self._initialize_params(x.shape[1])
        return deformable_convolution_2d_sampler(x, offset, self.W, self.b, self.stride, self.pad)


class DeformableConvolution2D(link.Chain):
    """A deformable convolution layer whose offsets are a convolution of its input.

    Dai et al., Deformable Convolutional Networks (ICCV 2017). The child ``offset_conv``, a
    :class:`~chainer.links.Convolution2D` with ``2 kh kw`` output channels and the layer's
    kernel size, stride and padding, computes the offsets of every tap from x (zero at first:
    its kernel and bias start at 0 unless given, as in the original, so the layer starts as a
    plain convolution); the child ``deform_conv`` (:class:`DeformableConvolution2DSampler`)
    holds the kernel ``W`` and the bias ``b`` that convolve the samples.

    Args:
        in_channels (int or None): Input channels (None: from the first input).
        out_channels (int): Output channels.
        ksize (int or pair of ints): Kernel size ``(kh, kw)``.
        stride (int or pair of ints): Stride.
        pad (int or pair of ints): Zero padding.
        offset_nobias (bool): The offset convolution has no bias.
        offset_initialW: Initializer of the offset convolution's kernel (None: 0).
        offset_initial_bias: Initializer of its bias (None: 0).
        deform_nobias (bool): The deformable convolution has no bias.
        deform_initialW: Initializer of its kernel (None: LeCunNormal).
        deform_initial_bias: Initializer of its bias (None: 0).

    Raises:
        TypeError: A size is not an int.
        ValueError: A channel count or a padding is negative, or a kernel size or a stride is
            not positive.

    Example:
        >>> layer = chainer.links.DeformableConvolution2D(3, 8, 3, pad=1)
        >>> layer(numpy.zeros((2, 3, 16, 16), numpy.float32)).shape
        (2, 8, 16, 16)
    """

    def __init__(self, in_channels, out_channels, ksize, stride=1, pad=0, offset_nobias=False,
                 offset_initialW=None, offset_initial_bias=None, deform_nobias=False,
                 deform_initialW=None, deform_initial_bias=None):
        super().__init__()
        ksize, stride, pad = _geometry(ksize, stride, pad)
        if offset_initialW is None:
            offset_initialW = 0
        with self.init_scope():
            self.offset_conv = convolution_2d.Convolution2D(
                in_channels, 2 * ksize[0] * ksize[1], ksize, stride, pad, offset_nobias,
                offset_initialW, offset_initial_bias)
            self.deform_conv = DeformableConvolution2DSampler(
                in_channels, out_channels, ksize, stride, pad, deform_nobias, deform_initialW,
                deform_initial_bias)

    def forward(self, x):
        """Applies the layer to `x` ``(n, in_channels, h, w)``."""
        return self.deform_conv(x, self.offset_conv(x))
