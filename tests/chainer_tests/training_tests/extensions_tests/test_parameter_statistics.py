"""ParameterStatistics: keys like 'main/l1/W/data/mean', values equal to NumPy's, both modes."""

import types

import numpy
import pytest

import chainer
import chainerx
from chainer.training import extensions

from mode_utils import to_numpy

W = numpy.array([[0.5, -1.0, 0.0], [2.0, 0.0, 3.5]], dtype=numpy.float32)
B = numpy.array([0.25, -0.75], dtype=numpy.float32)
STATS = ('mean', 'std', 'min', 'max', 'zeros', 'percentile')
PERCENTILES = (0.13, 2.28, 15.87, 50, 84.13, 97.72, 99.87)


def _model(mode, w=W):
    """A Chain named 'main' with one child 'l1' holding W (with a gradient) and b (without)."""
    l1 = chainer.Link()
    with l1.init_scope():
        l1.W = chainer.Parameter(w.copy())
        l1.b = chainer.Parameter(B.copy())
    l1.W.grad = w * 2
    model = chainer.Chain(l1=l1)
    model.name = 'main'
    if mode == 'chainerx':
        model.to_device('native:0')
    return model


def _report(ext, n_calls=1):
    """Calls `ext` `n_calls` times in a reporter scope and returns the last observation."""
    reporter = chainer.Reporter()
    for _ in range(n_calls):
        observation = {}
        with reporter.scope(observation):
            ext(types.SimpleNamespace())
    return {key: float(to_numpy(value)) for key, value in observation.items()}


def _expected(array):
    flat = array.ravel()
    values = {'mean': flat.mean(), 'std': flat.std(), 'min': flat.min(), 'max': flat.max(),
              'zeros': numpy.count_nonzero(flat == 0)}
    values.update({'percentile/{}'.format(i): v
                   for i, v in enumerate(numpy.percentile(flat, PERCENTILES))})
    return values


def test_default_statistics_of_data_and_grad(mode):
    model = _model(mode)
    observation = _report(extensions.ParameterStatistics(model, trigger=lambda trainer: True))
    expected = {}
    for param_name, attr, array in [('/l1/W', 'data', W), ('/l1/W', 'grad', W * 2),
                                    ('/l1/b', 'data', B)]:
        for stat, value in _expected(array).items():
            expected['main{}/{}/{}'.format(param_name, attr, stat)] = value
    assert sorted(observation) == sorted(expected)   # b has no grad: no b/grad keys
    for key, value in expected.items():
        assert observation[key] == pytest.approx(value, rel=1e-5, abs=1e-6), key


def test_chainerx_statistics_stay_on_the_device_until_reported():
    model = _model('chainerx')
    statistics = dict(extensions.ParameterStatistics.default_statistics)
    del statistics['percentile']   # the only one computed on a host copy
    ext = extensions.ParameterStatistics(model, statistics, trigger=lambda trainer: False)
    ext(None)
    means = ext._summary.compute_mean()
    assert len(means) == 3 * 5
    assert all(isinstance(value, chainerx.ndarray) for value in means.values())


def test_means_over_the_interval_and_prefix(mode):
    model = _model(mode)
    fires = iter([False, True])
    ext = extensions.ParameterStatistics(
        [model], statistics={'max': lambda x: chainer.backend.get_array_module(x).amax(x)},
        report_grads=False, prefix='stats', trigger=lambda trainer: next(fires))
    reporter = chainer.Reporter()
    with reporter.scope({}):
        ext(None)
    model.l1.W.array *= 3   # in place, on the parameter's device
    observation = {}
    with reporter.scope(observation):
        ext(None)
    assert set(observation) == {'stats/main/l1/W/data/max', 'stats/main/l1/b/data/max'}
    assert float(to_numpy(observation['stats/main/l1/W/data/max'])) == pytest.approx(
        (3.5 + 10.5) / 2)


def test_register_statistics_and_report_params_false(mode):
    model = _model(mode)
    ext = extensions.ParameterStatistics(model, statistics=None, report_params=False,
                                         trigger=lambda trainer: True)
    ext.register_statistics('absmax', lambda x: abs(x).max())
    assert _report(ext) == {'main/l1/W/grad/absmax': pytest.approx(7.0)}


def test_skip_nan_params_reports_nan(mode):
    w = W.copy()
    w[0, 0] = numpy.nan
    model = _model(mode, w)
    statistics = {'min': lambda x: x.min(), 'zeros': lambda x: (x == 0).sum()}
    ext = extensions.ParameterStatistics(model, statistics, report_grads=False,
                                         trigger=lambda trainer: True, skip_nan_params=True)
    observation = _report(ext)
    assert numpy.isnan(observation['main/l1/W/data/min'])
    assert numpy.isnan(observation['main/l1/W/data/zeros'])
    assert observation['main/l1/b/data/min'] == pytest.approx(-0.75)


def test_uninitialized_and_zero_size_params_are_skipped(mode):
    link = chainer.Link()
    with link.init_scope():
        link.u = chainer.Parameter()
        link.e = chainer.Parameter(numpy.zeros((0, 3), numpy.float32))
    link.name = 'empty'
    if mode == 'chainerx':
        link.to_device('native:0')
    assert _report(extensions.ParameterStatistics(link, trigger=lambda trainer: True)) == {}


def test_default_name_priority_and_bad_statistics():
    ext = extensions.ParameterStatistics(chainer.Link())
    assert ext.default_name == 'parameter_statistics'
    assert ext.priority == chainer.training.PRIORITY_WRITER
    with pytest.raises(ValueError):
        extensions.ParameterStatistics(chainer.Link(), statistics='all')
