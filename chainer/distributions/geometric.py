"""The geometric distribution and its KL divergence."""

from chainer import functions as F
from chainer.distributions import _util
from chainer.distributions._kl import register_kl
from chainer.distributions._univariate import Univariate


class Geometric(Univariate):
    """Geometric distribution: the number of Bernoulli trials up to the first success, of mass
    :math:`p(x; p) = (1 - p)^{x - 1} p` for :math:`x = 1, 2, \\dots`

    Its samples (of the dtype of :math:`p`) are not reparameterized.

    Args:
        p (~chainer.Variable or :ref:`ndarray`): The success probability :math:`p`.
    """

    _param_names = ('p',)

    def __init__(self, p):
        self._set_params(p)

    def log_prob(self, x):
        x = _util.float_operand(x, self.p)
        return (x - 1) * F.log1p(-self.p) + F.log(self.p)

    @_util.cached_property
    def entropy(self):
        return -(_util.xlogx(self.p) + _util.xlogx(1 - self.p)) / self.p

    @_util.cached_property
    def mean(self):
        return 1 / self.p

    @property
    def mode(self):
        return _util.filled(self.p, 1)

    @_util.cached_property
    def variance(self):
        return (1 - self.p) / (self.p * self.p)

    @property
    def support(self):
        return 'positive integer'

    def sample_n(self, n):
        return _util.as_variable(self._draw(
            n, lambda random, shape, p: random.geometric(p, shape), self.p.array))


@register_kl(Geometric, Geometric)
def _kl_geometric_geometric(dist1, dist2):
    return ((1 / dist1.p - 1) * (F.log1p(-dist1.p) - F.log1p(-dist2.p))
            + F.log(dist1.p) - F.log(dist2.p))
