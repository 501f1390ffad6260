"""The base of the link hooks that replace a link's weight by a function of it during forward.

SpectralNormalization and WeightStandardization compute, before each call of the link, a Variable
from the weight Parameter (so that backprop reaches the Parameter through it), put it in the
weight's place for the call, and put the Parameter back afterwards.
"""

import numpy

from chainer import link_hook


def _lazy_init_args(link, args):
    """The arguments of ``link._initialize_params`` for the first input of a call.

    The original passes ``x.shape[1]`` (the channels) to every link; the links whose weight also
    depends on the other axes get them too: LocalConvolution2D its input size, Linear and
    SimplifiedDropconnect the size of the non-batch axes.
    """
    from chainer.links.activation import simplified_dropconnect
    from chainer.links.connection import linear
    from chainer.links.connection import local_convolution_2d
    x = args.args[0]
    if isinstance(link, local_convolution_2d.LocalConvolution2D):
        return x.shape[1], x.shape[2:]
    if isinstance(link, (linear.Linear, simplified_dropconnect.SimplifiedDropconnect)):
        n_batch_axes = args.kwargs.get('n_batch_axes', 1)
        return int(numpy.prod(x.shape[n_batch_axes:], dtype=numpy.int64)),
    return x.shape[1],


def output_axis(link):
    """The axis of the output units of the weight: 1 for the deconvolution links, else 0."""
    from chainer.links.connection import _convolution_base
    if isinstance(link, _convolution_base.ConvolutionBase) and link.transposed:
        return 1
    return 0


class WeightHook(link_hook.LinkHook):
    """A link hook calling forward with ``transform(link, W)`` in place of the weight ``W``.

    A lazily initialised weight is initialised from the first input before the transform. The
    hook cannot be registered globally (``with hook:`` raises NotImplementedError), as the
    original: it keeps state per link (see the subclasses' ``added``).

    Args:
        weight_name (str): The name of the weight Parameter in the link.
        name (str): The name of the hook (None: the class attribute `name`).
    """

    def __init__(self, weight_name='W', name=None):
        self.weight_name = weight_name
        if name is not None:
            self.name = name
        # id(link) -> the weight Parameter, while the link runs with the transformed weight.
        self._originals = {}

    def __enter__(self):
        raise NotImplementedError(
            '{} cannot be used as a context manager: register it with link.add_hook'.format(
                type(self).__name__))

    def __exit__(self, *_):
        raise NotImplementedError

    def added(self, link):
        """Checks that `link` has the weight; subclasses prepare their state when it exists.

        Raises:
            ValueError: If the link has no attribute of the weight name.
        """
        if not hasattr(link, self.weight_name):
            raise ValueError("Weight '{}' does not exist!".format(self.weight_name))

    def deleted(self, link):
        """Puts the weight Parameter back if a failed call left the transformed weight."""
        self._restore(link)

    def weight(self, link):
        """The weight Parameter of `link`."""
        return getattr(link, self.weight_name)

    def prepare(self, link):
        """Called before the first transform, once the weight is initialised (no-op here)."""

    def transform(self, link, W):
        """The Variable put in place of the weight Parameter `W` for a call of `link`."""
        raise NotImplementedError

    def forward_preprocess(self, args):
        link = args.link
        self._restore(link)  # in case the previous call raised before forward_postprocess
        W = self.weight(link)
        if W.array is None:
            link._initialize_params(*_lazy_init_args(link, args))
        self.prepare(link)
        self._originals[id(link)] = W
        setattr(link, self.weight_name, self.transform(link, W))

    def forward_postprocess(self, args):
        self._restore(args.link)

    def _restore(self, link):
        original = self._originals.pop(id(link), None)
        if original is not None:
            setattr(link, self.weight_name, original)

