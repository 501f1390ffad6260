"""chainer.links: the model links (their names are listed in __all__)."""

from chainer.links.model.classifier import Classifier  # NOQA

__all__ = ['Classifier']
