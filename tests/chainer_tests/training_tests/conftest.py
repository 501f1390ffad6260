"""Fixtures of the training tests: a Trainer driven by a model-free updater that only counts."""

import types

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import iterators
from chainer import optimizers
from chainer import training
from chainer.testing.training import MockUpdater


@pytest.fixture
def mock_trainer(tmp_path):
    """`mock_trainer(stop_trigger=(10, 'iteration'), iters_per_epoch=10)`: a Trainer writing to tmp_path."""

    def make(stop_trigger=(10, 'iteration'), iters_per_epoch=10, extensions=None):
        updater = MockUpdater(iters_per_epoch)
        return training.Trainer(updater, stop_trigger, out=str(tmp_path), extensions=extensions)

    return make


class TinyRegression(chainer.Chain):
    """y = x W^T + b with a loss (`loss_function`: the mean squared error) reported as 'loss'."""

    loss_function = staticmethod(F.mean_squared_error)

    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.W = chainer.Parameter(numpy.array([[0.1, -0.2, 0.3]], numpy.float32))
            self.b = chainer.Parameter(numpy.zeros(1, numpy.float32))

    def forward(self, x, t):
        loss = self.loss_function(F.linear(x, self.W, self.b), t)
        chainer.report({'loss': loss}, self)
        return loss


def regression_dataset(n=12, seed=0):
    """A list of (x, t) pairs of a noisy linear function, float32."""
    rng = numpy.random.RandomState(seed)
    x = rng.randn(n, 3).astype(numpy.float32)
    t = (x @ numpy.array([[1.], [2.], [-1.]], numpy.float32) + 0.5).astype(numpy.float32)
    return list(zip(x, t))


def params_of(link):
    """A dict from parameter paths to NumPy copies of their arrays."""
    return {name: numpy.array(chainer.backend.CpuDevice().send(param.array))
            for name, param in link.namedparams()}


def _make_updater(device='@numpy', dataset=None, optimizer=None, batch_size=4):
    model = TinyRegression()
    optimizer = optimizer or optimizers.SGD(lr=0.1)
    optimizer.setup(model)
    iterator = iterators.SerialIterator(
        regression_dataset() if dataset is None else dataset, batch_size, shuffle=False)
    return training.updaters.StandardUpdater(iterator, optimizer, device=device)


@pytest.fixture
def tiny():
    """The tiny regression problem of the end-to-end tests.

    ``tiny.updater(device='@numpy', dataset=None, optimizer=None, batch_size=4)`` is a StandardUpdater
    training a fresh `TinyRegression` (SGD, lr=0.1, by default) on the dataset in order;
    ``tiny.Model``, ``tiny.dataset(n=12, seed=0)`` and ``tiny.params_of(link)`` are the pieces.
    """
    return types.SimpleNamespace(updater=_make_updater, Model=TinyRegression,
                                 dataset=regression_dataset, params_of=params_of)
