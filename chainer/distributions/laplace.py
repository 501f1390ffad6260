"""The Laplace distribution and its KL divergence."""

import math

from chainer import functions as F
from chainer.distributions import _util
from chainer.distributions._kl import register_kl
from chainer.distributions._univariate import LocationScale


class Laplace(LocationScale):
    """Laplace distribution, of density

    .. math::

        p(x; \\mu, b) = \\frac{1}{2b} \\exp\\left(-\\frac{|x - \\mu|}{b}\\right).

    Args:
        loc (~chainer.Variable or :ref:`ndarray`): The location :math:`\\mu`.
        scale (~chainer.Variable or :ref:`ndarray`): The scale :math:`b`.
    """

    @staticmethod
    def _standard_noise(random, shape):
        return random.laplace(size=shape)

    def log_prob(self, x):
        return -F.log(2 * self.scale) - F.absolute(self._standardized(x))

    def cdf(self, x):
        z = self._standardized(x)
        return 0.5 - 0.5 * F.sign(z) * F.expm1(-F.absolute(z))

    def survival_function(self, x):
        z = self._standardized(x)
        return 0.5 + 0.5 * F.sign(z) * F.expm1(-F.absolute(z))

    def icdf(self, x):
        centred = _util.as_variable(x) - 0.5
        return self.loc - self.scale * F.sign(centred) * F.log1p(-2 * F.absolute(centred))

    @_util.cached_property
    def entropy(self):
        return F.log(2 * self.scale) + 1

    @property
    def mean(self):
        return self.loc

    @property
    def mode(self):
        return self.loc

    @_util.cached_property
    def variance(self):
        return 2 * self.scale * self.scale

    @_util.cached_property
    def stddev(self):
        return math.sqrt(2) * self.scale


@register_kl(Laplace, Laplace)
def _kl_laplace_laplace(dist1, dist2):
    distance = F.absolute(dist1.loc - dist2.loc)
    return (F.log(dist2.scale) - F.log(dist1.scale) + distance / dist2.scale
            + dist1.scale / dist2.scale * F.exp(-distance / dist1.scale) - 1)
