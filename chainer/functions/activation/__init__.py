"""chainer.functions: the activation family (its public names are listed in __all__).

Every name runs natively on chainerx-backed Variables (Note [Activation native path] in _util.py).
"""

from chainer.functions.activation.clipped_relu import clipped_relu  # NOQA
from chainer.functions.activation.clipped_relu import relu6  # NOQA
from chainer.functions.activation.crelu import crelu  # NOQA
from chainer.functions.activation.elu import elu  # NOQA
from chainer.functions.activation.hard_sigmoid import hard_sigmoid  # NOQA
from chainer.functions.activation.leaky_relu import leaky_relu  # NOQA
from chainer.functions.activation.log_softmax import log_softmax  # NOQA
from chainer.functions.activation.maxout import maxout  # NOQA
from chainer.functions.activation.prelu import prelu  # NOQA
from chainer.functions.activation.relu import relu  # NOQA
from chainer.functions.activation.rrelu import rrelu  # NOQA
from chainer.functions.activation.selu import selu  # NOQA
from chainer.functions.activation.sigmoid import sigmoid  # NOQA
from chainer.functions.activation.softmax import softmax  # NOQA
from chainer.functions.activation.softplus import softplus  # NOQA
from chainer.functions.activation.swish import swish  # NOQA
from chainer.functions.activation.tanh import tanh  # NOQA

__all__ = [
    'clipped_relu', 'crelu', 'elu', 'hard_sigmoid', 'leaky_relu', 'log_softmax', 'maxout', 'prelu',
    'relu', 'relu6', 'rrelu', 'selu', 'sigmoid', 'softmax', 'softplus', 'swish', 'tanh',
]
NATIVE = frozenset(__all__)
