"""`chainerx._core._clip_by_global_norm` (routines/optimizer.h, Note [Clipping by the global norm]): every
array scaled in place by min(1, threshold / norm) with the norm of all of them together, on every device."""

import numpy
import pytest

import chainerx as chx

_clip = chx._core._clip_by_global_norm


def _arrays(device, specs, seed=0, scale=1.0):
    rng = numpy.random.RandomState(seed)
    values = [(rng.uniform(-1, 1, shape) * scale).astype(dtype) for shape, dtype in specs]
    return values, [chx.array(v, device=device) for v in values]


def _expected(values, threshold):
    squared = sum(float(numpy.sum(v.astype('float64') ** 2)) for v in values)
    rate = threshold / numpy.sqrt(squared)
    return squared, [v if rate >= 1 else (v * v.dtype.type(rate)) for v in values]


_MIXED = [((3, 4), 'float32'), ((5,), 'float64'), ((2, 2, 2), 'float16'), ((), 'float32'), ((0, 3), 'float32')]
_TOLERANCE = {'float16': 2e-3, 'float32': 2e-6, 'float64': 1e-12}


@pytest.mark.parametrize('threshold', [0.5, 2.0, 100.0])
def test_mixed_dtypes_and_shapes(threshold, device):
    values, arrays = _arrays(device, _MIXED)
    squared, expected = _expected(values, threshold)
    result = _clip(arrays, threshold)
    assert result.shape == () and result.dtype == 'float64' and result.device is device
    numpy.testing.assert_allclose(float(result), squared, rtol=1e-6)
    for a, e in zip(arrays, expected):
        assert a.dtype == e.dtype and a.shape == e.shape
        numpy.testing.assert_allclose(chx.to_numpy(a), e, rtol=_TOLERANCE[str(e.dtype)], atol=1e-7)


@pytest.mark.parametrize('dtype', ['float16', 'float32'])
def test_norm_in_float32_without_float64_arrays(dtype, device):
    values, arrays = _arrays(device, [((10, 7), dtype), ((7,), dtype)], scale=3.0)
    squared, expected = _expected(values, 1.0)
    result = _clip(arrays, 1.0)
    assert result.dtype == 'float32'
    numpy.testing.assert_allclose(float(result), squared, rtol=1e-5)
    for a, e in zip(arrays, expected):
        numpy.testing.assert_allclose(chx.to_numpy(a), e, rtol=_TOLERANCE[dtype], atol=1e-3 if dtype == 'float16'
                                      else 1e-7)


def test_within_the_threshold_nothing_changes(device):
    values, arrays = _arrays(device, _MIXED)
    before = [chx.to_numpy(a).copy() for a in arrays]
    _clip(arrays, 1e6)
    for a, b in zip(arrays, before):
        numpy.testing.assert_array_equal(chx.to_numpy(a), b)
    # A zero norm gives threshold / 0 = inf: nothing changes either.
    zeros = [chx.zeros((3,), 'float32', device=device), chx.zeros((0,), 'float64', device=device)]
    assert float(_clip(zeros, 1.0)) == 0
    numpy.testing.assert_array_equal(chx.to_numpy(zeros[0]), numpy.zeros(3))


def test_many_and_large_arrays(device):
    # More arrays than one CUDA table takes (32) and arrays of several blocks (4096 elements each).
    specs = [((i % 5 + 1, 3), 'float32') for i in range(70)] + [((10000,), 'float32'), ((3, 4097), 'float64')]
    values, arrays = _arrays(device, specs, seed=3)
    squared, expected = _expected(values, 2.0)
    numpy.testing.assert_allclose(float(_clip(arrays, 2.0)), squared, rtol=1e-6)  # float32 arrays sum in float32
    for a, e in zip(arrays, expected):
        numpy.testing.assert_allclose(chx.to_numpy(a), e, rtol=1e-6)  # the rate is as precise as the norm


def test_the_result_does_not_depend_on_the_run(device):
    values, _ = _arrays(device, [((3, 5000), 'float32'), ((777,), 'float32')], seed=5)
    results = set()
    for _ in range(3):
        arrays = [chx.array(v, device=device) for v in values]
        results.add(float(_clip(arrays, 0.1)))
    assert len(results) == 1


def test_nan_and_inf_norms(device):
    a = chx.array(numpy.array([1.0, numpy.nan], 'float32'), device=device)
    b = chx.array(numpy.array([2.0], 'float32'), device=device)
    _clip([a, b], 1.0)
    assert numpy.isnan(chx.to_numpy(a)).all() and numpy.isnan(chx.to_numpy(b)).all()
    a = chx.array(numpy.array([1.0, numpy.inf], 'float32'), device=device)
    b = chx.array(numpy.array([2.0], 'float32'), device=device)
    _clip([a, b], 1.0)
    numpy.testing.assert_array_equal(chx.to_numpy(a), [0.0, numpy.nan])
    numpy.testing.assert_array_equal(chx.to_numpy(b), [0.0])


def test_arrays_on_a_graph_are_scaled_without_recording(device):
    a = chx.array(numpy.array([3.0, 4.0]), device=device).require_grad()
    squared = _clip([a], 1.0)
    assert not squared.is_backprop_required()
    numpy.testing.assert_allclose(chx.to_numpy(a), [0.6, 0.8])


def test_bad_arguments(device):
    a = chx.ones((2, 3), 'float32', device=device)
    with pytest.raises(chx.DimensionError):
        _clip([], 1.0)
    with pytest.raises(chx.DtypeError):
        _clip([a, chx.ones((2,), 'int32', device=device)], 1.0)
    with pytest.raises(chx.ChainerxError):
        _clip([a.T], 1.0)  # not C-contiguous
    with pytest.raises(chx.ChainerxError, match='share memory'):
        _clip([a, a], 1.0)
    with pytest.raises(chx.ChainerxError, match='share memory'):
        _clip([a[0], a.reshape(6)[2:4]], 1.0)
    other = 'native:1' if device.name != 'native:1' else 'native:0'
    with pytest.raises(chx.DeviceError):
        _clip([a, chx.ones((2,), 'float32', device=other)], 1.0)
    with pytest.raises(TypeError):
        _clip(a, 1.0)
    with pytest.raises(TypeError):
        _clip([a], 'one')
    numpy.testing.assert_array_equal(chx.to_numpy(a), numpy.ones((2, 3)))  # nothing ran
