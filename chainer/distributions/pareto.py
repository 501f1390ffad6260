"""The Pareto distribution and its KL divergence."""

import numpy

from chainer import functions as F
from chainer.distributions import _util
from chainer.distributions._kl import register_kl
from chainer.distributions._univariate import Univariate


class Pareto(Univariate):
    """Pareto distribution, of density

    .. math::

        p(x; x_m, \\alpha) = \\frac{\\alpha x_m^{\\alpha}}{x^{\\alpha + 1}}
        \\quad (x \\geq x_m).

    Args:
        scale (~chainer.Variable or :ref:`ndarray`): The scale (minimum) :math:`x_m`.
        alpha (~chainer.Variable or :ref:`ndarray`): The shape :math:`\\alpha`.
    """

    _param_names = ('scale', 'alpha')

    def __init__(self, scale, alpha):
        self._set_params(scale, alpha)

    def _inside(self, x):
        return _util.array_of(x) >= self.scale.array

    def log_prob(self, x):
        x = _util.as_variable(x)
        inside = self._inside(x)
        x = F.where(inside, x, 1)  # log x only where it is in the support
        log_p = F.log(self.alpha) + self.alpha * F.log(self.scale) - (self.alpha + 1) * F.log(x)
        return _util.in_support(inside, log_p)

    def cdf(self, x):
        x = _util.as_variable(x)
        inside = self._inside(x)
        ratio = self.scale / F.where(inside, x, 1)
        return _util.in_support(inside, 1 - ratio ** self.alpha, 0)

    def icdf(self, x):
        return self.scale * (1 - _util.as_variable(x)) ** (-1 / self.alpha)

    @_util.cached_property
    def entropy(self):
        return F.log(self.scale) - F.log(self.alpha) + 1 / self.alpha + 1

    @_util.cached_property
    def mean(self):
        finite = self.alpha.array > 1
        alpha = F.where(finite, self.alpha, 2)
        return _util.in_support(finite, alpha * self.scale / (alpha - 1), numpy.inf)

    @property
    def mode(self):
        return self.scale

    @_util.cached_property
    def variance(self):
        finite = self.alpha.array > 2
        alpha = F.where(finite, self.alpha, 3)
        var = self.scale * self.scale * alpha / ((alpha - 1) * (alpha - 1) * (alpha - 2))
        return _util.in_support(finite, var, numpy.inf)

    @property
    def support(self):
        return '[scale, inf]'

    def sample_n(self, n):
        # Note [Pareto samples]: x = scale * exp(E / alpha) with E standard exponential (the
        # inverse of the cdf at 1 - exp(-E)), so that the samples are differentiable with
        # respect to both parameters.
        noise = self._draw(n, lambda random, shape: random.standard_exponential(shape))
        return self.scale * F.exp(noise / self.alpha)


@register_kl(Pareto, Pareto)
def _kl_pareto_pareto(dist1, dist2):
    kl = (dist2.alpha * (F.log(dist1.scale) - F.log(dist2.scale))
          + F.log(dist1.alpha) - F.log(dist2.alpha)
          + (dist2.alpha - dist1.alpha) / dist1.alpha)
    return _util.in_support(dist1.scale.array >= dist2.scale.array, kl, numpy.inf)
