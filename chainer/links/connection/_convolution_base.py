"""The base of the convolution and deconvolution links: lazy input channels, W and b, specs."""

from chainer import link
from chainer.links.connection import _util
from chainer.utils import argument
from chainer.utils import conv_nd
from chainer.utils import _checks

# The retired keyword argument of the 2-D (de)convolution links, with its message.
RETIRED_KWARGS = {
    'deterministic': 'deterministic argument is not supported anymore. '
                     "Use chainer.using_config('cudnn_deterministic', value) context where value "
                     'is either `True` or `False`.',
}


def parse_dilate_groups(kwargs):
    """``(dilate, groups)`` from the keyword arguments of a 2-D (de)convolution link."""
    return argument.parse_kwargs(kwargs, ('dilate', 1), ('groups', 1), **RETIRED_KWARGS)


class ConvolutionBase(link.Link):
    """A link holding an N-d (de)convolution kernel ``W`` and a bias ``b``.

    ``in_channels`` None leaves ``W`` uninitialised until the first call, which takes the number
    of channels from ``x.shape[1]``; ``Link(out_channels, ksize)`` (``ksize`` None) means
    ``Link(None, out_channels, ksize)``. A convolution's ``W`` has the shape
    ``(out_channels, in_channels // groups) + ksize``, a deconvolution's (``transposed``)
    ``(in_channels, out_channels // groups) + ksize``. Subclasses define ``_apply(x)``.

    Raises:
        ValueError: If a channel count is not divisible by ``groups``.
    """

    transposed = False
    outsize = None  # of a deconvolution: the output size (None: the smallest possible)

    def __init__(self, ndim, in_channels, out_channels, ksize, stride, pad, nobias, initialW,
                 initial_bias, dilate=1, groups=1):
        super().__init__()
        in_channels, out_channels, ksize = _util.shift_lazy_arguments(
            in_channels, out_channels, ksize)
        _util.check_size('in_channels', in_channels, allow_none=True)
        _util.check_size('out_channels', out_channels)
        _util.check_size('groups', groups)
        if groups == 0:
            raise ValueError('groups must be positive')
        if out_channels % groups:
            raise ValueError(
                'the number of output channels must be divisible by the number of groups')
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.ksize = ksize
        self.stride = stride
        self.pad = pad
        self.dilate = dilate
        self.groups = int(groups)
        self._kernel_shape = conv_nd.as_tuple(ksize, ndim)
        _util.add_weight(self, 'W', initialW)
        if in_channels is not None:
            self._initialize_params(in_channels)
        _util.add_bias(self, nobias, initial_bias, out_channels)

    def _initialize_params(self, in_channels):
        if in_channels % self.groups:
            raise ValueError(
                'the number of input channels must be divisible by the number of groups')
        self.in_channels = in_channels
        if self.transposed:
            shape = (in_channels, self.out_channels // self.groups)
        else:
            shape = (self.out_channels, in_channels // self.groups)
        self.W.initialize(shape + self._kernel_shape)

    @property
    def printable_specs(self):
        for name in ('in_channels', 'out_channels', 'ksize', 'stride', 'pad'):
            yield name, getattr(self, name)
        yield 'nobias', self.b is None
        yield 'dilate', self.dilate
        yield 'groups', self.groups
        if self.transposed:
            yield 'outsize', self.outsize

    def forward(self, x):
        """Applies the (de)convolution to `x` of shape ``(n, in_channels, spatial...)``."""
        if self.W.array is None:
            _checks.check_array(x)
            self._initialize_params(x.shape[1])
        return self._apply(x)

    def _apply(self, x):
        raise NotImplementedError


def fixed_ndim(cls, ndim, name):
    """The subclass `name` of an N-d (de)convolution link `cls` for `ndim` spatial dimensions.

    Its constructor takes the arguments of `cls` without ``ndim``.
    """
    def __init__(self, in_channels, out_channels, ksize=None, *args, **kwargs):
        cls.__init__(self, ndim, in_channels, out_channels, ksize, *args, **kwargs)

    doc = 'A {}-D layer: :class:`{}` with ``ndim={}`` (the same arguments but `ndim`).'.format(
        ndim, cls.__name__, ndim)
    return type(name, (cls,), {'__init__': __init__, '__doc__': doc, '__module__': cls.__module__})
