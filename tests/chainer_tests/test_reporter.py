"""chainer.reporter: observers, the thread's reporter stack, detached values, Summary and DictSummary."""

import threading
import warnings

import numpy
import pytest

import chainer
import chainerx
from chainer import serializers

from mode_utils import make_array
from mode_utils import to_numpy


def test_report_with_observer_prefixes_the_key():
    reporter = chainer.Reporter()
    model, child = chainer.Chain(), object()
    reporter.add_observer('main', model)
    reporter.add_observers('main', [('/child', child)])
    observation = {}
    with reporter.scope(observation):
        chainer.report({'loss': 1.0}, model)
        chainer.report({'x': 2}, child)
        chainer.report({'plain': 3})
    assert observation == {'main/loss': 1.0, 'main/child/x': 2, 'plain': 3}
    assert reporter.observation == {}
    with pytest.raises(KeyError, match='not registered'):
        reporter.report({'a': 1}, object())


def test_reporter_stack_and_report_scope():
    outer, inner = chainer.Reporter(), chainer.Reporter()
    chainer.report({'ignored': 1})  # no current reporter: nothing happens
    with pytest.raises(IndexError):
        chainer.get_current_reporter()
    with outer:
        assert chainer.get_current_reporter() is outer
        with inner:
            assert chainer.get_current_reporter() is inner
        scoped = {}
        with chainer.report_scope(scoped):
            chainer.report({'a': 1})
        assert scoped == {'a': 1}
        other_thread = []
        thread = threading.Thread(target=lambda: other_thread.append(
            len(chainer.reporter._get_reporters())))
        thread.start()
        thread.join()
        assert other_thread == [0]
    assert chainer.reporter._get_reporters() == []


@pytest.mark.parametrize('keep_graph', [False, True])
def test_reported_variables_are_detached_unless_configured(mode, keep_graph):
    x = chainer.Variable(make_array(mode, [1., 2.]))
    loss = chainer.functions.sum(x * x)
    observation = {}
    with chainer.using_config('keep_graph_on_report', keep_graph):
        with chainer.Reporter().scope(observation):
            chainer.report({'loss': loss})
    reported = observation['loss']
    assert float(to_numpy(reported.array)) == 5.0
    if keep_graph:
        assert reported is loss
    else:
        assert reported is not loss and not reported.requires_grad


def test_summary_mean_and_std(mode):
    summary = chainer.Summary()
    for value, weight in [(1., 1), (2., 2), (4., 1)]:
        summary.add(make_array(mode, value), weight=weight)
    mean, std = summary.make_statistics()
    values = numpy.array([1., 2., 2., 4.])
    assert float(to_numpy(summary.compute_mean())) == pytest.approx(values.mean())
    assert float(to_numpy(mean)) == pytest.approx(values.mean())
    assert float(to_numpy(std)) == pytest.approx(values.std())
    if mode == 'chainerx':
        assert isinstance(mean, chainerx.ndarray)


def test_summary_accepts_python_numbers_and_variables():
    summary = chainer.Summary()
    summary.add(3)
    summary.add(chainer.Variable(numpy.array(5.)))
    assert summary.compute_mean() == 4.


def test_dict_summary_scalars_weights_and_errors(mode):
    summary = chainer.DictSummary()
    summary.add({'a': make_array(mode, 1.), 'b': (2., 3), 'vector': numpy.zeros(3), 'text': 'x'})
    summary.add({'a': chainer.Variable(make_array(mode, 3.)), 'b': (6., numpy.array(1))})
    mean = summary.compute_mean()
    assert sorted(mean) == ['a', 'b']
    assert float(to_numpy(mean['a'])) == 2. and float(mean['b']) == 3.
    stats = summary.make_statistics()
    assert sorted(stats) == ['a', 'a.std', 'b', 'b.std']
    assert float(to_numpy(stats['a.std'])) == pytest.approx(1.)
    with pytest.raises(ValueError, match='weight to w was not scalar'):
        summary.add({'w': (1., numpy.ones(2))})


def test_dict_summary_serialize_roundtrip():
    summary = chainer.DictSummary()
    summary.add({'a': 1., 'b': 2.})
    summary.add({'a': 3.})
    saver = serializers.DictionarySerializer()
    summary.serialize(saver)
    loaded = chainer.DictSummary()
    loaded.add({'stale': 1.})
    loaded.serialize(serializers.NpzDeserializer(saver.target))
    assert loaded.compute_mean() == summary.compute_mean() == {'a': 2., 'b': 2.}
    loaded.add({'a': 5.})
    assert loaded.compute_mean()['a'] == 3.


def test_summary_loading_without_statistics_warns():
    summary = chainer.Summary()
    summary.add(1.)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        summary.serialize(serializers.NpzDeserializer({}))
    assert any('not saved' in str(w.message) for w in caught)
    assert summary.compute_mean() == 1.
