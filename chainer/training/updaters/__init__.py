"""Updaters: the objects that run the training steps of a Trainer."""

from chainer.training.updaters.standard_updater import StandardUpdater  # NOQA
