"""`chainer.links.NegativeSampling`: the negative-sampling loss with a learnt label embedding."""

import numpy

import chainer
from chainer import link
from chainer import variable
from chainer.functions.loss.negative_sampling import negative_sampling
from chainer.links.loss import _sampler
from chainer.utils import walker_alias


class NegativeSampling(_sampler.SamplerMixin, link.Link):
    """Negative sampling (see :func:`~chainer.functions.negative_sampling`) over a vocabulary.

    The negatives are drawn, at each call, with probabilities proportional to
    ``counts ** power`` by a :class:`~chainer.utils.WalkerAlias` sampler that moves with the
    link (``to_device``), so the samples are drawn on the parameters' device.

    Args:
        in_size (int): The size of the input vectors.
        counts (sequence of numbers): The frequency of each label (the vocabulary has
            ``len(counts)`` labels).
        sample_size (int): The number of negatives per example.
        power (float): The exponent applied to the counts (0.75 as in word2vec).
        dtype: The dtype of the sampling weights (None: ``chainer.config.dtype``). As in the
            original, it does not set the dtype of ``W``, which follows ``chainer.config.dtype``.

    Attributes:
        W (~chainer.Parameter): The label embedding, ``(len(counts), in_size)``, initially zero.
        sampler (~chainer.utils.WalkerAlias): The sampler of the negatives.
        sample_size (int): As given.

    Raises:
        ValueError: `counts` is empty, or has a negative or non-finite count, or all are zero.

    Example:
        >>> ns = chainer.links.NegativeSampling(3, [10, 5, 1], sample_size=2)
        >>> x = numpy.ones((4, 3), numpy.float32)
        >>> loss = ns(x, numpy.array([0, 1, 2, -1], numpy.int32))  # W is zero at first
        >>> bool(abs(loss.array - 9 * numpy.log(2)) < 1e-5)  # 3 examples, 3 rows each
        True
    """

    def __init__(self, in_size, counts, sample_size, power=0.75, dtype=None):
        super().__init__()
        dtype = chainer.get_dtype(dtype)
        with numpy.errstate(invalid='ignore'):  # a negative count: WalkerAlias raises for NaN
            weights = numpy.power(numpy.array(counts, dtype), dtype.type(power))
        self.sampler = walker_alias.WalkerAlias(weights)
        self.sample_size = sample_size
        with self.init_scope():
            self.W = variable.Parameter(0, (len(counts), in_size))

    def forward(self, x, t, reduce='sum', return_samples=False):
        """The loss of the examples `x` (B, in_size) with labels `t` (B,) (-1: ignored).

        Args:
            x (~chainer.Variable or array): The input vectors.
            t (~chainer.Variable or array): The int32 labels.
            reduce (str): `'sum'` (a 0-d Variable) or `'no'` (one loss per example).
            return_samples (bool): Also return the samples, (B, sample_size + 1), t first.

        Returns:
            ~chainer.Variable or tuple: The loss, or ``(loss, samples)``.
        """
        return negative_sampling(x, t, self.W, self.sampler.sample, self.sample_size,
                                 reduce=reduce, return_samples=return_samples)
