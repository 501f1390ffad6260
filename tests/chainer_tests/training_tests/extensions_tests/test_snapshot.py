"""snapshot / snapshot_object: atomic saves, n_retains, autoload, and resuming a killed training exactly."""

import json
import os

import numpy
import pytest

from chainer import serializers
from chainer import training
from chainer.training import extensions
from chainer.training.extensions import snapshot_writers

N_ITERATIONS = 9


def _trainer(tiny, out, stop=N_ITERATIONS, every=2, n_retains=-1, writer=None, autoload=True):
    updater = tiny.updater()
    trainer = training.Trainer(updater, (stop, 'iteration'), out=str(out))
    trainer.extend(extensions.LogReport(trigger=(1, 'iteration')))
    trainer.extend(extensions.snapshot(n_retains=n_retains, writer=writer, autoload=autoload),
                   trigger=(every, 'iteration'))
    return trainer


def _log_without_time(out):
    with open(os.path.join(str(out), 'log')) as f:
        return [{k: v for k, v in entry.items() if k != 'elapsed_time'} for entry in json.load(f)]


def _final_params(trainer):
    return trainer.updater.get_optimizer('main').target


@pytest.mark.parametrize('kill_at', [4, 5])
def test_killed_and_resumed_training_equals_an_uninterrupted_one(tiny, tmp_path, kill_at):
    reference = _trainer(tiny, tmp_path / 'reference')
    reference.run()
    # The first run stops at `kill_at` (as if killed after the last snapshot, at iteration 4);
    # a new process would build the same trainer and resume from the newest snapshot.
    _trainer(tiny, tmp_path / 'run', stop=kill_at).run()
    resumed = _trainer(tiny, tmp_path / 'run')
    resumed.run()
    assert resumed.updater.iteration == N_ITERATIONS
    expected = tiny.params_of(_final_params(reference))
    for name, value in tiny.params_of(_final_params(resumed)).items():
        numpy.testing.assert_array_equal(value, expected[name])
    log = _log_without_time(tmp_path / 'run')
    assert log == _log_without_time(tmp_path / 'reference')
    assert [entry['iteration'] for entry in log] == list(range(1, N_ITERATIONS + 1))


def test_snapshot_files_and_n_retains(tiny, tmp_path):
    _trainer(tiny, tmp_path, n_retains=2).run()
    names = sorted(n for n in os.listdir(str(tmp_path)) if n.startswith('snapshot'))
    assert names == ['snapshot_iter_6', 'snapshot_iter_8']
    assert not [n for n in os.listdir(str(tmp_path)) if n.startswith('tmp')]


def test_snapshot_object_saves_the_target(tiny, tmp_path):
    trainer = _trainer(tiny, tmp_path, stop=2, autoload=False)
    model = _final_params(trainer)
    trainer.extend(extensions.snapshot_object(model, 'model_{.updater.iteration}'),
                   trigger=(1, 'iteration'))
    trainer.run()
    loaded = tiny.Model()
    serializers.load_npz(str(tmp_path / 'model_2'), loaded)
    numpy.testing.assert_array_equal(loaded.W.array, model.W.array)


def test_failing_save_keeps_the_previous_snapshot(tiny, tmp_path):
    calls = []

    def flaky_save(path, target):
        calls.append(path)
        if len(calls) == 2:
            with open(path, 'wb') as f:
                f.write(b'partial')
            raise OSError('disk full')
        serializers.save_npz(path, target)

    trainer = _trainer(tiny, tmp_path, stop=4, writer=snapshot_writers.SimpleWriter(flaky_save),
                       autoload=False)
    trainer.extend(extensions.snapshot(savefun=flaky_save, filename='latest'),
                   trigger=(2, 'iteration'))
    with pytest.raises(OSError, match='disk full'):
        trainer.run(show_loop_exception_msg=False)
    assert sorted(n for n in os.listdir(str(tmp_path)) if n != 'log') == ['snapshot_iter_2']
    resumed = _trainer(tiny, tmp_path)
    resumed.run()
    assert resumed.updater.iteration == N_ITERATIONS


def test_corrupted_latest_snapshot_raises_naming_the_file(tiny, tmp_path):
    _trainer(tiny, tmp_path, stop=4).run()
    with open(str(tmp_path / 'snapshot_iter_4'), 'r+b') as f:
        f.truncate(100)
    with pytest.raises(RuntimeError, match='snapshot_iter_4'):
        _trainer(tiny, tmp_path).run()


@pytest.mark.parametrize('writer_class', [snapshot_writers.ThreadWriter, snapshot_writers.ProcessWriter])
def test_asynchronous_writers_save_the_state_of_their_iteration(tiny, tmp_path, writer_class):
    trainer = _trainer(tiny, tmp_path, stop=4, writer=writer_class(), n_retains=1, autoload=False)
    trainer.run()
    assert sorted(n for n in os.listdir(str(tmp_path)) if n.startswith('snapshot')) == ['snapshot_iter_4']
    loaded = _trainer(tiny, tmp_path / 'fresh', autoload=False)
    serializers.load_npz(str(tmp_path / 'snapshot_iter_4'), loaded)
    assert loaded.updater.iteration == 4
    expected = tiny.params_of(_final_params(trainer))
    for name, value in tiny.params_of(_final_params(loaded)).items():
        numpy.testing.assert_array_equal(value, expected[name])


def test_snapshot_on_error_and_condition(tiny, tmp_path):
    trainer = _trainer(tiny, tmp_path, autoload=False)
    trainer.extend(extensions.snapshot(filename='on_error', snapshot_on_error=True,
                                       condition=lambda: False), trigger=(1, 'iteration'))
    trainer.extend(lambda t: 1 / (t.updater.iteration - 3), name='fail')
    with pytest.raises(ZeroDivisionError):
        trainer.run(show_loop_exception_msg=False)
    names = sorted(n for n in os.listdir(str(tmp_path)) if n != 'log')
    assert names == ['on_error', 'snapshot_iter_2']


def test_savefun_and_writer_are_exclusive():
    with pytest.raises(TypeError, match='savefun and writer'):
        extensions.snapshot(savefun=serializers.save_npz, writer=snapshot_writers.SimpleWriter())
