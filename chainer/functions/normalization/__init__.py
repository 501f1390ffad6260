"""chainer.functions: the normalization family (its public names are listed in __all__)."""

from chainer.functions.normalization.batch_normalization import batch_normalization  # NOQA
from chainer.functions.normalization.batch_normalization import fixed_batch_normalization  # NOQA
from chainer.functions.normalization.group_normalization import group_normalization  # NOQA
from chainer.functions.normalization.l2_normalization import normalize  # NOQA
from chainer.functions.normalization.layer_normalization import layer_normalization  # NOQA
from chainer.functions.normalization.local_response_normalization import (  # NOQA
    local_response_normalization)
from chainer.functions.normalization.batch_renormalization import batch_renormalization  # NOQA
from chainer.functions.normalization.batch_renormalization import fixed_batch_renormalization  # NOQA
from chainer.functions.normalization.decorrelated_batch_normalization import (  # NOQA
    decorrelated_batch_normalization, fixed_decorrelated_batch_normalization)

__all__ = [
    'batch_normalization', 'batch_renormalization', 'decorrelated_batch_normalization',
    'fixed_batch_normalization', 'fixed_batch_renormalization', 'fixed_decorrelated_batch_normalization',
    'group_normalization', 'layer_normalization', 'local_response_normalization', 'normalize',
]
# Every forward_chainerx is chainerx.batch_norm / fixed_batch_norm or a composition of chainerx
# routines (whose backward chainerx records).
NATIVE = frozenset(__all__)
