"""`chainer.links.DepthwiseConvolution2D`: a depthwise two-dimensional convolution layer."""

from chainer import functions
from chainer import link
from chainer.links.connection import _util
from chainer.utils import conv_nd


class DepthwiseConvolution2D(link.Link):
    """Convolves each input channel with its own `channel_multiplier` filters.

    Holds ``W`` of shape ``(channel_multiplier, in_channels, kh, kw)`` and ``b`` of shape
    ``(in_channels * channel_multiplier,)``; with `in_channels` None both are created at the
    first call from ``x.shape[1]``.

    Args:
        in_channels (int or None): Input channels.
        channel_multiplier (int): Filters per input channel.
        ksize (int or pair of ints): Kernel size.
        stride (int or pair of ints): Stride.
        pad (int or pair of ints): Zero padding.
        nobias (bool): No bias.
        initialW: Initializer of ``W`` (None: LeCunNormal).
        initial_bias: Initializer of ``b`` (None: 0).
    """

    def __init__(self, in_channels, channel_multiplier, ksize, stride=1, pad=0, nobias=False,
                 initialW=None, initial_bias=None):
        super().__init__()
        _util.check_size('in_channels', in_channels, allow_none=True)
        _util.check_size('channel_multiplier', channel_multiplier)
        self.in_channels = in_channels
        self.channel_multiplier = channel_multiplier
        self.ksize = ksize
        self.stride = stride
        self.pad = pad
        self.nobias = nobias
        _util.add_weight(self, 'W', initialW)
        _util.add_bias(self, nobias, initial_bias, None)
        if in_channels is not None:
            self._initialize_params(in_channels)

    def _initialize_params(self, in_channels):
        self.in_channels = in_channels
        self.W.initialize((self.channel_multiplier, in_channels) + conv_nd.as_tuple(self.ksize, 2))
        if self.b is not None:
            self.b.initialize((in_channels * self.channel_multiplier,))

    @property
    def printable_specs(self):
        for name in ('in_channels', 'channel_multiplier', 'ksize', 'stride', 'pad'):
            yield name, getattr(self, name)
        yield 'nobias', self.nobias

    def forward(self, x):
        """Applies the convolution to `x` of shape ``(n, in_channels, h, w)``."""
        if self.W.array is None:
            self._initialize_params(x.shape[1])
        return functions.depthwise_convolution_2d(
            x, self.W, self.b, self.stride, self.pad)
