"""The gamma distribution and its KL divergence."""

from chainer import functions as F
from chainer.distributions import _util
from chainer.distributions._kl import register_kl
from chainer.distributions._univariate import Univariate


class Gamma(Univariate):
    """Gamma distribution of shape :math:`k` and scale :math:`\\theta`, of density

    .. math::

        p(x; k, \\theta) = \\frac{x^{k - 1} e^{-x / \\theta}}{\\Gamma(k)\\theta^k}
        \\quad (x \\geq 0).

    Its samples are not reparameterized (no gradient flows through :meth:`sample`).

    Args:
        k (~chainer.Variable or :ref:`ndarray`): The shape :math:`k`.
        theta (~chainer.Variable or :ref:`ndarray`): The scale :math:`\\theta`.
    """

    _param_names = ('k', 'theta')

    def __init__(self, k, theta):
        self._set_params(k, theta)

    def log_prob(self, x):
        x = _util.as_variable(x)
        inside = x.array >= 0
        x = F.where(inside, x, 1)  # log x only where it is in the support
        log_p = (-F.lgamma(self.k) - self.k * F.log(self.theta) + (self.k - 1) * F.log(x)
                 - x / self.theta)
        return _util.in_support(inside, log_p)

    @_util.cached_property
    def entropy(self):
        return (self.k + F.log(self.theta) + F.lgamma(self.k)
                + (1 - self.k) * F.digamma(self.k))

    @_util.cached_property
    def mean(self):
        return self.k * self.theta

    @_util.cached_property
    def variance(self):
        return self.k * self.theta * self.theta

    @property
    def support(self):
        return 'positive'

    def sample_n(self, n):
        return _util.as_variable(self._draw(
            n, lambda random, shape, k, theta: random.gamma(k, theta, shape),
            self.k.array, self.theta.array))


@register_kl(Gamma, Gamma)
def _kl_gamma_gamma(dist1, dist2):
    return ((dist1.k - dist2.k) * F.digamma(dist1.k) - F.lgamma(dist1.k) + F.lgamma(dist2.k)
            + dist2.k * (F.log(dist2.theta) - F.log(dist1.theta))
            + dist1.k * (dist1.theta / dist2.theta - 1))
