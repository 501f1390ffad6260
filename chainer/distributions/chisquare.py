"""The chi-square distribution."""

import math

from chainer import functions as F
from chainer.distributions import _util
from chainer.distributions._univariate import Univariate

_LOG_2 = math.log(2.0)


class Chisquare(Univariate):
    """Chi-square distribution of :math:`k` degrees of freedom, of density

    .. math::

        p(x; k) = \\frac{x^{k/2 - 1} e^{-x/2}}{2^{k/2}\\Gamma(k/2)} \\quad (x \\geq 0).

    Its samples are not reparameterized.

    Args:
        k (~chainer.Variable or :ref:`ndarray`): The degrees of freedom :math:`k`.
    """

    _param_names = ('k',)

    def __init__(self, k):
        self._set_params(k)

    def log_prob(self, x):
        x = _util.as_variable(x)
        inside = x.array >= 0
        x = F.where(inside, x, 1)  # log x only where it is in the support
        half_k = 0.5 * self.k
        log_p = -F.lgamma(half_k) - half_k * _LOG_2 + (half_k - 1) * F.log(x) - 0.5 * x
        return _util.in_support(inside, log_p)

    @_util.cached_property
    def entropy(self):
        half_k = 0.5 * self.k
        return half_k + _LOG_2 + F.lgamma(half_k) + (1 - half_k) * F.digamma(half_k)

    @property
    def mean(self):
        return self.k

    @_util.cached_property
    def variance(self):
        return 2 * self.k

    @property
    def support(self):
        return 'positive'

    def sample_n(self, n):
        return _util.as_variable(self._draw(
            n, lambda random, shape, k: random.chisquare(k, shape), self.k.array))
