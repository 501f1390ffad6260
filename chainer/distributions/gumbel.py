"""The Gumbel distribution and its KL divergence."""

import math

from chainer import functions as F
from chainer.distributions import _util
from chainer.distributions._kl import register_kl
from chainer.distributions._univariate import LocationScale


class Gumbel(LocationScale):
    """Gumbel distribution (of maxima), of density

    .. math::

        p(x; \\mu, \\beta) = \\frac{1}{\\beta} \\exp\\left(-z - e^{-z}\\right),
        \\quad z = \\frac{x - \\mu}{\\beta}.

    Args:
        loc (~chainer.Variable or :ref:`ndarray`): The location :math:`\\mu`.
        scale (~chainer.Variable or :ref:`ndarray`): The scale :math:`\\beta`.
    """

    @staticmethod
    def _standard_noise(random, shape):
        return random.gumbel(size=shape)

    def log_prob(self, x):
        z = self._standardized(x)
        return -F.log(self.scale) - z - F.exp(-z)

    def cdf(self, x):
        return F.exp(self.log_cdf(x))

    def log_cdf(self, x):
        return -F.exp(-self._standardized(x))

    def icdf(self, x):
        return self.loc - self.scale * F.log(-F.log(_util.as_variable(x)))

    @_util.cached_property
    def entropy(self):
        return F.log(self.scale) + (_util.EULER + 1)

    @_util.cached_property
    def mean(self):
        return self.loc + _util.EULER * self.scale

    @property
    def mode(self):
        return self.loc

    @_util.cached_property
    def variance(self):
        return (math.pi ** 2 / 6) * self.scale * self.scale


@register_kl(Gumbel, Gumbel)
def _kl_gumbel_gumbel(dist1, dist2):
    ratio = dist1.scale / dist2.scale
    return (F.log(dist2.scale) - F.log(dist1.scale) + _util.EULER * (ratio - 1)
            + F.exp((dist2.loc - dist1.loc) / dist2.scale + F.lgamma(ratio + 1)) - 1
            + (dist1.loc - dist2.loc) / dist2.scale)
