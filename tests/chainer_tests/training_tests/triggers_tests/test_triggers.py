"""The triggers of chainer.training.triggers: when they fire, and their state across a snapshot."""

import types

import pytest

import chainer
from chainer import serializers
from chainer import training
from chainer.training import triggers


def _fired(trainer, trigger, values=None):
    """Runs `trainer` with an extension recording the iterations at which `trigger` fires.

    `values` (a list indexed by iteration - 1) are reported as 'v' before the trigger is asked.
    """
    fired = []
    if values is not None:
        trainer.extend(lambda t: chainer.report({'v': values[t.updater.iteration - 1]}), name='value',
                       trigger=(1, 'iteration'), priority=training.PRIORITY_WRITER)
    trainer.extend(lambda t: fired.append(t.updater.iteration), name='record', trigger=trigger)
    trainer.run()
    return fired


@pytest.mark.parametrize('trigger,iters_per_epoch,expected', [
    ((3, 'iteration'), 10, [3, 6, 9]),
    ((1, 'iteration'), 10, list(range(1, 11))),
    ((1, 'epoch'), 4, [4, 8]),
    ((0.5, 'epoch'), 4, [2, 4, 6, 8, 10]),
    ((1.5, 'epoch'), 2, [3, 6, 9]),
])
def test_interval_trigger_fires_at_multiples_of_the_period(mock_trainer, trigger, iters_per_epoch,
                                                           expected):
    trainer = mock_trainer((10, 'iteration'), iters_per_epoch)
    assert _fired(trainer, triggers.IntervalTrigger(*trigger)) == expected


def test_interval_trigger_as_stop_trigger(mock_trainer):
    trainer = mock_trainer((2, 'epoch'), 3)
    trainer.run()
    assert trainer.updater.iteration == 6
    assert trainer.stop_trigger.get_training_length() == (2, 'epoch')
    assert str(trainer.stop_trigger) == "IntervalTrigger(2, 'epoch')"


@pytest.mark.parametrize('trigger_class', [triggers.IntervalTrigger, triggers.ManualScheduleTrigger])
def test_bad_unit_raises_value_error(trigger_class):
    with pytest.raises(ValueError, match='epoch'):
        trigger_class(1, 'seconds')


def test_get_trigger():
    assert isinstance(training.get_trigger((2, 'epoch')), training.IntervalTrigger)
    assert training.get_trigger(None)(None) is False
    func = lambda trainer: True  # NOQA
    assert training.get_trigger(func) is func
    assert training.util.get_trigger is training.get_trigger


@pytest.mark.parametrize('points,unit,iters_per_epoch,expected', [
    ([2, 5], 'iteration', 10, [2, 5]),
    (7, 'iteration', 10, [7]),
    ([0.5, 2], 'epoch', 4, [2, 8]),
    ([20], 'iteration', 10, []),
])
def test_manual_schedule_trigger(mock_trainer, points, unit, iters_per_epoch, expected):
    trigger = triggers.ManualScheduleTrigger(points, unit)
    assert _fired(mock_trainer((10, 'iteration'), iters_per_epoch), trigger) == expected
    assert trigger.finished == (expected != [])


VALUES = [5., 3., 4., 1., 2., 2., 0.5, 7., 6., 8.]


@pytest.mark.parametrize('trigger_class,expected', [
    # means per 2 iterations: 4, 2.5, 2, 3.75, 7
    (triggers.MinValueTrigger, [2, 4, 6]),
    (triggers.MaxValueTrigger, [2, 10]),
])
def test_min_max_value_triggers_compare_interval_means(mock_trainer, trigger_class, expected):
    trigger = trigger_class('v', trigger=(2, 'iteration'))
    assert _fired(mock_trainer(), trigger, VALUES) == expected


def test_best_value_trigger_missing_key_raises_key_error(mock_trainer):
    trainer = mock_trainer()
    with pytest.raises(KeyError, match='missing'):
        _fired(trainer, triggers.BestValueTrigger('missing', lambda a, b: True, (1, 'iteration')))


