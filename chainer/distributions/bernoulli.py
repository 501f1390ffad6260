"""The Bernoulli distribution and its KL divergence."""

import numpy

from chainer import backend
from chainer import functions as F
from chainer.distributions import _util
from chainer.distributions._kl import register_kl
from chainer.distributions._univariate import Univariate


class Bernoulli(Univariate):
    """Bernoulli distribution, of mass :math:`p(x; p) = p^x (1 - p)^{1 - x}` for
    :math:`x \\in \\{0, 1\\}`.

    The log-probability is computed from the logit, :math:`x l - \\log(1 + e^l)`, which is
    stable for large :math:`|l|`; an infinite logit (p = 0 or 1) gives the exact limits.

    Args:
        p (~chainer.Variable or :ref:`ndarray`): The probability :math:`p` of 1.
        logit (~chainer.Variable or :ref:`ndarray`): :math:`l = \\log p - \\log(1 - p)`,
            instead of `p`.
        binary_check (bool): If True, :meth:`log_prob` gives :math:`-\\infty` (and :meth:`prob`
            0) at values other than 0 and 1; else the formula is applied to any value.

    Raises:
        ValueError: Both or neither of `p` and `logit` are given.
    """

    _param_names = ('p',)

    def __init__(self, p=None, logit=None, binary_check=False):
        if (p is None) == (logit is None):
            raise ValueError('Either `p` or `logit` (not both) must have a value.')
        if p is None:
            self.logit, = _util.broadcast(logit)
            self.p = _util.derived(F.sigmoid, self.logit)
        else:
            self.p, = _util.broadcast(p)
            with numpy.errstate(divide='ignore'):  # p = 0 or 1 gives an infinite logit
                self.logit = _util.derived(lambda p_: F.log(p_) - F.log1p(-p_), self.p)
        self.binary_check = binary_check

    @property
    def params(self):
        return {'logit': self.logit}

    def log_prob(self, x):
        x = _util.float_operand(x, self.logit)
        logit = self.logit.array
        xp = backend.get_array_module(logit)
        finite = xp.isfinite(logit)
        safe_logit = F.where(finite, self.logit, 0)
        log_p = x * safe_logit - F.softplus(safe_logit)
        if not bool(finite.all()):
            # The limits at logit = +inf (p = 1) and -inf (p = 0): log x and log(1 - x).
            with numpy.errstate(divide='ignore', invalid='ignore'):
                limit = F.log(xp.where(logit > 0, x, 1 - x))
            log_p = F.where(finite, log_p, limit)
        if self.binary_check:
            log_p = _util.in_support((x == 0) | (x == 1), log_p)
        return log_p

    @_util.cached_property
    def entropy(self):
        return -_util.xlogx(self.p) - _util.xlogx(1 - self.p)

    @property
    def mean(self):
        return self.p

    @_util.cached_property
    def variance(self):
        return self.p * (1 - self.p)

    @property
    def support(self):
        return '{0, 1}'

    def sample_n(self, n):
        return _util.as_variable(self._draw(
            n, lambda random, shape, p: random.binomial(1, p, shape), self.p.array,
            dtype=numpy.int64))


@register_kl(Bernoulli, Bernoulli)
def _kl_bernoulli_bernoulli(dist1, dist2):
    # KL = p1 (log p1 - log p2) + (1 - p1) (log(1 - p1) - log(1 - p2)), with log p = -softplus(-l)
    # and log(1 - p) = -softplus(l) = -softplus(-l) - l.
    return ((dist1.logit - dist2.logit) * (dist1.p - 1)
            - F.softplus(-dist1.logit) + F.softplus(-dist2.logit))
