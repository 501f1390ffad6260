"""The categorical distribution (events are category indices) and its KL divergence."""

from chainer import functions as F
from chainer.distributions import _categorical_util
from chainer.distributions import _util
from chainer.distributions._distribution import Distribution
from chainer.distributions._kl import register_kl


class Categorical(Distribution):
    """Categorical distribution over :math:`\\{0, \\dots, K - 1\\}`, of mass :math:`p(x) = p_x`.

    The parameters have the categories on their last axis, so the batch shape is
    ``p.shape[:-1]`` and an event is a scalar index (int64 in samples).

    Args:
        p (~chainer.Variable or :ref:`ndarray`): The probabilities of the categories.
        logit (~chainer.Variable or :ref:`ndarray`): Unnormalized log-probabilities, instead of
            `p` (normalized with log_softmax over the last axis).

    Raises:
        ValueError: Both or neither of `p` and `logit` are given.
    """

    def __init__(self, p=None, logit=None):
        self.p, self.log_p = _categorical_util.probabilities(p, logit)

    @property
    def batch_shape(self):
        return self.p.shape[:-1]

    @property
    def event_shape(self):
        return ()

    @property
    def params(self):
        return {'p': self.p}

    def log_prob(self, x):
        x = _util.array_of(x)
        n_categories = self.log_p.shape[-1]
        log_p = F.broadcast_to(self.log_p, x.shape + (n_categories,))
        selected = F.select_item(F.reshape(log_p, (-1, n_categories)),
                                 x.reshape(-1).astype('int32'))
        return F.reshape(selected, x.shape)

    @_util.cached_property
    def entropy(self):
        return _categorical_util.entropy(self.p)

    @property
    def support(self):
        return '{0, 1, ..., K-1}'

    def sample_n(self, n):
        return _util.as_variable(_categorical_util.draw_indices(self.p, n))


@register_kl(Categorical, Categorical)
def _kl_categorical_categorical(dist1, dist2):
    return _categorical_util.kl_divergence(dist1.p, dist2.log_p)
