"""The multivariate normal distribution and its KL divergence."""

import numpy

from chainer import functions as F
from chainer.distributions import _util
from chainer.distributions._distribution import Distribution
from chainer.distributions._kl import register_kl
from chainer.distributions._triangular import solve_tril
from chainer.utils import argument


def _log_abs_det(scale_tril):
    """log |det L| of lower-triangular matrices: the sum of the logs of the |diagonal|."""
    diagonal = F.diagonal(scale_tril, axis1=-2, axis2=-1)
    return F.sum(F.log(F.absolute(diagonal)), axis=-1)


def _broadcast_batch(matrices, batch_shape):
    """`matrices` (batch + (d, m)) broadcast to `batch_shape` + (d, m)."""
    shape = tuple(batch_shape) + matrices.shape[-2:]
    return matrices if matrices.shape == shape else F.broadcast_to(matrices, shape)


class MultivariateNormal(Distribution):
    """Multivariate normal distribution of mean :math:`\\mu` and covariance
    :math:`\\Sigma = L L^T`, of density

    .. math::

        p(x) = \\frac{1}{\\sqrt{(2\\pi)^d |\\Sigma|}}
            \\exp\\left(-\\frac12 (x - \\mu)^T \\Sigma^{-1} (x - \\mu)\\right).

    The event shape is ``loc.shape[-1:]``; the batch shapes of `loc` and `scale_tril` broadcast.
    Its samples ``loc + L e`` (e standard normal) are reparameterized.

    Args:
        loc (~chainer.Variable or :ref:`ndarray`): The means :math:`\\mu`, of shape
            ``batch + (d,)``.
        scale_tril (~chainer.Variable or :ref:`ndarray`): Keyword-only: lower-triangular
            Cholesky factors :math:`L` of the covariances, of shape ``batch + (d, d)`` with a
            positive diagonal.

    Raises:
        ValueError: `scale_tril` is not given.
        TypeError: Another keyword is given.
    """

    def __init__(self, loc, **kwargs):
        scale_tril, = argument.parse_kwargs(kwargs, ('scale_tril', None))
        if scale_tril is None:
            raise ValueError('`scale_tril` must have a value.')
        loc, scale_tril = _util.as_variable(loc), _util.as_variable(scale_tril)
        batch_shape = numpy.broadcast_shapes(loc.shape[:-1], scale_tril.shape[:-2])
        if loc.shape[:-1] != batch_shape:
            loc = F.broadcast_to(loc, batch_shape + loc.shape[-1:])
        self.loc = loc
        self.scale_tril = _broadcast_batch(scale_tril, batch_shape)

    @property
    def batch_shape(self):
        return self.loc.shape[:-1]

    @property
    def event_shape(self):
        return self.loc.shape[-1:]

    @property
    def params(self):
        return {'loc': self.loc, 'scale_tril': self.scale_tril}

    @_util.cached_property
    def _log_det(self):
        return _log_abs_det(self.scale_tril)

    def log_prob(self, x):
        diff = _util.as_variable(x) - self.loc
        lower = _broadcast_batch(self.scale_tril, diff.shape[:-1])
        whitened = solve_tril(lower, F.expand_dims(diff, -1))
        d = self.loc.shape[-1]
        return (-0.5 * d * _util.LOG_2PI - self._log_det
                - 0.5 * F.sum(whitened * whitened, axis=(-2, -1)))

    @_util.cached_property
    def entropy(self):
        return 0.5 * self.loc.shape[-1] * (1 + _util.LOG_2PI) + self._log_det

    @property
    def mean(self):
        return self.loc

    @property
    def mode(self):
        return self.loc

    @_util.cached_property
    def covariance(self):
        return F.matmul(self.scale_tril, self.scale_tril, transb=True)

    @_util.cached_property
    def variance(self):
        return F.sum(self.scale_tril * self.scale_tril, axis=-1)

    @property
    def support(self):
        return 'real'

    def sample_n(self, n):
        shape = (n,) + self.loc.shape + (1,)
        noise = _util.draw(self.loc, lambda random: random.standard_normal(shape), self.loc.dtype)
        return self.loc + F.squeeze(F.matmul(self.scale_tril, noise), -1)


@register_kl(MultivariateNormal, MultivariateNormal)
def _kl_multivariate_normal(dist1, dist2):
    # KL = (tr(S2^-1 S1) + |L2^-1 (mu2 - mu1)|^2 - d) / 2 + log|L2| - log|L1|, with
    # tr(S2^-1 S1) = |L2^-1 L1|_F^2; one solve covers both.
    d = dist1.loc.shape[-1]
    batch_shape = numpy.broadcast_shapes(dist1.batch_shape, dist2.batch_shape)
    diff = _broadcast_batch(F.expand_dims(dist2.loc - dist1.loc, -1), batch_shape)
    lower1 = _broadcast_batch(dist1.scale_tril, batch_shape)
    lower2 = _broadcast_batch(dist2.scale_tril, batch_shape)
    solved = solve_tril(lower2, F.concat((lower1, diff), axis=-1))
    return (0.5 * (F.sum(solved * solved, axis=(-2, -1)) - d)
            + dist2._log_det - dist1._log_det)
