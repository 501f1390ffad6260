"""Trigonometric routines: sin cos tan arcsin arccos arctan and arctan2 (spec A.6).

Math functions compute in the input's float dtype, and in float32 for every other dtype. Forward
results are compared with NumPy computed in that dtype; gradients (first and second order) with
central differences.
"""

import itertools

import numpy
import pytest

import chainerx as chx

import array_utils


def _within_unit_interval(v):
    return v * 0.3


def _away_from_poles(v):
    return v * 0.5


# name -> (chainerx function, NumPy reference, map of gradient-check inputs into the domain)
_OPS = {
    'sin': (chx.sin, numpy.sin, None),
    'cos': (chx.cos, numpy.cos, None),
    'tan': (chx.tan, numpy.tan, _away_from_poles),
    'arcsin': (chx.arcsin, numpy.arcsin, _within_unit_interval),
    'arccos': (chx.arccos, numpy.arccos, _within_unit_interval),
    'arctan': (chx.arctan, numpy.arctan, None),
}

_SPECIAL_VALUES = [numpy.inf, -numpy.inf, numpy.nan, 0.0, -0.0, 1.0, -1.0, 1.5, numpy.pi / 2]

# Broadcast-compatible operand shapes of arctan2, incl. 0-d and zero-size.
_SHAPE_PAIRS = [
    ((), ()), ((2, 3), (2, 3)), ((2, 3), (3,)), ((2, 1), (1, 3)), ((), (2,)), ((0, 3), (1, 3))
]

# Central differences of transcendental functions need steps far below the shared ones, which are
# tuned to differentiate polynomials exactly; the steps are powers of two so x +- eps is exact.
_SMOOTH_GRAD_EPS = {'float16': 2**-4, 'float32': 2**-8, 'float64': 2**-12}
_SMOOTH_GRAD_TOLERANCES = {
    'float16': (5e-2, 5e-2),
    'float32': (2e-3, 2e-3),
    'float64': (1e-6, 1e-6),
}


@pytest.fixture
def smooth_gradient_checks(monkeypatch):
    monkeypatch.setattr(array_utils, 'GRAD_EPS', _SMOOTH_GRAD_EPS)
    monkeypatch.setattr(array_utils, 'GRAD_TOLERANCES', _SMOOTH_GRAD_TOLERANCES)


def _math_dtype(dtype):
    dtype = numpy.dtype(dtype)
    return dtype if dtype.kind == 'f' else numpy.dtype('float32')


def _expected(np_func, *operands, dtype):
    with numpy.errstate(all='ignore'):
        return np_func(*[x.astype(dtype) for x in operands]).astype(dtype)


@pytest.mark.parametrize('name', sorted(_OPS))
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_forward_matches_numpy_in_the_math_dtype(name, dtype):
    x = array_utils.make_numpy((2, 3), dtype, seed=1)
    chx_func, np_func, _ = _OPS[name]
    expected = _expected(np_func, x, dtype=_math_dtype(dtype))
    array_utils.assert_array_equal(chx_func(chx.array(x)), expected)


@pytest.mark.parametrize('name', sorted(_OPS))
@pytest.mark.parametrize('shape', array_utils.SHAPES)
@pytest.mark.parametrize('contiguous', [True, False])
def test_forward_on_any_shape_and_layout(name, shape, contiguous, device):
    x = array_utils.make_numpy(shape, 'float32', seed=2, contiguous=contiguous)
    chx_func, np_func, _ = _OPS[name]
    out = chx_func(chx.array(x, copy=False, device=device))
    assert out.device is device
    array_utils.assert_array_equal(out, _expected(np_func, x, dtype='float32'))


@pytest.mark.parametrize('name', sorted(_OPS))
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_forward_on_special_values(name, dtype):
    x = numpy.array(_SPECIAL_VALUES, dtype)
    chx_func, np_func, _ = _OPS[name]
    array_utils.assert_array_equal(chx_func(chx.array(x)), _expected(np_func, x, dtype=dtype))


def _grad_input(shape, dtype, seed, domain=None):
    x = chx.to_numpy(array_utils.make_grad_input(shape, 'float64', seed=seed))
    return chx.array((x if domain is None else domain(x)).astype(dtype))


@pytest.mark.parametrize('name', sorted(_OPS))
@pytest.mark.parametrize('shape', [(), (2, 3)])
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_backward_matches_numerical_gradients(name, shape, dtype, smooth_gradient_checks):
    x = _grad_input(shape, dtype, 1, _OPS[name][2])
    gy = array_utils.make_grad_input(shape, dtype, seed=2)
    array_utils.check_backward(_OPS[name][0], [x], gy, dtype)


@pytest.mark.parametrize('name', sorted(_OPS))
@pytest.mark.parametrize('shape', [(), (2, 3)])
def test_double_backward_matches_numerical_gradients(name, shape, smooth_gradient_checks):
    x = _grad_input(shape, 'float64', 3, _OPS[name][2])
    gy = array_utils.make_grad_input(shape, 'float64', seed=4)
    ggx = array_utils.make_grad_input(shape, 'float64', seed=5)
    array_utils.check_double_backward(_OPS[name][0], [x], gy, ggx, 'float64')


