"""`chainer.links.BlackOut`: the BlackOut loss with a learnt label embedding."""

import numpy

from chainer import link
from chainer import variable
from chainer.functions.loss.black_out import black_out
from chainer.links.loss import _sampler
from chainer.utils import walker_alias


class BlackOut(_sampler.SamplerMixin, link.Link):
    """BlackOut (see :func:`~chainer.functions.black_out`) over a vocabulary.

    At each call ``sample_size`` labels per example are drawn with probabilities proportional to
    ``counts`` by a :class:`~chainer.utils.WalkerAlias` sampler that moves with the link
    (``to_device``), so the samples are drawn on the parameters' device.

    Args:
        in_size (int): The size of the input vectors.
        counts (sequence of numbers): The frequency of each label (the vocabulary has
            ``len(counts)`` labels).
        sample_size (int): The number of sampled labels per example.

    Attributes:
        W (~chainer.Parameter): The label embedding, ``(len(counts), in_size)``. As in the
            original it is created without an initializer, so it holds NaN until it is set
            (e.g. ``link.W.array[...] = ...`` or ``copyparams``).
        sampler (~chainer.utils.WalkerAlias): The sampler of the labels.
        sample_size (int): As given.
        sample_data (array or None): If set, the samples to use instead of drawing them (a
            signed integer array (B, sample_size) on the link's device), as the original's
            tests do.

    Raises:
        ValueError: `counts` is empty, or has a negative or non-finite count, or all are zero.
    """

    sample_data = None

    def __init__(self, in_size, counts, sample_size):
        super().__init__()
        self.sampler = walker_alias.WalkerAlias(numpy.array(counts, numpy.float32))
        self.sample_size = sample_size
        with self.init_scope():
            self.W = variable.Parameter(shape=(len(counts), in_size))

    def forward(self, x, t):
        """The mean loss of the examples `x` (B, in_size) with labels `t` (B,), a 0-d Variable."""
        samples = self.sample_data
        if samples is None:
            samples = self.sampler.sample((len(x), int(self.sample_size)))
        return black_out(x, t, self.W, samples)
