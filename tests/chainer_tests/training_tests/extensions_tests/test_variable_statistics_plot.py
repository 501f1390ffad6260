"""VariableStatisticsPlot: its statistics against NumPy's, the sample, the image, both modes."""

import importlib.util
import os
import types
import warnings

import numpy
import pytest

import chainer
import chainerx
from chainer import training
from chainer.training.extensions import plot_report
from chainer.training.extensions import variable_statistics_plot as vsp
from chainer.training.extensions.variable_statistics_plot import (
    Reservoir, Statistician, VariableStatisticsPlot)

from mode_utils import to_numpy

PNG_SIGNATURE = b'\x89PNG\r\n\x1a\n'
SIGMAS = (0, 0.13, 2.28, 15.87, 50, 84.13, 97.72, 99.87, 100)
W = numpy.array([[0.5, -1.0, 0.0], [2.0, 0.25, 3.5]])
B = numpy.array([0.25, -0.75])


# Without matplotlib the extension collects nothing (as the original): its statistics cannot be observed.
_NEEDS_MATPLOTLIB = pytest.mark.skipif(importlib.util.find_spec('matplotlib') is None, reason='needs matplotlib')


def _link(mode, dtype=numpy.float32, with_grads=True):
    """A link with W (2, 3) and b (2,) and, if asked, gradients 2 W and -b."""
    link = chainer.Link()
    with link.init_scope():
        link.W = chainer.Parameter(W.astype(dtype))
        link.b = chainer.Parameter(B.astype(dtype))
    if with_grads:
        link.W.grad = (2 * W).astype(dtype)
        link.b.grad = (-B).astype(dtype)
    if mode == 'chainerx':
        link.to_device('native:0')
    return link


def _expected_row(values, sigmas=SIGMAS, mean=True, std=True):
    flat = numpy.concatenate([numpy.ravel(v) for v in values]).astype(numpy.float64)
    row = ([flat.mean()] if mean else []) + ([flat.std()] if std else [])
    return numpy.array(row + list(numpy.percentile(flat, sigmas)))


def _trainer(tmp_path, iteration=1):
    return types.SimpleNamespace(updater=types.SimpleNamespace(iteration=iteration), out=str(tmp_path))


def _never(trainer):
    return False


@pytest.mark.parametrize('axis', [0, None, (0,)])
def test_statistician_matches_numpy(mode, axis):
    values = numpy.random.RandomState(0).randn(50)
    x = values.astype(numpy.float32)
    x = chainerx.array(x) if mode == 'chainerx' else x
    stats = Statistician(True, True, SIGMAS)(x, axis=axis)
    numpy.testing.assert_allclose(to_numpy(stats['mean']), values.mean(), rtol=1e-5, atol=1e-6)
    numpy.testing.assert_allclose(to_numpy(stats['std']), values.std(), rtol=1e-5)
    numpy.testing.assert_allclose(to_numpy(stats['percentile']), numpy.percentile(values, SIGMAS), rtol=1e-5)


def test_statistician_over_one_axis_and_without_percentiles(mode):
    values = numpy.arange(12, dtype=numpy.float32).reshape(3, 4) ** 2
    x = chainerx.array(values) if mode == 'chainerx' else values
    stats = Statistician(True, True, None)(x, axis=1)
    assert set(stats) == {'mean', 'std'}
    assert isinstance(stats['mean'], chainerx.ndarray if mode == 'chainerx' else numpy.ndarray)   # on the device
    numpy.testing.assert_allclose(to_numpy(stats['mean']), values.mean(axis=1), rtol=1e-6)
    numpy.testing.assert_allclose(to_numpy(stats['std']), values.std(axis=1), rtol=1e-6)
    only = Statistician(False, False, 50)(x, axis=1)
    assert set(only) == {'percentile'}
    numpy.testing.assert_allclose(to_numpy(only['percentile']), numpy.percentile(values, 50, axis=1))


