"""The Cauchy distribution."""

import math
import warnings

import numpy

from chainer import functions as F
from chainer.distributions import _util
from chainer.distributions._univariate import LocationScale


class Cauchy(LocationScale):
    """Cauchy distribution, of density

    .. math::

        p(x; x_0, \\gamma) = \\frac{1}{\\pi\\gamma\\left[1 + \\left(
            \\frac{x - x_0}{\\gamma}\\right)^2\\right]}.

    Its mean and variance are undefined: :attr:`mean` and :attr:`variance` warn and give NaN.

    Args:
        loc (~chainer.Variable or :ref:`ndarray`): The location :math:`x_0`.
        scale (~chainer.Variable or :ref:`ndarray`): The scale :math:`\\gamma`.
    """

    @staticmethod
    def _standard_noise(random, shape):
        return random.standard_cauchy(shape)

    def log_prob(self, x):
        z = self._standardized(x)
        return -math.log(math.pi) - F.log(self.scale) - F.log1p(z * z)

    def cdf(self, x):
        return F.arctan(self._standardized(x)) / math.pi + 0.5

    def survival_function(self, x):
        return 0.5 - F.arctan(self._standardized(x)) / math.pi

    def icdf(self, x):
        return self.loc + self.scale * F.tan((_util.as_variable(x) - 0.5) * math.pi)

    @_util.cached_property
    def entropy(self):
        return F.log(4 * math.pi * self.scale)

    def _undefined(self, name):
        warnings.warn('{} of the cauchy distribution is undefined.'.format(name), RuntimeWarning)
        return _util.filled(self.loc, numpy.nan)

    @property
    def mean(self):
        return self._undefined('Mean')

    @property
    def variance(self):
        return self._undefined('Variance')

    @property
    def mode(self):
        return self.loc
