"""Updaters: the objects that run the training steps of a Trainer (on one device, or data-parallel
on several with ParallelUpdater)."""

from chainer.training.updaters.parallel_updater import ParallelUpdater  # NOQA
from chainer.training.updaters.standard_updater import StandardUpdater  # NOQA
