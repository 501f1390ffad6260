"""chainer.functions: the noise family (its public names are listed in __all__)."""

from chainer.functions.noise.dropout import dropout  # NOQA
from chainer.functions.noise.gaussian import gaussian  # NOQA
from chainer.functions.noise.gumbel_softmax import gumbel_softmax  # NOQA
from chainer.functions.noise.simplified_dropconnect import simplified_dropconnect  # NOQA
from chainer.functions.noise.zoneout import zoneout  # NOQA

__all__ = ['dropout', 'gaussian', 'gumbel_softmax', 'simplified_dropconnect', 'zoneout']
NATIVE = frozenset(__all__)
