"""PlotReport: writes a valid PNG atomically at each trigger; does nothing without matplotlib."""

import os
import types
import warnings

import numpy
import pytest

import chainer
import chainerx
from chainer.training import extensions
from chainer.training.extensions import plot_report

from mode_utils import to_numpy

PNG_SIGNATURE = b'\x89PNG\r\n\x1a\n'


def _run(ext, tmp_path, losses, fire_every=2):
    """Calls `ext` once per loss inside a reporter scope; its trigger fires every `fire_every`."""
    updater = types.SimpleNamespace(iteration=0, epoch=0)
    trainer = types.SimpleNamespace(updater=updater, out=str(tmp_path), observation={},
                                    is_before_training=False)
    reporter = chainer.Reporter()
    for loss in losses:
        updater.iteration += 1
        trainer.observation = {}
        with reporter.scope(trainer.observation):
            chainer.report({'main/loss': loss})
            ext(trainer)
    return trainer


def _fire_every(n):
    calls = []
    return lambda trainer: (calls.append(1), len(calls) % n == 0)[1]


@pytest.mark.parametrize('make_loss', [
    float,
    lambda v: numpy.float32(v),
    lambda v: chainerx.array(v, dtype='float32'),
    lambda v: chainer.Variable(chainerx.array(v, dtype='float32')),
])
def test_writes_a_png_of_the_interval_means(tmp_path, make_loss):
    pytest.importorskip('matplotlib')
    ext = extensions.PlotReport(['main/loss', 'validation/main/loss'], trigger=_fire_every(2))
    _run(ext, tmp_path, [make_loss(v) for v in (4.0, 2.0, 1.0, 0.0)])
    path = tmp_path / 'plot.png'
    with open(path, 'rb') as f:
        assert f.read(8) == PNG_SIGNATURE
    assert os.listdir(tmp_path) == ['plot.png']   # no temporary file left behind
    assert ext._data == {'main/loss': [(2, 3.0), (4, 0.5)], 'validation/main/loss': []}


def test_filename_marker_postprocess_and_epoch_axis(tmp_path):
    pytest.importorskip('matplotlib')
    seen = []

    def postprocess(figure, axes, summary):
        seen.append((axes.get_xlabel(), len(axes.get_lines())))

    ext = extensions.PlotReport('main/loss', x_key='epoch', trigger=_fire_every(1),
                                postprocess=postprocess, filename='loss.png', marker=None,
                                grid=False)
    _run(ext, tmp_path, [1.0])
    assert seen == [('epoch', 1)]
    with open(tmp_path / 'loss.png', 'rb') as f:
        assert f.read(8) == PNG_SIGNATURE


def test_old_file_name_keyword_and_unknown_keyword():
    ext = extensions.PlotReport('main/loss', file_name='old.png')
    assert ext._file_name == 'old.png'
    with pytest.raises(TypeError):
        extensions.PlotReport('main/loss', filenam='typo.png')


def test_nothing_is_written_before_any_value(tmp_path):
    pytest.importorskip('matplotlib')
    ext = extensions.PlotReport('other/key', trigger=_fire_every(1))
    _run(ext, tmp_path, [1.0, 2.0])
    assert os.listdir(tmp_path) == []


def test_without_matplotlib_it_warns_once_and_does_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(plot_report, '_available', False)
    monkeypatch.setattr(plot_report, '_warned', False)
    with pytest.warns(UserWarning, match='matplotlib is not installed'):
        ext = extensions.PlotReport('main/loss', trigger=_fire_every(1))
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        assert not extensions.PlotReport.available()
        _run(ext, tmp_path, [1.0, 2.0])
    assert os.listdir(tmp_path) == []


def test_serialize_keeps_the_plotted_points(tmp_path):
    pytest.importorskip('matplotlib')
    serializers = pytest.importorskip('chainer.serializers')
    ext = extensions.PlotReport('main/loss', trigger=_fire_every(1))
    _run(ext, tmp_path, [3.0, 1.0])
    saved = serializers.DictionarySerializer()
    ext.serialize(saved)
    resumed = extensions.PlotReport('main/loss')
    resumed.serialize(serializers.NpzDeserializer(saved.target))
    assert resumed._data == {'main/loss': [(1, 3.0), (2, 1.0)]}


def test_real_trainer_with_the_observation_extensions(tiny, tmp_path, mode):
    """PlotReport, ParameterStatistics, MicroAverage, observe_value and unchain_variables in one
    real run (12 examples in batches of 4: 3 iterations per epoch)."""
    pytest.importorskip('matplotlib')
    updater = tiny.updater(device='native:0' if mode == 'chainerx' else '@numpy')
    trainer = chainer.training.Trainer(updater, (2, 'epoch'), out=str(tmp_path))
    trainer.extend(extensions.PlotReport(['main/loss'], 'epoch', filename='loss.png'))
    trainer.extend(extensions.ParameterStatistics(updater.get_optimizer('main').target,
                                                  {'max': lambda x: x.max()}, prefix='stats'))
    trainer.extend(extensions.observe_value('batch', lambda t: 4), trigger=(1, 'iteration'))
    trainer.extend(extensions.MicroAverage('main/loss', 'batch', 'loss_per_example'))
    trainer.extend(extensions.unchain_variables)
    observations = []
    trainer.extend(lambda t: observations.append(dict(t.observation)), name='record',
                   priority=chainer.training.PRIORITY_READER)
    trainer.run()
    assert len(observations) == 6
    assert set(observations[1]) == {'main/loss', 'batch'}
    assert set(observations[2]) == {'main/loss', 'batch', 'loss_per_example',
                                    'stats/None/W/data/max', 'stats/None/b/data/max',
                                    'stats/None/W/grad/max', 'stats/None/b/grad/max'}
    losses = [float(to_numpy(o['main/loss'].array)) for o in observations]
    assert observations[5]['loss_per_example'] == pytest.approx(sum(losses[3:]) / 12, rel=1e-5)
    with open(tmp_path / 'loss.png', 'rb') as f:
        assert f.read(8) == PNG_SIGNATURE
    points = trainer.get_extension('PlotReport')._data['main/loss']
    assert points == [(1, pytest.approx(sum(losses[:3]) / 3, rel=1e-5)),
                      (2, pytest.approx(sum(losses[3:]) / 3, rel=1e-5))]


def test_values_before_training_make_their_own_point(tiny, tmp_path):
    """With call_before_training, the evaluation of iteration 0 is the point at epoch 0, not averaged
    into the first epoch's point (as LogReport gives it its own row)."""
    pytest.importorskip('matplotlib')
    updater = tiny.updater()
    model = updater.get_optimizer('main').target
    trainer = chainer.training.Trainer(updater, (2, 'epoch'), out=str(tmp_path))
    iterator = chainer.iterators.SerialIterator(tiny.dataset(), 4, repeat=False, shuffle=False)
    trainer.extend(extensions.Evaluator(iterator, model), call_before_training=True)
    trainer.extend(extensions.PlotReport(['validation/main/loss'], 'epoch'),
                   call_before_training=True)
    trainer.run()
    points = trainer.get_extension('PlotReport')._data['validation/main/loss']
    assert [x for x, _ in points] == [0, 1, 2]
    assert points[0][1] > points[1][1] > points[2][1]  # the untrained model's loss, then lower ones
