"""The beta distribution and its KL divergence."""

from chainer import functions as F
from chainer.distributions import _util
from chainer.distributions._kl import register_kl
from chainer.distributions._univariate import Univariate


class Beta(Univariate):
    """Beta distribution, of density

    .. math::

        p(x; a, b) = \\frac{x^{a - 1}(1 - x)^{b - 1}}{B(a, b)} \\quad (0 \\leq x \\leq 1).

    Its samples are not reparameterized.

    Args:
        a (~chainer.Variable or :ref:`ndarray`): The first shape parameter :math:`a`.
        b (~chainer.Variable or :ref:`ndarray`): The second shape parameter :math:`b`.
    """

    _param_names = ('a', 'b')

    def __init__(self, a, b):
        self._set_params(a, b)

    def log_prob(self, x):
        x = _util.as_variable(x)
        inside = (x.array >= 0) & (x.array <= 1)
        x = F.where(inside, x, 0.5)  # the logarithms only where x is in the support
        log_p = ((self.a - 1) * F.log(x) + (self.b - 1) * F.log1p(-x)
                 - _util.lbeta(self.a, self.b))
        return _util.in_support(inside, log_p)

    @_util.cached_property
    def entropy(self):
        total = self.a + self.b
        return (_util.lbeta(self.a, self.b) - (self.a - 1) * F.digamma(self.a)
                - (self.b - 1) * F.digamma(self.b) + (total - 2) * F.digamma(total))

    @_util.cached_property
    def mean(self):
        return self.a / (self.a + self.b)

    @_util.cached_property
    def variance(self):
        total = self.a + self.b
        return self.a * self.b / (total * total * (total + 1))

    @property
    def support(self):
        return '[0, 1]'

    def sample_n(self, n):
        return _util.as_variable(self._draw(
            n, lambda random, shape, a, b: random.beta(a, b, shape),
            self.a.array, self.b.array))


@register_kl(Beta, Beta)
def _kl_beta_beta(dist1, dist2):
    total1 = dist1.a + dist1.b
    total2 = dist2.a + dist2.b
    return (_util.lbeta(dist2.a, dist2.b) - _util.lbeta(dist1.a, dist1.b)
            + (dist1.a - dist2.a) * F.digamma(dist1.a)
            + (dist1.b - dist2.b) * F.digamma(dist1.b)
            + (total2 - total1) * F.digamma(total1))
