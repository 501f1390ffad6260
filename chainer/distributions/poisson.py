"""The Poisson distribution and its KL divergence."""

from chainer import functions as F
from chainer.distributions import _util
from chainer.distributions._kl import register_kl
from chainer.distributions._univariate import Univariate


class Poisson(Univariate):
    """Poisson distribution, of mass :math:`p(x; \\lambda) = \\lambda^x e^{-\\lambda} / x!`
    for :math:`x = 0, 1, 2, \\dots`

    Its samples (counts, of the dtype of :math:`\\lambda`) are not reparameterized.

    Args:
        lam (~chainer.Variable or :ref:`ndarray`): The rate :math:`\\lambda`.
    """

    _param_names = ('lam',)

    def __init__(self, lam):
        self._set_params(lam)

    def log_prob(self, x):
        x = _util.float_operand(x, self.lam)
        return x * F.log(self.lam) - F.lgamma(_util.as_variable(x + 1)) - self.lam

    @property
    def mean(self):
        return self.lam

    @property
    def variance(self):
        return self.lam

    @property
    def support(self):
        return 'non negative integer'

    def sample_n(self, n):
        return _util.as_variable(self._draw(
            n, lambda random, shape, lam: random.poisson(lam, shape), self.lam.array))


@register_kl(Poisson, Poisson)
def _kl_poisson_poisson(dist1, dist2):
    return (dist1.lam * (F.log(dist1.lam) - F.log(dist2.lam))
            - dist1.lam + dist2.lam)
