"""Optimizer hooks: gradient transformations run by an optimizer before (or after) each update.

Register one with ``optimizer.add_hook(hook)`` after ``optimizer.setup(link)``.
"""

from chainer.optimizer_hooks.gradient_clipping import GradientClipping  # NOQA
from chainer.optimizer_hooks.gradient_hard_clipping import GradientHardClipping  # NOQA
from chainer.optimizer_hooks.gradient_lars import GradientLARS  # NOQA
from chainer.optimizer_hooks.gradient_noise import GradientNoise  # NOQA
from chainer.optimizer_hooks.lasso import Lasso  # NOQA
from chainer.optimizer_hooks.weight_decay import WeightDecay  # NOQA

__all__ = ['GradientClipping', 'GradientHardClipping', 'GradientLARS', 'GradientNoise', 'Lasso',
           'WeightDecay']
