"""chainer.links: the loss family (links whose output is a loss; names listed in __all__)."""

from chainer.links.loss.black_out import BlackOut  # NOQA
from chainer.links.loss.crf1d import CRF1d  # NOQA
from chainer.links.loss.hierarchical_softmax import BinaryHierarchicalSoftmax  # NOQA
from chainer.links.loss.negative_sampling import NegativeSampling  # NOQA

__all__ = ['BinaryHierarchicalSoftmax', 'BlackOut', 'CRF1d', 'NegativeSampling']
