"""Probability distributions: chainer.distributions.

Each class is a batch of distributions of one family, with differentiable statistics, densities
and (for the reparameterizable families) samples; see :class:`chainer.Distribution`. The KL
divergences of pairs of families are registered with :func:`chainer.register_kl` and computed by
:func:`chainer.kl_divergence`.
"""

from chainer.distributions._distribution import Distribution  # NOQA
from chainer.distributions._kl import cross_entropy  # NOQA
from chainer.distributions._kl import kl_divergence  # NOQA
from chainer.distributions._kl import register_kl  # NOQA
from chainer.distributions.bernoulli import Bernoulli  # NOQA
from chainer.distributions.beta import Beta  # NOQA
from chainer.distributions.categorical import Categorical  # NOQA
from chainer.distributions.cauchy import Cauchy  # NOQA
from chainer.distributions.chisquare import Chisquare  # NOQA
from chainer.distributions.dirichlet import Dirichlet  # NOQA
from chainer.distributions.exponential import Exponential  # NOQA
from chainer.distributions.gamma import Gamma  # NOQA
from chainer.distributions.geometric import Geometric  # NOQA
from chainer.distributions.gumbel import Gumbel  # NOQA
from chainer.distributions.independent import Independent  # NOQA
from chainer.distributions.laplace import Laplace  # NOQA
from chainer.distributions.log_normal import LogNormal  # NOQA
from chainer.distributions.multivariate_normal import MultivariateNormal  # NOQA
from chainer.distributions.normal import Normal  # NOQA
from chainer.distributions.one_hot_categorical import OneHotCategorical  # NOQA
from chainer.distributions.pareto import Pareto  # NOQA
from chainer.distributions.poisson import Poisson  # NOQA
from chainer.distributions.uniform import Uniform  # NOQA

__all__ = [
    'Bernoulli', 'Beta', 'Categorical', 'Cauchy', 'Chisquare', 'Dirichlet', 'Exponential',
    'Gamma', 'Geometric', 'Gumbel', 'Independent', 'Laplace', 'LogNormal', 'MultivariateNormal',
    'Normal', 'OneHotCategorical', 'Pareto', 'Poisson', 'Uniform',
]
