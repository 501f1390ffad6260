"""The continuous uniform distribution and its KL divergence."""

import numpy

from chainer import functions as F
from chainer.distributions import _util
from chainer.distributions._kl import register_kl
from chainer.distributions._univariate import Univariate
from chainer.utils import argument


class Uniform(Univariate):
    """Uniform distribution on :math:`[l, h]`, of density :math:`1 / (h - l)` there.

    Args:
        low (~chainer.Variable or :ref:`ndarray`): The lower bound :math:`l`.
        high (~chainer.Variable or :ref:`ndarray`): The upper bound :math:`h`.
        loc (~chainer.Variable or :ref:`ndarray`): :math:`l`, with `scale`, instead of `low`
            and `high`.
        scale (~chainer.Variable or :ref:`ndarray`): The width :math:`h - l`, with `loc`.

    All arguments are keyword-only.

    Raises:
        ValueError: Neither or both of the pairs (`low`, `high`) and (`loc`, `scale`) are given.
        TypeError: Another keyword is given.
    """

    _param_names = ('low', 'high')

    def __init__(self, **kwargs):
        low, high, loc, scale = argument.parse_kwargs(
            kwargs, ('low', None), ('high', None), ('loc', None), ('scale', None))
        given = tuple(value is not None for value in (low, high, loc, scale))
        if given not in ((True, True, False, False), (False, False, True, True)):
            raise ValueError('Either `low, high` or `loc, scale` (not both) must have a value.')
        if low is not None:
            self._set_params(low, high)
            self.loc = self.low
            self.scale = _util.derived(lambda h, l_: h - l_, self.high, self.low)
        else:
            self.loc, self.scale = _util.broadcast(loc, scale)
            self.low = self.loc
            self.high = _util.derived(lambda l_, s: l_ + s, self.loc, self.scale)

    def _inside(self, x):
        x = _util.array_of(x)
        return (x >= self.low.array) & (x <= self.high.array)

    def log_prob(self, x):
        return _util.in_support(self._inside(x), -F.log(self.scale))

    def prob(self, x):
        return _util.in_support(self._inside(x), 1 / self.scale, 0)

    def cdf(self, x):
        return F.clip((_util.as_variable(x) - self.low) / self.scale, 0.0, 1.0)

    def icdf(self, x):
        return self.low + self.scale * _util.as_variable(x)

    @_util.cached_property
    def entropy(self):
        return F.log(self.scale)

    @_util.cached_property
    def mean(self):
        return (self.low + self.high) / 2

    @_util.cached_property
    def variance(self):
        return self.scale * self.scale / 12

    @property
    def support(self):
        return '[low, high]'

    def sample_n(self, n):
        noise = self._draw(n, lambda random, shape: random.uniform(0, 1, shape))
        return self.low + self.scale * noise


@register_kl(Uniform, Uniform)
def _kl_uniform_uniform(dist1, dist2):
    inner = (dist1.low.array >= dist2.low.array) & (dist1.high.array <= dist2.high.array)
    return _util.in_support(inner, F.log(dist2.scale) - F.log(dist1.scale), numpy.inf)
