"""chainer.links: the standard links (layers with parameters), as in the original package.

Each family lists its names in its own ``__all__``; this package re-exports them all.
"""

from chainer.links.activation import *  # NOQA
from chainer.links.connection import *  # NOQA
from chainer.links.loss import *  # NOQA
from chainer.links.model import *  # NOQA
from chainer.links.normalization import *  # NOQA
from chainer.links.rnn import *  # NOQA
