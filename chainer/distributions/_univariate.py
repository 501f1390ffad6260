"""Bases of the distributions of scalar events: parameters broadcast to one batch shape, and the
location-scale families (x = loc + scale * standard noise)."""

from chainer.distributions import _util
from chainer.distributions._distribution import Distribution


class Univariate(Distribution):
    """A distribution of scalar events whose parameters (`_param_names`) share the batch shape.

    A subclass sets `_param_names` and calls `_set_params` with the given values, which become
    Variables broadcast to their common shape.
    """

    _param_names = ()

    def _set_params(self, *values):
        for name, value in zip(self._param_names, _util.broadcast(*values)):
            setattr(self, name, value)

    @property
    def _first_param(self):
        return getattr(self, self._param_names[0])

    @property
    def batch_shape(self):
        return self._first_param.shape

    @property
    def event_shape(self):
        return ()

    @property
    def params(self):
        return {name: getattr(self, name) for name in self._param_names}

    def _draw(self, n, sampler, *arrays, dtype=None):
        """The array `sampler(random, shape, *arrays)` for shape ``(n,) + batch_shape``, on the
        parameters' device, of `dtype` (by default the parameters')."""
        like = self._first_param
        shape = (n,) + self.batch_shape
        return _util.draw(like, lambda random, *args: sampler(random, shape, *args),
                          like.dtype if dtype is None else dtype, *arrays)


class LocationScale(Univariate):
    """A family of ``loc + scale * e``, e drawn from the standard member (`_standard_noise`).

    Its samples are reparameterized: differentiable with respect to loc and scale.
    """

    _param_names = ('loc', 'scale')

    def __init__(self, loc, scale):
        self._set_params(loc, scale)

    @staticmethod
    def _standard_noise(random, shape):
        raise NotImplementedError

    def _standardized(self, x):
        """(x - loc) / scale."""
        return (_util.as_variable(x) - self.loc) / self.scale

    def sample_n(self, n):
        return self.loc + self.scale * self._draw(n, self._standard_noise)

    @property
    def support(self):
        return 'real'