@pytest.mark.parametrize('name', sorted(_OPS))
def test_gradient_of_a_non_contiguous_input(name, smooth_gradient_checks):
    x = _grad_input((3, 2), 'float64', 6, _OPS[name][2])
    gy = array_utils.make_grad_input((2, 3), 'float64', seed=7)
    array_utils.check_backward(lambda a: _OPS[name][0](a.T), [x], gy, 'float64')


@pytest.mark.parametrize('name', sorted(_OPS))
@pytest.mark.parametrize('arg', [1.0, [1.0], None, numpy.ones(2)])
def test_non_array_arguments_raise_type_error(name, arg):
    with pytest.raises(TypeError):
        _OPS[name][0](arg)


def _promoted(dtype1, dtype2):
    # arctan2 promotes like the arithmetic routines (pinned against an independent table in
    # test_arithmetic), then turns non-float results into float32.
    return _math_dtype((chx.zeros((), dtype1) * chx.zeros((), dtype2)).dtype)


@pytest.mark.parametrize('dtype1,dtype2', list(itertools.product(array_utils.ALL_DTYPES, repeat=2)))
def test_arctan2_dtypes_and_values(dtype1, dtype2):
    x1 = array_utils.make_numpy((2, 3), dtype1, seed=1)
    x2 = array_utils.make_numpy((2, 3), dtype2, seed=2)
    out = chx.arctan2(chx.array(x1), chx.array(x2))
    expected = _expected(numpy.arctan2, x1, x2, dtype=_promoted(dtype1, dtype2))
    array_utils.assert_array_equal(out, expected)


@pytest.mark.parametrize('shape1,shape2', _SHAPE_PAIRS)
@pytest.mark.parametrize('contiguous', [True, False])
def test_arctan2_broadcasts_like_numpy(shape1, shape2, contiguous, device):
    x1 = array_utils.make_numpy(shape1, 'float64', seed=1, contiguous=contiguous)
    x2 = array_utils.make_numpy(shape2, 'float64', seed=2, contiguous=contiguous)
    a1, a2 = chx.array(x1, copy=False, device=device), chx.array(x2, copy=False, device=device)
    out = chx.arctan2(a1, a2)
    assert out.device is device
    array_utils.assert_array_equal(out, numpy.arctan2(x1, x2))


def test_arctan2_picks_the_quadrant_and_handles_special_values():
    values = [0.0, -0.0, 1.0, -1.0, numpy.inf, -numpy.inf, numpy.nan]
    x1, x2 = (numpy.array(v) for v in zip(*itertools.product(values, repeat=2)))
    out = chx.arctan2(chx.array(x1), chx.array(x2))
    array_utils.assert_array_equal(out, numpy.arctan2(x1, x2))
    assert numpy.array_equal(numpy.signbit(chx.to_numpy(out)), numpy.signbit(numpy.arctan2(x1, x2)))


@pytest.mark.parametrize('shape1,shape2', [((2, 3), (3, 2)), ((3,), (4,)), ((2, 0), (2, 3))])
def test_arctan2_with_incompatible_shapes_raises_dimension_error(shape1, shape2):
    with pytest.raises(chx.DimensionError):
        chx.arctan2(chx.ones(shape1), chx.ones(shape2))


@pytest.mark.parametrize('x1,x2', [(chx.ones(2), 1.0), (1.0, chx.ones(2)), (1.0, 2.0)])
def test_arctan2_takes_arrays_only(x1, x2):
    with pytest.raises(TypeError):
        chx.arctan2(x1, x2)


def test_arctan2_on_different_devices_raises_device_error():
    with pytest.raises(chx.DeviceError):
        chx.arctan2(chx.ones(2, device='native:0'), chx.ones(2, device='native:1'))


@pytest.mark.parametrize('shapes', _SHAPE_PAIRS[:5])
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_arctan2_backward_matches_numerical_gradients(shapes, dtype, smooth_gradient_checks):
    x1, x2 = (array_utils.make_grad_input(s, dtype, seed=i) for i, s in enumerate(shapes))
    gy = array_utils.make_grad_input(numpy.broadcast_shapes(*shapes), dtype, seed=10)
    array_utils.check_backward(chx.arctan2, [x1, x2], gy, dtype)


@pytest.mark.parametrize('shapes', _SHAPE_PAIRS[:4])
def test_arctan2_double_backward_matches_numerical_gradients(shapes, smooth_gradient_checks):
    x1, x2 = (array_utils.make_grad_input(s, 'float64', seed=i) for i, s in enumerate(shapes))
    gy = array_utils.make_grad_input(numpy.broadcast_shapes(*shapes), 'float64', seed=10)
    ggx = [array_utils.make_grad_input(s, 'float64', seed=20 + i) for i, s in enumerate(shapes)]
    array_utils.check_double_backward(chx.arctan2, [x1, x2], gy, ggx, 'float64')


def test_arctan2_gradients_have_the_input_dtypes():
    x1 = chx.ones((2,), 'float16').require_grad()
    x2 = chx.ones((2,), 'float64').require_grad()
    chx.arctan2(x1, x2).sum().backward()
    array_utils.assert_array_equal(x1.grad, numpy.full((2,), 0.5, 'float16'))
    array_utils.assert_array_equal(x2.grad, numpy.full((2,), -0.5, 'float64'))
