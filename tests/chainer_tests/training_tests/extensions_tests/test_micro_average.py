"""MicroAverage: reports sum(numerator) / sum(denominator) over each trigger interval."""

import types

import numpy
import pytest

import chainer
import chainerx
from chainer.training import extensions

# (numerator, denominator) reported at each iteration; the trigger fires at the 3rd and 5th.
OBSERVED = [(3, 4), (1, 2), (0, 10), (5, 5), (2, 3)]
FIRES = [False, False, True, False, True]

CONVERTERS = {
    'int': int,
    'numpy': lambda v: numpy.asarray(v, numpy.int32),
    'chainerx': lambda v: chainerx.array(v, dtype='float32'),
    'variable': lambda v: chainer.Variable(chainerx.array(float(v), dtype='float32')),
}


def _run(ext, observed, convert, reporter=None):
    """Reports each pair and calls `ext`; returns the observations."""
    reporter = reporter or chainer.Reporter()
    trainer = types.SimpleNamespace()
    observations = []
    for numerator, denominator in observed:
        trainer.observation = {}
        with reporter.scope(trainer.observation):
            if numerator is not None:
                chainer.report({'main/correct': convert(numerator),
                                'main/total': convert(denominator)})
            ext(trainer)
        observations.append(trainer.observation)
    return observations


@pytest.mark.parametrize('kind', sorted(CONVERTERS))
def test_reports_the_micro_average_at_each_trigger(kind):
    fires = iter(FIRES)
    ext = extensions.MicroAverage('main/correct', 'main/total', 'main/accuracy',
                                  trigger=lambda trainer: next(fires))
    observations = _run(ext, OBSERVED, CONVERTERS[kind])
    results = [o.get('main/accuracy') for o in observations]
    assert results == [None, None, pytest.approx(4 / 16), None, pytest.approx(7 / 8)]


def test_iterations_without_the_keys_are_skipped():
    fires = iter([True])
    ext = extensions.MicroAverage('main/correct', 'main/total', 'main/accuracy',
                                  trigger=lambda trainer: next(fires))
    observations = _run(ext, [(None, None), (1, 4)], int)
    assert observations[1]['main/accuracy'] == 0.25


def test_defaults():
    ext = extensions.MicroAverage('a', 'b', 'c')
    assert ext.priority == chainer.training.PRIORITY_EDITOR
    assert ext.trigger == (1, 'iteration')
    assert str(ext._trigger) == "IntervalTrigger(1, 'epoch')"


def test_serialize_keeps_the_running_sums():
    serializers = pytest.importorskip('chainer.serializers')
    ext = extensions.MicroAverage('main/correct', 'main/total', 'main/accuracy',
                                  trigger=lambda trainer: False)
    _run(ext, OBSERVED[:2], int)
    saved = serializers.DictionarySerializer()
    ext.serialize(saved)
    resumed = extensions.MicroAverage('main/correct', 'main/total', 'main/accuracy',
                                      trigger=lambda trainer: True)
    resumed.serialize(serializers.NpzDeserializer(saved.target))
    observations = _run(resumed, [(0, 2)], int)
    assert observations[0]['main/accuracy'] == pytest.approx(4 / 8)
