"""Updaters under their original module name (`chainer.training.updater.StandardUpdater`, ...)."""

from chainer.training._updater import Updater  # NOQA
from chainer.training.updaters.parallel_updater import ParallelUpdater  # NOQA
from chainer.training.updaters.standard_updater import StandardUpdater  # NOQA
