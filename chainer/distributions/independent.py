"""Independent: batch axes of a distribution reinterpreted as event axes; its KL divergence."""

import numpy

from chainer import functions as F
from chainer.distributions import _util
from chainer.distributions._distribution import Distribution
from chainer.distributions._kl import kl_divergence
from chainer.distributions._kl import register_kl


class Independent(Distribution):
    """The last batch axes of a distribution, reinterpreted as event axes.

    The events of the base distribution along those axes are independent, so the log-probability
    (and entropy, log-cdf, ...) is the sum over them, and the probability (cdf, ...) the
    product. E.g. ``Independent(Normal(loc, scale))`` with `loc` of shape ``(b, d)`` is a batch of
    `b` diagonal normal distributions over vectors of length `d`.

    Args:
        distribution (~chainer.Distribution): The base distribution.
        reinterpreted_batch_ndims (int): How many of the last batch axes become event axes;
            by default all but the first (none of a distribution without batch axes).

    Raises:
        ValueError: `reinterpreted_batch_ndims` exceeds the number of batch axes.
    """

    def __init__(self, distribution, reinterpreted_batch_ndims=None):
        n_batch_axes = len(distribution.batch_shape)
        if reinterpreted_batch_ndims is None:
            reinterpreted_batch_ndims = max(0, n_batch_axes - 1)
        elif reinterpreted_batch_ndims > n_batch_axes:
            raise ValueError(
                'reinterpreted_batch_ndims must be less than or equal to the number of dimensions '
                'of `distribution.batch_shape`.')
        self.distribution = distribution
        self.reinterpreted_batch_ndims = reinterpreted_batch_ndims
        kept = n_batch_axes - reinterpreted_batch_ndims
        self._batch_shape = distribution.batch_shape[:kept]
        self._event_shape = distribution.batch_shape[kept:] + distribution.event_shape

    def _reduce(self, reduction, values):
        """`values` (of the base's batch shape) reduced over the reinterpreted axes."""
        axes = tuple(range(-self.reinterpreted_batch_ndims, 0))
        return reduction(values, axis=axes) if axes else values

    @property
    def batch_shape(self):
        return self._batch_shape

    @property
    def event_shape(self):
        return self._event_shape

    @property
    def params(self):
        return self.distribution.params

    @property
    def device(self):
        return self.distribution.device

    def log_prob(self, x):
        return self._reduce(F.sum, self.distribution.log_prob(x))

    def prob(self, x):
        return self._reduce(F.prod, self.distribution.prob(x))

    def cdf(self, x):
        return self._reduce(F.prod, self.distribution.cdf(x))

    def log_cdf(self, x):
        return self._reduce(F.sum, self.distribution.log_cdf(x))

    def survival_function(self, x):
        return self._reduce(F.prod, self.distribution.survival_function(x))

    def log_survival_function(self, x):
        return self._reduce(F.sum, self.distribution.log_survival_function(x))

    def perplexity(self, x):
        return self._reduce(F.prod, self.distribution.perplexity(x))

    def icdf(self, x):
        """Not defined: the cdf of a vector-valued event is not invertible.

        Raises:
            NotImplementedError: Always.
        """
        raise NotImplementedError('The cdf of a multivariate distribution is not invertible.')

    @_util.cached_property
    def entropy(self):
        return self._reduce(F.sum, self.distribution.entropy)

    @property
    def mean(self):
        return self.distribution.mean

    @property
    def mode(self):
        return self.distribution.mode

    @property
    def variance(self):
        return self.distribution.variance

    @property
    def stddev(self):
        return self.distribution.stddev

    @_util.cached_property
    def covariance(self):
        """The block-diagonal covariance of the flattened event: the base's covariance (or
        variance, for scalar base events) for each reinterpreted batch element."""
        base = self.distribution
        n_blocks = int(numpy.prod(base.batch_shape[len(self.batch_shape):], dtype=numpy.int64))
        if base.event_shape:
            block, size = base.covariance, int(numpy.prod(base.event_shape, dtype=numpy.int64))
        else:
            block, size = F.expand_dims(F.expand_dims(base.variance, -1), -1), 1
        block = F.reshape(block, self.batch_shape + (n_blocks, size, 1, size))
        eye = numpy.eye(n_blocks, dtype=block.dtype).reshape(n_blocks, 1, n_blocks, 1)
        blocks = block * self.device.send(eye)
        return F.reshape(blocks, self.batch_shape + (n_blocks * size, n_blocks * size))

    @property
    def support(self):
        return self.distribution.support

    def sample_n(self, n):
        return self.distribution.sample_n(n)


@register_kl(Independent, Independent)
def _kl_independent_independent(dist1, dist2):
    """The sum over the reinterpreted axes of the KL divergence of the bases."""
    if dist1.event_shape != dist2.event_shape:
        raise ValueError('Event shapes do not match.')
    base1, base2 = dist1.distribution, dist2.distribution
    if base1.event_shape != base2.event_shape:
        raise NotImplementedError(
            'KL between Independents with different event shapes not supported.')
    n_axes = len(dist1.event_shape) - len(base1.event_shape)
    kl = kl_divergence(base1, base2)
    return F.sum(kl, axis=tuple(range(-n_axes, 0))) if n_axes else kl
