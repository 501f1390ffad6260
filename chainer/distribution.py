"""chainer.distribution: the module path of the distribution base class and the KL registry in
the original Chainer (`from chainer.distribution import Distribution`); they live in
chainer.distributions."""

from chainer.distributions._distribution import Distribution  # NOQA
from chainer.distributions._kl import cross_entropy  # NOQA
from chainer.distributions._kl import kl_divergence  # NOQA
from chainer.distributions._kl import register_kl  # NOQA