def test_reservoir_keeps_the_first_items_then_a_sample_of_fixed_size():
    numpy.random.seed(0)
    reservoir = Reservoir(5, data_shape=(2,))
    for i in range(3):
        reservoir.add(numpy.array([i, -i]), idx=10 * i)
    idxs, data = reservoir.get_data()
    assert idxs.tolist() == [0, 10, 20]
    assert data.dtype == numpy.float32 and data.tolist() == [[0, 0], [1, -1], [2, -2]]
    for i in range(3, 200):
        reservoir.add(numpy.array([i, -i]), idx=10 * i)
    idxs, data = reservoir.get_data()
    assert len(idxs) == 5 and reservoir.counter == 200
    assert list(idxs) == sorted(idxs) and len(set(idxs.tolist())) == 5
    numpy.testing.assert_array_equal(data[:, 0] * 10, idxs)   # each index kept with its own item
    assert idxs.max() >= 50   # the later items do enter the sample (a drop-free miss is ~1e-17 likely)
    assert Reservoir(3, (1,)).get_data()[1].shape == (0, 1)
    with pytest.raises(ValueError):
        Reservoir(0, (1,))


def test_reservoir_of_chainerx_rows_and_default_indexes():
    reservoir = Reservoir(4, data_shape=(3,), dtype=numpy.float64)
    for i in range(3):
        reservoir.add(chainerx.full((3,), float(i), 'float32', device='native:1'))
    idxs, data = reservoir.get_data()
    assert idxs.tolist() == [0, 1, 2]
    assert isinstance(data, numpy.ndarray) and data.dtype == numpy.float64
    assert data.tolist() == [[0.] * 3, [1.] * 3, [2.] * 3]


@_NEEDS_MATPLOTLIB
@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_statistics_of_data_and_grad_match_numpy(mode, dtype, tmp_path):
    link = _link(mode, dtype)
    ext = VariableStatisticsPlot(link, trigger=_never)
    ext(_trainer(tmp_path, iteration=7))
    idxs, data = ext._samples.get_data()
    assert idxs.tolist() == [7]
    assert data.shape == (1, 2, 2 + len(SIGMAS))
    cast = [W.astype(dtype), B.astype(dtype)]
    tol = 1e-3 if dtype == numpy.float16 else 1e-6
    numpy.testing.assert_allclose(data[0, 0], _expected_row(cast), rtol=tol, atol=tol)
    numpy.testing.assert_allclose(data[0, 1], _expected_row([2 * cast[0], -cast[1]]), rtol=tol, atol=tol)
    assert os.listdir(tmp_path) == []   # the trigger did not fire


@_NEEDS_MATPLOTLIB
def test_rows_stay_on_the_device_without_percentiles(mode, tmp_path):
    link = _link(mode)
    ext = VariableStatisticsPlot(link, percentile_sigmas=(), trigger=_never)
    ext(_trainer(tmp_path))
    row = ext._samples._items[0]
    assert isinstance(row, chainerx.ndarray if mode == 'chainerx' else numpy.ndarray)
    numpy.testing.assert_allclose(to_numpy(row), [_expected_row([W, B], sigmas=()),
                                                  _expected_row([2 * W, -B], sigmas=())], rtol=1e-6)


@_NEEDS_MATPLOTLIB
def test_targets_missing_grads_and_uninitialized_parameters(mode, tmp_path):
    link = _link(mode, with_grads=False)
    with link.init_scope():
        link.later = chainer.Parameter()   # uninitialized: skipped
    extra = chainer.Variable(numpy.array([10.0, 20.0], numpy.float32))
    if mode == 'chainerx':
        extra.to_device('native:0')
    ext = VariableStatisticsPlot([link, [extra]], percentile_sigmas=(50,), report_data=True,
                                 trigger=_never)
    assert len(ext._vars) == 4
    ext(_trainer(tmp_path))
    _, data = ext._samples.get_data()
    numpy.testing.assert_allclose(data[0, 0], _expected_row([W, B, [10.0, 20.0]], sigmas=(50,)), rtol=1e-6)
    assert data[0, 1].tolist() == [0, 0, 0]   # no gradient at all: zeros, as the original


