"""Link hooks shipped with Chainer: SpectralNormalization, TimerHook, WeightStandardization.

A link hook runs around every call of a link (see :class:`chainer.LinkHook`); register one on a
link with ``link.add_hook(hook)`` or, for TimerHook, on every link of a scope with ``with hook:``.
"""

from chainer.link_hooks.spectral_normalization import SpectralNormalization  # NOQA
from chainer.link_hooks.timer import TimerHook  # NOQA
from chainer.link_hooks.weight_standardization import WeightStandardization  # NOQA

__all__ = ['SpectralNormalization', 'TimerHook', 'WeightStandardization']
