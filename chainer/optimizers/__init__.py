"""The optimizers of chainer (``chainer.optimizers.SGD``, ``Adam``, ...)."""

from chainer.optimizers.ada_delta import AdaDelta  # NOQA
from chainer.optimizers.ada_grad import AdaGrad  # NOQA
from chainer.optimizers.adam import AdaBound  # NOQA
from chainer.optimizers.adam import Adam  # NOQA
from chainer.optimizers.adam import AdamW  # NOQA
from chainer.optimizers.adam import AMSBound  # NOQA
from chainer.optimizers.adam import AMSGrad  # NOQA
from chainer.optimizers.corrected_momentum_sgd import CorrectedMomentumSGD  # NOQA
from chainer.optimizers.momentum_sgd import MomentumSGD  # NOQA
from chainer.optimizers.msvag import MSVAG  # NOQA
from chainer.optimizers.nesterov_ag import NesterovAG  # NOQA
from chainer.optimizers.rmsprop import RMSprop  # NOQA
from chainer.optimizers.rmsprop_graves import RMSpropGraves  # NOQA
from chainer.optimizers.sgd import SGD  # NOQA
from chainer.optimizers.smorms3 import SMORMS3  # NOQA

__all__ = [
    'AdaBound', 'AdaDelta', 'AdaGrad', 'Adam', 'AdamW', 'AMSBound', 'AMSGrad',
    'CorrectedMomentumSGD', 'MomentumSGD', 'MSVAG', 'NesterovAG', 'RMSprop', 'RMSpropGraves',
    'SGD', 'SMORMS3',
]