@pytest.mark.parametrize('key,mode,values,expected_stop', [
    ('v', 'auto', [5., 4., 4.5, 4.2, 4.1, 3., 2.], 5),          # min: no improvement at 3, 4, 5
    ('main/accuracy', 'auto', [.5, .6, .5, .55, .59, .7], 5),   # 'accuracy' -> max
    ('v', 'max', [1., 2., 3., 4., 5., 6., 7.], None),            # keeps improving: max_trigger stops
])
def test_early_stopping_trigger(mock_trainer, key, mode, values, expected_stop):
    trigger = triggers.EarlyStoppingTrigger(check_trigger=(1, 'iteration'), monitor=key, patience=3,
                                            mode=mode, max_trigger=(len(values), 'iteration'))
    trainer = mock_trainer(trigger)
    trainer.extend(lambda t: chainer.report({key: values[t.updater.iteration - 1]}), name='value',
                   trigger=(1, 'iteration'), priority=training.PRIORITY_WRITER)
    trainer.run()
    assert trainer.updater.iteration == (len(values) if expected_stop is None else expected_stop)
    assert trigger.get_training_length() == (len(values), 'iteration')


def test_early_stopping_patients_alias():
    assert triggers.EarlyStoppingTrigger(patients=5).patience == 5
    with pytest.raises(TypeError, match='patients'):
        triggers.EarlyStoppingTrigger(patience=2, patients=5)


def test_once_trigger():
    trigger = triggers.OnceTrigger()
    assert [trigger(None) for _ in range(3)] == [True, False, False]
    assert trigger.finished


def test_once_trigger_call_on_resume_fires_again_after_loading():
    fired = triggers.OnceTrigger(call_on_resume=True)
    fired(None)
    resumed = triggers.OnceTrigger(call_on_resume=True)
    _roundtrip(fired, resumed)
    assert [resumed(None), resumed(None)] == [True, False]
    plain = triggers.OnceTrigger()
    _roundtrip(fired, plain)
    assert plain(None) is False


def test_time_trigger():
    trigger = triggers.TimeTrigger(1.5)
    trainer = types.SimpleNamespace(elapsed_time=0.)
    fired = []
    for t in [0.5, 1.0, 1.6, 2.0, 3.1, 3.2, 4.6]:
        trainer.elapsed_time = t
        fired.append(trigger(trainer))
    assert fired == [False, False, True, False, True, False, True]


def _roundtrip(source, destination):
    saver = serializers.DictionarySerializer()
    source.serialize(saver)
    destination.serialize(serializers.NpzDeserializer(saver.target))


def _resumed_firing(mock_trainer, make_trigger, stop_at, values=None):
    """The iterations where a trigger fires in a run of 10, when the run is interrupted at `stop_at` and
    resumed with the trigger state of a snapshot."""
    first = mock_trainer((stop_at, 'iteration'))
    trigger = make_trigger()
    before = _fired(first, trigger, values)
    second = mock_trainer()
    resumed = make_trigger()
    _roundtrip(trigger, resumed)
    second.updater.iteration = stop_at
    return before + _fired(second, resumed, values)


@pytest.mark.parametrize('make_trigger', [
    lambda: triggers.IntervalTrigger(3, 'iteration'),
    lambda: triggers.IntervalTrigger(0.4, 'epoch'),
    lambda: triggers.ManualScheduleTrigger([2, 5, 9], 'iteration'),
    lambda: triggers.MinValueTrigger('v', (2, 'iteration')),
    lambda: triggers.MaxValueTrigger('v', (3, 'iteration')),
], ids=['interval', 'interval-epoch', 'manual', 'min', 'max'])
@pytest.mark.parametrize('stop_at', [4, 5])
def test_resumed_trigger_fires_as_an_uninterrupted_one(mock_trainer, make_trigger, stop_at):
    expected = _fired(mock_trainer(), make_trigger(), VALUES)
    assert _resumed_firing(mock_trainer, make_trigger, stop_at, VALUES) == expected
