"""unchain_variables: the observation no longer holds the graphs behind its Variables."""

import types

import numpy

import chainer
import chainer.functions as F
from chainer.training import extensions

from mode_utils import make_array, to_numpy


def _observation(mode):
    x = chainer.Variable(make_array(mode, [1.0, 2.0, 3.0]))
    loss = F.sum(x * x)
    return {'main/loss': loss, 'main/count': 3, 'main/raw': make_array(mode, 1.0)}, x


def test_unchains_the_observed_variables(mode):
    observation, x = _observation(mode)
    loss = observation['main/loss']
    with chainer.using_config('keep_graph_on_report', True):
        trainer = types.SimpleNamespace(observation=observation)
        extensions.unchain_variables(trainer)
    unchained = trainer.observation['main/loss']
    assert to_numpy(unchained.array) == 14.0
    assert unchained.creator is None if mode == 'numpy' else not unchained.requires_grad
    assert trainer.observation['main/count'] == 3
    numpy.testing.assert_array_equal(to_numpy(trainer.observation['main/raw']), 1.0)
    # The caller's own reference still has its graph in chainerx mode (only the observation
    # drops it); in NumPy mode the graph itself is cut, as in the original.
    if mode == 'chainerx':
        loss.backward()
        numpy.testing.assert_array_equal(to_numpy(x.grad), [2.0, 4.0, 6.0])
    else:
        assert loss.creator is None


def test_runs_every_iteration_after_the_readers():
    assert extensions.unchain_variables.trigger == (1, 'iteration')
    assert extensions.unchain_variables.priority < chainer.training.PRIORITY_READER
