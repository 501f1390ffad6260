"""chainer.links: the activation links (their names are listed in __all__)."""

from chainer.links.activation.maxout import Maxout  # NOQA
from chainer.links.activation.prelu import PReLU  # NOQA
from chainer.links.activation.simplified_dropconnect import SimplifiedDropconnect  # NOQA
from chainer.links.activation.swish import Swish  # NOQA

__all__ = ['Maxout', 'PReLU', 'SimplifiedDropconnect', 'Swish']
