"""The log-normal distribution and its KL divergence."""

from chainer import functions as F
from chainer.distributions import _util
from chainer.distributions._kl import register_kl
from chainer.distributions._univariate import Univariate


class LogNormal(Univariate):
    """Log-normal distribution: the law of :math:`e^y` for :math:`y` normal of mean
    :math:`\\mu` and standard deviation :math:`\\sigma`; of density

    .. math::

        p(x; \\mu, \\sigma) = \\frac{1}{x\\sigma\\sqrt{2\\pi}}
            \\exp\\left(-\\frac{(\\log x - \\mu)^2}{2\\sigma^2}\\right) \\quad (x > 0).

    Its samples :math:`\\exp(\\mu + \\sigma e)` are reparameterized.

    Args:
        mu (~chainer.Variable or :ref:`ndarray`): The mean :math:`\\mu` of the logarithm.
        sigma (~chainer.Variable or :ref:`ndarray`): The standard deviation :math:`\\sigma` of
            the logarithm.
    """

    _param_names = ('mu', 'sigma')

    def __init__(self, mu, sigma):
        self._set_params(mu, sigma)

    def log_prob(self, x):
        log_x = F.log(_util.as_variable(x))
        z = (log_x - self.mu) / self.sigma
        return -0.5 * _util.LOG_2PI - F.log(self.sigma) - log_x - 0.5 * z * z

    @_util.cached_property
    def entropy(self):
        return self.mu + F.log(self.sigma) + 0.5 * (1 + _util.LOG_2PI)

    @_util.cached_property
    def mean(self):
        return F.exp(self.mu + 0.5 * self.sigma * self.sigma)

    @_util.cached_property
    def mode(self):
        return F.exp(self.mu - self.sigma * self.sigma)

    @_util.cached_property
    def variance(self):
        sigma2 = self.sigma * self.sigma
        return F.expm1(sigma2) * F.exp(2 * self.mu + sigma2)

    @property
    def support(self):
        return 'positive'

    def sample_n(self, n):
        noise = self._draw(n, lambda random, shape: random.standard_normal(shape))
        return F.exp(self.mu + self.sigma * noise)


@register_kl(LogNormal, LogNormal)
def _kl_log_normal_log_normal(dist1, dist2):
    diff = dist1.mu - dist2.mu
    sigma2 = dist2.sigma * dist2.sigma
    return (F.log(dist2.sigma) - F.log(dist1.sigma)
            + 0.5 * (dist1.sigma * dist1.sigma + diff * diff) / sigma2 - 0.5)
