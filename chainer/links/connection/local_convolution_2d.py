"""`chainer.links.LocalConvolution2D`: a locally-connected (unshared) 2-D convolution layer."""

from chainer import functions
from chainer import link
from chainer.links.connection import _util
from chainer.utils import conv


def _pair(name, value):
    """`value` as a pair of ints (an int `v` means `(v, v)`); TypeError/ValueError otherwise."""
    pair = tuple(value) if isinstance(value, (tuple, list)) else (value, value)
    if len(pair) != 2:
        raise ValueError('{} must be an int or a pair of ints, got {!r}'.format(name, value))
    for item in pair:
        _util.check_size(name, item)
    return pair


class LocalConvolution2D(link.Link):
    """A 2-D locally-connected layer: a convolution whose kernel differs at every output pixel.

    The layer holds ``W`` of shape ``(out_channels, out_h, out_w, in_channels, kh, kw)`` and ``b``
    of shape ``(out_channels, out_h, out_w)`` and applies
    :func:`~chainer.functions.local_convolution_2d` (no padding). The output size follows from
    the input size: ``out_h = (h - kh) // sy + 1`` (likewise ``out_w``), so the layer only takes
    inputs of the size it was built for.

    Args:
        in_channels (int or None): Input channels. None (or `in_size` None) leaves ``W`` and ``b``
            uninitialised until the first call, which reads the channels and the size from
            ``x.shape[1:]``.
        out_channels (int): Output channels.
        in_size (int or pair of ints or None): Input height and width.
        ksize (int or pair of ints): Kernel size ``(kh, kw)``.
        stride (int or pair of ints): Stride ``(sy, sx)``.
        nobias (bool): No bias (``b`` is None).
        initialW: Initializer of ``W`` (None: LeCunNormal).
        initial_bias: Initializer of ``b`` (None: 0).

    Raises:
        TypeError: If `ksize` is None or a size is not an int.
        ValueError: If a size is negative (the stride: not positive), or the kernel is larger than
            the input.

    Example:
        >>> l = chainer.links.LocalConvolution2D(3, 8, in_size=6, ksize=3)
        >>> l.W.shape
        (8, 4, 4, 3, 3, 3)
        >>> l(numpy.zeros((2, 3, 6, 6), numpy.float32)).shape
        (2, 8, 4, 4)
    """

    def __init__(self, in_channels, out_channels, in_size=None, ksize=None, stride=1,
                 nobias=False, initialW=None, initial_bias=None):
        super().__init__()
        if ksize is None:
            raise TypeError('LocalConvolution2D needs ksize')
        _util.check_size('in_channels', in_channels, allow_none=True)
        _util.check_size('out_channels', out_channels)
        self.ksize = _pair('ksize', ksize)
        self.stride = _pair('stride', stride)
        if 0 in self.stride:
            raise ValueError('stride must be positive, got {!r}'.format(stride))
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.in_size = None if in_size is None else _pair('in_size', in_size)
        _util.add_weight(self, 'W', initialW)
        _util.add_bias(self, nobias, initial_bias, None)
        if in_channels is not None and in_size is not None:
            self._initialize_params(in_channels, self.in_size)

    def _initialize_params(self, in_channels, in_size):
        """Initialises ``W`` and ``b`` for inputs of `in_channels` channels and size `in_size`."""
        if any(size < k for size, k in zip(in_size, self.ksize)):
            raise ValueError('the kernel {} is larger than the input {}'.format(
                self.ksize, tuple(in_size)))
        self.in_channels = in_channels
        self.in_size = tuple(in_size)
        out_size = tuple(conv.get_conv_outsize(size, k, s, 0)
                         for size, k, s in zip(in_size, self.ksize, self.stride))
        self.W.initialize((self.out_channels,) + out_size + (in_channels,) + self.ksize)
        if self.b is not None:
            self.b.initialize((self.out_channels,) + out_size)

    @property
    def printable_specs(self):
        for name in ('in_channels', 'out_channels', 'in_size', 'ksize', 'stride'):
            yield name, getattr(self, name)
        yield 'nobias', self.b is None

    def forward(self, x):
        """Applies the layer to `x` of shape ``(n, in_channels, h, w)``.

        Raises:
            chainer.utils.type_check.InvalidType: If `x` does not fit the layer's channels or size.
        """
        if self.W.array is None:
            self._initialize_params(x.shape[1], x.shape[2:])
        return functions.local_convolution_2d(x, self.W, self.b, self.stride)
