"""The normal (Gaussian) distribution and its KL divergence."""

import math

from chainer import functions as F
from chainer.distributions import _util
from chainer.distributions._kl import register_kl
from chainer.distributions._univariate import LocationScale

_SQRT_2 = math.sqrt(2.0)


class Normal(LocationScale):
    """Normal distribution, of density

    .. math::

        p(x; \\mu, \\sigma) = \\frac{1}{\\sqrt{2\\pi\\sigma^2}}
            \\exp\\left(-\\frac{(x - \\mu)^2}{2\\sigma^2}\\right).

    Args:
        loc (~chainer.Variable or :ref:`ndarray`): The mean :math:`\\mu`.
        scale (~chainer.Variable or :ref:`ndarray`): The standard deviation :math:`\\sigma`.
        log_scale (~chainer.Variable or :ref:`ndarray`): :math:`\\log\\sigma`, instead of
            `scale`.

    Raises:
        ValueError: Both or neither of `scale` and `log_scale` are given.

    Example:
        >>> d = Normal(numpy.zeros(2, 'f'), numpy.ones(2, 'f'))
        >>> d.log_prob(numpy.zeros(2, 'f')).array
        array([-0.9189385, -0.9189385], dtype=float32)
    """

    def __init__(self, loc, scale=None, log_scale=None):
        if (scale is None) == (log_scale is None):
            raise ValueError('Either `scale` or `log_scale` (not both) must have a value.')
        if scale is None:
            self.loc, self.log_scale = _util.broadcast(loc, log_scale)
            self.scale = _util.derived(F.exp, self.log_scale)
        else:
            self.loc, self.scale = _util.broadcast(loc, scale)
            self.log_scale = _util.derived(F.log, self.scale)

    @staticmethod
    def _standard_noise(random, shape):
        return random.standard_normal(shape)

    def log_prob(self, x):
        z = self._standardized(x)
        return -0.5 * _util.LOG_2PI - self.log_scale - 0.5 * z * z

    def cdf(self, x):
        return 0.5 * (1 + F.erf(self._standardized(x) / _SQRT_2))

    def log_cdf(self, x):
        return F.log_ndtr(self._standardized(x))

    def survival_function(self, x):
        return 0.5 * (1 - F.erf(self._standardized(x) / _SQRT_2))

    def log_survival_function(self, x):
        return F.log_ndtr(-self._standardized(x))

    def icdf(self, x):
        return self.loc + self.scale * F.ndtri(_util.as_variable(x))

    @_util.cached_property
    def entropy(self):
        return self.log_scale + 0.5 * (1 + _util.LOG_2PI)

    @property
    def mean(self):
        return self.loc

    @property
    def mode(self):
        return self.loc

    @_util.cached_property
    def variance(self):
        return self.scale * self.scale

    @property
    def stddev(self):
        return self.scale


@register_kl(Normal, Normal)
def _kl_normal_normal(dist1, dist2):
    diff = dist1.loc - dist2.loc
    return (dist2.log_scale - dist1.log_scale
            + 0.5 * (dist1.variance + diff * diff) / dist2.variance - 0.5)
