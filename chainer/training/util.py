"""Training utilities under their original module name (`chainer.training.util.get_trigger`)."""

from chainer.training.trigger import get_trigger  # NOQA
