"""LogReport (file content), PrintReport and ProgressBar (console format) and Evaluator (vs a manual loop)."""

import io
import json
import os
import re

import numpy
import pytest

import chainer
from chainer import training
from chainer.training import extensions


def _reporting_trainer(mock_trainer, stop=(6, 'iteration'), iters_per_epoch=3):
    trainer = mock_trainer(stop, iters_per_epoch)
    trainer.extend(lambda t: chainer.report({'v': float(t.updater.iteration), 'w': numpy.float32(2)}),
                   name='values', priority=training.PRIORITY_WRITER)
    return trainer


def test_log_report_writes_interval_means(mock_trainer, tmp_path):
    trainer = _reporting_trainer(mock_trainer)
    log = extensions.LogReport(keys=['v'], trigger=(2, 'iteration'),
                               postprocess=lambda entry: entry.update(extra=1))
    trainer.extend(log)
    trainer.run()
    with open(os.path.join(str(tmp_path), 'log')) as f:
        written = json.load(f)
    assert written == log.log
    assert [(e['v'], e['iteration'], e['epoch'], e['extra']) for e in written] == [
        (1.5, 2, 0, 1), (3.5, 4, 1, 1), (5.5, 6, 2, 1)]
    assert all('w' not in e and e['elapsed_time'] >= 0 for e in written)


def test_log_report_before_training_and_custom_filename(mock_trainer, tmp_path):
    trainer = _reporting_trainer(mock_trainer)
    trainer.extend(extensions.LogReport(filename='log_{epoch}'), call_before_training=True)
    trainer.run()
    with open(os.path.join(str(tmp_path), 'log_2')) as f:
        entries = json.load(f)
    assert [e['iteration'] for e in entries] == [0, 3, 6]
    assert entries[1]['v'] == 2.0 and entries[1]['w'] == 2.0


def test_print_report_format(mock_trainer):
    trainer = _reporting_trainer(mock_trainer)
    trainer.extend(extensions.LogReport())
    out = io.StringIO()
    trainer.extend(extensions.PrintReport(['epoch', 'v', 'a_very_long_entry_name'], out=out))
    trainer.run()
    lines = out.getvalue().replace('\033[J', '').split('\n')
    assert lines[0] == 'epoch       v           a_very_long_entry_name'
    assert lines[1] == '1           2                                   '
    assert lines[2] == '2           5                                   '
    assert lines[3] == ''


def test_print_report_with_a_log_report_object_and_bad_type(mock_trainer):
    trainer = _reporting_trainer(mock_trainer)
    out = io.StringIO()
    trainer.extend(extensions.PrintReport(['v'], log_report=extensions.LogReport(log_name=None),
                                          out=out))
    trainer.run()
    assert out.getvalue().count('\n') == 3
    with pytest.raises(TypeError, match='log report'):
        extensions.PrintReport(['v'], log_report=3)(trainer)


def test_progress_bar_format(mock_trainer):
    trainer = mock_trainer((4, 'epoch'), iters_per_epoch=10)
    out = io.StringIO()
    trainer.extend(extensions.ProgressBar(update_interval=15, bar_length=20, out=out))
    trainer.run()
    text = out.getvalue()
    frames = text.split('\033[J')
    frame = frames[2]  # iteration 30
    lines = frame.split('\n')
    assert lines[0] == '     total [###############.....] 75.00%'
    assert lines[1] == 'this epoch [....................]  0.00%'
    assert lines[2] == '        30 iter, 3 epoch / 4 epochs'
    assert re.match(r' *[0-9.e+]+ iters/sec\. Estimated time to finish: \d+:\d\d:\d\d', lines[3])
    assert lines[4] == '\033[4A'
    assert frames[1].split('\n')[1] == 'this epoch [##########..........] 50.00%'


def test_progress_bar_needs_a_training_length(mock_trainer):
    trainer = mock_trainer(lambda t: t.updater.iteration >= 2)
    trainer.extend(extensions.ProgressBar(update_interval=1, out=io.StringIO()))
    with pytest.raises(TypeError, match='training length'):
        trainer.run(show_loop_exception_msg=False)


@pytest.mark.parametrize('device', ['@numpy', 'native:0'])
def test_evaluator_reports_means_of_a_manual_loop(tiny, tmp_path, device):
    data = tiny.dataset(n=10, seed=1)
    model = tiny.Model()
    model.to_device(device)
    iterator = chainer.iterators.SerialIterator(data, 4, repeat=False, shuffle=False)
    evaluator = extensions.Evaluator(iterator, model, device=device)
    seen = []
    evaluator.eval_hook = lambda ev: seen.append(chainer.config.train)
    trainer = training.Trainer(tiny.updater(), (2, 'iteration'), out=str(tmp_path))
    trainer.extend(evaluator, trigger=(1, 'iteration'))
    observations = []
    trainer.extend(lambda t: observations.append(dict(t.observation)), name='obs')
    trainer.run()
    assert evaluator.name == 'validation'
    losses = []
    for start in range(0, 10, 4):
        batch = data[start:start + 4]
        x = numpy.stack([b[0] for b in batch])
        t = numpy.stack([b[1] for b in batch])
        losses.append(float(chainer.functions.mean_squared_error(
            chainer.functions.linear(x, numpy.array([[0.1, -0.2, 0.3]], numpy.float32),
                                     numpy.zeros(1, numpy.float32)), t).array))
    for observation in observations:
        value = observation['validation/main/loss']
        assert float(value) == pytest.approx(numpy.mean(losses), rel=1e-6)
    assert seen == [False, False] and chainer.config.train  # the hook runs in test mode too


def test_evaluator_runs_in_test_mode_without_graph():
    states = []

    class Probe(chainer.Chain):
        def forward(self, x):
            states.append((chainer.config.train, chainer.config.enable_backprop))
            chainer.report({'n': float(len(x))}, self)

    iterator = chainer.iterators.SerialIterator(numpy.arange(5, dtype=numpy.float32), 2,
                                                repeat=False, shuffle=False)
    evaluator = extensions.Evaluator(iterator, Probe())
    first = evaluator()
    second = evaluator()
    assert first == second == {'main/n': pytest.approx(5 / 3)}
    assert states == [(False, False)] * 6
    with pytest.warns(UserWarning, match='repeat'):
        extensions.Evaluator(chainer.iterators.SerialIterator([1], 1), Probe())
