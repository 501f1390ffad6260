"""Trigonometric routines: sin cos tan arcsin arccos arctan and arctan2 (spec A.6).

Math functions compute in the input's float dtype, and in float32 for every other dtype. The tests
shared by the math families come from unary_math_tests; this file holds the family's table and the
tests of the binary arctan2, whose results are compared with NumPy computed in the promoted math
dtype and whose gradients (first and second order) with central differences.
"""

import itertools

import numpy
import pytest

import chainerx as chx

import array_utils
import unary_math_tests
from unary_math_tests import Op


def _within_unit_interval(v):
    return v * 0.3


def _away_from_poles(v):
    return v * 0.5


_OPS = {
    'sin': Op(chx.sin, numpy.sin),
    'cos': Op(chx.cos, numpy.cos),
    'tan': Op(chx.tan, numpy.tan, _away_from_poles),
    'arcsin': Op(chx.arcsin, numpy.arcsin, _within_unit_interval),
    'arccos': Op(chx.arccos, numpy.arccos, _within_unit_interval),
    'arctan': Op(chx.arctan, numpy.arctan),
}

# The ends of arcsin's and arccos' domain and beyond, and tan's pole (up to rounding).
_SPECIAL_VALUES = [numpy.inf, -numpy.inf, numpy.nan, 0.0, -0.0, 1.0, -1.0, 1.5, numpy.pi / 2]

unary_math_tests.install(globals(), _OPS, _SPECIAL_VALUES)

# Broadcast-compatible operand shapes of arctan2, incl. 0-d and zero-size.
_SHAPE_PAIRS = [
    ((), ()), ((2, 3), (2, 3)), ((2, 3), (3,)), ((2, 1), (1, 3)), ((), (2,)), ((0, 3), (1, 3))
]


def _expected(np_func, *operands, dtype):
    with numpy.errstate(all='ignore'):
        return np_func(*[x.astype(dtype) for x in operands]).astype(dtype)


def _promoted(dtype1, dtype2):
    # arctan2 promotes like the arithmetic routines (pinned against an independent table in
    # test_arithmetic), then turns non-float results into float32.
    return array_utils.math_dtype((chx.zeros((), dtype1) * chx.zeros((), dtype2)).dtype)


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
def test_arctan2_backward_matches_numerical_gradients(shapes, dtype):
    x1, x2 = (array_utils.make_grad_input(s, dtype, seed=i) for i, s in enumerate(shapes))
    gy = array_utils.make_grad_input(numpy.broadcast_shapes(*shapes), dtype, seed=10)
    check = unary_math_tests.smooth_grad_check(dtype)
    array_utils.check_backward(chx.arctan2, [x1, x2], gy, dtype, **check)


@pytest.mark.parametrize('shapes', _SHAPE_PAIRS[:4])
def test_arctan2_double_backward_matches_numerical_gradients(shapes):
    x1, x2 = (array_utils.make_grad_input(s, 'float64', seed=i) for i, s in enumerate(shapes))
    gy = array_utils.make_grad_input(numpy.broadcast_shapes(*shapes), 'float64', seed=10)
    ggx = [array_utils.make_grad_input(s, 'float64', seed=20 + i) for i, s in enumerate(shapes)]
    check = unary_math_tests.smooth_grad_check('float64')
    array_utils.check_double_backward(chx.arctan2, [x1, x2], gy, ggx, 'float64', **check)


def test_arctan2_gradients_have_the_input_dtypes():
    x1 = chx.ones((2,), 'float16').require_grad()
    x2 = chx.ones((2,), 'float64').require_grad()
    chx.arctan2(x1, x2).sum().backward()
    array_utils.assert_array_equal(x1.grad, numpy.full((2,), 0.5, 'float16'))
    array_utils.assert_array_equal(x2.grad, numpy.full((2,), -0.5, 'float64'))


def _ulp_errors_float32(actual, reference):
    """|actual - reference| in ulps of float32 at the float64 reference (the subnormal spacing below the normals)."""
    exponent = numpy.frexp(numpy.abs(reference))[1]
    ulp = numpy.ldexp(1.0, numpy.maximum(exponent - 1, -126) - 23)
    return numpy.abs(actual.astype(numpy.float64) - reference) / ulp


@pytest.mark.parametrize('contiguous', [True, False])
def test_arctan2_float32_is_within_its_bound(contiguous, device):
    # float32 runs a per-CPU-level loop (Atan2Float; Note [Float math] bounds it by 2.5 ulp) on every quadrant,
    # on operands of every magnitude. CUDA devices run CUDA's atan2f, documented within 3 ulp.
    rng = numpy.random.default_rng(5)
    bits = rng.integers(0, 2**32, (2, 20000), dtype=numpy.uint64).astype(numpy.uint32).view(numpy.float32)
    bits = bits[:, numpy.isfinite(bits).all(axis=0)]
    near = rng.uniform(-8, 8, (2, 20000)).astype(numpy.float32)
    x1, x2 = numpy.concatenate([bits, near], axis=1)
    if not contiguous:  # every other element of twice as long arrays
        x1, x2 = numpy.repeat(x1, 2)[::2], numpy.repeat(x2, 2)[::2]
    a1 = chx.array(x1, copy=False, device=device)
    a2 = chx.array(x2, copy=False, device=device)
    out = chx.to_numpy(chx.arctan2(a1, a2))
    assert out.dtype == numpy.float32
    errors = _ulp_errors_float32(out, numpy.arctan2(x1.astype(numpy.float64), x2.astype(numpy.float64)))
    bound = 2.5 if device.backend.name == 'native' else 3.0
    assert errors.max() <= bound, (errors.max(), x1[errors.argmax()], x2[errors.argmax()])


def test_arctan2_float32_special_values_and_broadcasting(device):
    values = numpy.array([0.0, -0.0, 1.0, -1.0, numpy.inf, -numpy.inf, numpy.nan, 3.4e38, -1e-45], numpy.float32)
    x1, x2 = values.reshape(-1, 1), values.reshape(1, -1)
    out = chx.to_numpy(chx.arctan2(chx.array(x1, device=device), chx.array(x2, device=device)))
    expected = numpy.arctan2(x1, x2)
    assert out.shape == expected.shape and out.dtype == numpy.float32
    numpy.testing.assert_allclose(out, expected, rtol=3e-7, atol=0)
    numbers = ~numpy.isnan(expected)  # a nan's sign means nothing
    assert numpy.array_equal(numpy.signbit(out[numbers]), numpy.signbit(expected[numbers]))
