"""chainer.functions: the noise family (its public names are listed in __all__)."""

from chainer.functions.noise.dropout import dropout  # NOQA
from chainer.functions.noise.gaussian import gaussian  # NOQA

__all__ = ['dropout', 'gaussian']
NATIVE = frozenset(__all__)
