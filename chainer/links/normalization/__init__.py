"""chainer.links: the normalization links (their names are listed in __all__)."""

from chainer.links.normalization.batch_normalization import BatchNormalization  # NOQA
from chainer.links.normalization.batch_renormalization import BatchRenormalization  # NOQA
from chainer.links.normalization.decorrelated_batch_normalization import (  # NOQA
    DecorrelatedBatchNormalization)
from chainer.links.normalization.group_normalization import GroupNormalization  # NOQA
from chainer.links.normalization.layer_normalization import LayerNormalization  # NOQA

__all__ = [
    'BatchNormalization', 'BatchRenormalization', 'DecorrelatedBatchNormalization',
    'GroupNormalization', 'LayerNormalization',
]
