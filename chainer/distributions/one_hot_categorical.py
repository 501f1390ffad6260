"""The one-hot categorical distribution (events are one-hot vectors) and its KL divergence."""

import numpy

from chainer import backend
from chainer import functions as F
from chainer.distributions import _categorical_util
from chainer.distributions import _util
from chainer.distributions._distribution import Distribution
from chainer.distributions._kl import register_kl


class OneHotCategorical(Distribution):
    """One-hot categorical distribution: a categorical distribution whose events are one-hot
    vectors of length :math:`K`, of mass :math:`p(x) = \\prod_k p_k^{x_k}`.

    The batch shape is ``p.shape[:-1]`` and the event shape ``p.shape[-1:]``.

    Args:
        p (~chainer.Variable or :ref:`ndarray`): The probabilities of the categories.
    """

    def __init__(self, p):
        self.p, self.log_p = _categorical_util.probabilities(p, None)

    @property
    def batch_shape(self):
        return self.p.shape[:-1]

    @property
    def event_shape(self):
        return self.p.shape[-1:]

    @property
    def params(self):
        return {'p': self.p}

    def log_prob(self, x):
        x = _util.float_operand(x, self.p)
        # 0 log 0 terms (x_k = 0 where p_k = 0) are 0.
        return F.sum(F.where(x != 0, self.log_p * x, 0), axis=-1)

    @_util.cached_property
    def entropy(self):
        return _categorical_util.entropy(self.p)

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
        indices = _categorical_util.draw_indices(self.p, n)
        xp = backend.get_array_module(indices)
        eye = backend.get_device_from_array(indices).send(
            numpy.eye(self.p.shape[-1], dtype=numpy.int64))
        return _util.as_variable(xp.take(eye, indices, axis=0))


@register_kl(OneHotCategorical, OneHotCategorical)
def _kl_one_hot_categorical(dist1, dist2):
    return _categorical_util.kl_divergence(dist1.p, dist2.log_p)
