"""The exponential distribution and its KL divergence."""

from chainer import functions as F
from chainer.distributions import _util
from chainer.distributions._kl import register_kl
from chainer.distributions._univariate import Univariate


class Exponential(Univariate):
    """Exponential distribution, of density :math:`p(x; \\lambda) = \\lambda e^{-\\lambda x}`
    for :math:`x \\geq 0`.

    Args:
        lam (~chainer.Variable or :ref:`ndarray`): The rate :math:`\\lambda`.
    """

    _param_names = ('lam',)

    def __init__(self, lam):
        self._set_params(lam)

    def log_prob(self, x):
        x = _util.as_variable(x)
        return _util.in_support(x.array >= 0, F.log(self.lam) - self.lam * x)

    def cdf(self, x):
        x = _util.as_variable(x)
        return _util.in_support(x.array >= 0, -F.expm1(-self.lam * x), 0)

    def survival_function(self, x):
        x = _util.as_variable(x)
        return _util.in_support(x.array >= 0, F.exp(-self.lam * x), 1)

    def icdf(self, x):
        return -F.log1p(-_util.as_variable(x)) / self.lam

    @_util.cached_property
    def entropy(self):
        return 1 - F.log(self.lam)

    @_util.cached_property
    def mean(self):
        return 1 / self.lam

    @property
    def mode(self):
        return _util.filled(self.lam, 0)

    @_util.cached_property
    def variance(self):
        return 1 / (self.lam * self.lam)

    @property
    def stddev(self):
        return self.mean

    @property
    def support(self):
        return 'positive'

    def sample_n(self, n):
        return self._draw(n, lambda random, shape: random.standard_exponential(shape)) / self.lam


@register_kl(Exponential, Exponential)
def _kl_exponential_exponential(dist1, dist2):
    return F.log(dist1.lam) - F.log(dist2.lam) + dist2.lam / dist1.lam - 1
