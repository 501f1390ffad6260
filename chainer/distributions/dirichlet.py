"""The Dirichlet distribution and its KL divergence."""

import numpy

from chainer import functions as F
from chainer.distributions import _util
from chainer.distributions._distribution import Distribution
from chainer.distributions._kl import register_kl


def _log_normalizer(alpha, alpha0):
    """log B(alpha) = sum lgamma(alpha_k) - lgamma(alpha_0), over the last axis."""
    return F.sum(F.lgamma(alpha), axis=-1) - F.lgamma(alpha0)


class Dirichlet(Distribution):
    """Dirichlet distribution over the probability simplex, of density

    .. math::

        p(x; \\alpha) = \\frac{\\Gamma(\\alpha_0)}{\\prod_k \\Gamma(\\alpha_k)}
            \\prod_k x_k^{\\alpha_k - 1}, \\quad \\alpha_0 = \\sum_k \\alpha_k.

    The batch shape is ``alpha.shape[:-1]`` and the event shape ``alpha.shape[-1:]``. Its samples
    are not reparameterized.

    Args:
        alpha (~chainer.Variable or :ref:`ndarray`): The concentrations :math:`\\alpha`.
    """

    def __init__(self, alpha):
        self.alpha = _util.as_variable(alpha)
        self.alpha0 = _util.derived(lambda a: F.sum(a, axis=-1), self.alpha)

    @property
    def batch_shape(self):
        return self.alpha.shape[:-1]

    @property
    def event_shape(self):
        return self.alpha.shape[-1:]

    @property
    def params(self):
        return {'alpha': self.alpha}

    def log_prob(self, x):
        x = _util.as_variable(x)
        return (F.sum((self.alpha - 1) * F.log(x), axis=-1)
                - _log_normalizer(self.alpha, self.alpha0))

    @_util.cached_property
    def entropy(self):
        n_categories = self.alpha.shape[-1]
        return (_log_normalizer(self.alpha, self.alpha0)
                + (self.alpha0 - n_categories) * F.digamma(self.alpha0)
                - F.sum((self.alpha - 1) * F.digamma(self.alpha), axis=-1))

    @_util.cached_property
    def mean(self):
        return self.alpha / F.expand_dims(self.alpha0, -1)

    @_util.cached_property
    def variance(self):
        alpha0 = F.expand_dims(self.alpha0, -1)
        return self.alpha * (alpha0 - self.alpha) / (alpha0 * alpha0 * (alpha0 + 1))

    @property
    def support(self):
        return '[0, 1]'

    def sample_n(self, n):
        def sample(random, alpha):
            # Normalized gamma variates (in float64, so that no row sums to 0 in float16).
            gamma = random.gamma(alpha.astype(numpy.float64), 1.0, (n,) + alpha.shape)
            return gamma / gamma.sum(axis=-1, keepdims=True)
        return _util.as_variable(_util.draw(self.alpha, sample, self.alpha.dtype,
                                            self.alpha.array))


@register_kl(Dirichlet, Dirichlet)
def _kl_dirichlet_dirichlet(dist1, dist2):
    digamma_gap = F.digamma(dist1.alpha) - F.expand_dims(F.digamma(dist1.alpha0), -1)
    return (_log_normalizer(dist2.alpha, dist2.alpha0)
            - _log_normalizer(dist1.alpha, dist1.alpha0)
            + F.sum((dist1.alpha - dist2.alpha) * digamma_gap, axis=-1))