@_NEEDS_MATPLOTLIB
def test_variables_on_several_devices_are_gathered(tmp_path):
    a = chainer.Variable(chainerx.array([1.0, 2.0], 'float32', device='native:0'))
    b = chainer.Variable(chainerx.array([5.0], 'float32', device='native:1'))
    ext = VariableStatisticsPlot([a, b], report_grad=False, trigger=_never)
    ext(_trainer(tmp_path))
    numpy.testing.assert_allclose(ext._samples.get_data()[1][0, 0], _expected_row([[1, 2, 5]]), rtol=1e-6)


def test_bad_arguments():
    link = _link('numpy')
    with pytest.raises(ValueError, match='at least one'):
        VariableStatisticsPlot([])
    with pytest.raises(ValueError, match='at least one'):
        VariableStatisticsPlot(chainer.Link())
    with pytest.raises(ValueError, match='Nothing to plot'):
        VariableStatisticsPlot(link, plot_mean=False, plot_std=False, percentile_sigmas=())
    with pytest.raises(ValueError, match='Nothing to plot'):
        VariableStatisticsPlot(link, report_data=False, report_grad=False)
    with pytest.raises(TypeError):
        VariableStatisticsPlot(link, filenam='typo.png')
    assert VariableStatisticsPlot(link, file_name='old.png')._filename == 'old.png'
    assert VariableStatisticsPlot(link)._filename == 'statistics.png'


@pytest.mark.parametrize('options', [
    {},
    {'plot_mean': False, 'percentile_sigmas': (10, 90), 'marker': 'o', 'grid': False},
    {'plot_std': False, 'percentile_sigmas': 50, 'report_grad': False, 'figsize': (4, 3)},
    {'percentile_sigmas': (), 'report_data': False},
    {'plot_mean': False, 'plot_std': False},
])
def test_writes_the_image_through_a_trainer(tiny, tmp_path, mode, options):
    pytest.importorskip('matplotlib')
    updater = tiny.updater(device='native:0' if mode == 'chainerx' else '@numpy')
    model = updater.get_optimizer('main').target
    trainer = training.Trainer(updater, (2, 'epoch'), out=str(tmp_path))
    ext = VariableStatisticsPlot(model, filename='stats.png', **options)
    trainer.extend(ext)
    trainer.run()
    with open(tmp_path / 'stats.png', 'rb') as f:
        assert f.read(8) == PNG_SIGNATURE
    assert os.listdir(tmp_path) == ['stats.png']   # no temporary file left behind
    idxs, data = ext._samples.get_data()
    assert idxs.tolist() == [1, 2, 3, 4, 5, 6]
    assert numpy.isfinite(data).all()
    key = 0 if options.get('report_data', True) else None
    if key is not None and options.get('plot_mean', True):
        final = numpy.concatenate([p.ravel() for p in tiny.params_of(model).values()])
        assert data[-1, 0, 0] == pytest.approx(final.mean(), rel=1e-5)   # the last row: the trained values


def test_sample_size_bounds_the_plotted_rows(tmp_path):
    pytest.importorskip('matplotlib')
    ext = VariableStatisticsPlot(_link('numpy'), max_sample_size=3, trigger=lambda t: True)
    for iteration in range(1, 11):
        ext(_trainer(tmp_path, iteration))
    assert len(ext._samples.get_data()[0]) == 3
    with open(tmp_path / 'statistics.png', 'rb') as f:
        assert f.read(8) == PNG_SIGNATURE


def test_without_matplotlib_it_warns_once_and_does_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(plot_report, '_available', False)
    monkeypatch.setattr(plot_report, '_warned', False)
    with pytest.warns(UserWarning, match='matplotlib is not installed'):
        ext = VariableStatisticsPlot(_link('numpy'), trigger=lambda t: True)
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        assert not VariableStatisticsPlot.available()
        ext(_trainer(tmp_path))
    assert ext._samples.counter == 0
    assert os.listdir(tmp_path) == []


def test_unpack_variables():
    link = _link('numpy')
    x = chainer.Variable(numpy.ones(1, numpy.float32))
    assert len(vsp._unpack_variables(x)) == 1 and vsp._unpack_variables(x)[0] is x
    unpacked = vsp._unpack_variables([link, (x,)])
    assert len(unpacked) == 3 and all(a is b for a, b in zip(unpacked, (link.W, link.b, x)))
    assert vsp._unpack_variables('not a target') == ()
