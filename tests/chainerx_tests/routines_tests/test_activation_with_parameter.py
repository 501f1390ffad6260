"""chainerx._core._prelu and _swish (F.prelu's and F.swish's routines, Note [Activations with an array parameter]):
f(x, w) with w broadcast to x's shape, against NumPy for every float dtype and broadcast, zero-size and strided
inputs, gradients of first and second order, and errors for bad arguments."""

import numpy
import pytest

import chainerx as chx

import array_utils

_SHAPES = [((3, 4), (4,)), ((2, 3, 4), (1, 3, 1)), ((2, 3, 4), (3, 4)), ((5,), ()), ((2, 0, 3), (1, 0, 1)),
           ((3, 4), (3, 4))]


def _sigmoid(v):
    return 0.5 * numpy.tanh(0.5 * v) + 0.5


def _prelu(x, w, gy):
    """prelu's output and its gradients of x and of the broadcast w (before the sum), in float64."""
    return numpy.where(x >= 0, x, x * w), numpy.where(x >= 0, gy, gy * w), numpy.where(x >= 0, 0, gy * x)


def _swish(x, beta, gy):
    s = _sigmoid(beta * x)
    y = x * s
    return y, gy * (s + beta * y * (1 - s)), gy * y * (x - y)


# name: (the routine, its float64 reference)
_ROUTINES = {'prelu': (chx._core._prelu, _prelu), 'swish': (chx._core._swish, _swish)}


def _expected(name, x, w, gy=None):
    x64, w64 = x.astype(numpy.float64), w.astype(numpy.float64)
    return _ROUTINES[name][1](x64, w64, numpy.ones_like(x64) if gy is None else gy.astype(numpy.float64))


def _inputs(x_shape, w_shape, dtype, seed=0):
    rng = numpy.random.RandomState(seed)
    # Away from prelu's kink at 0, where central differences would cross it.
    x = (rng.uniform(0.25, 2, x_shape) * rng.choice([-1, 1], x_shape)).astype(dtype)
    w = rng.uniform(-0.5, 0.5, w_shape).astype(dtype)
    return x, w


@pytest.mark.parametrize('name', sorted(_ROUTINES))
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
@pytest.mark.parametrize('x_shape,w_shape', _SHAPES)
def test_matches_numpy(name, x_shape, w_shape, dtype, device):
    x, w = _inputs(x_shape, w_shape, dtype)
    y = _ROUTINES[name][0](chx.array(x, device=device), chx.array(w, device=device))
    assert y.device is device and y.dtype == dtype and y.shape == x_shape
    rtol, atol = array_utils.tolerance(dtype)
    numpy.testing.assert_allclose(chx.to_numpy(y).astype(numpy.float64), _expected(name, x, w)[0], rtol=rtol,
                                  atol=atol)


def test_prelu_zero_and_nan_inputs():
    x = numpy.array([0.0, -0.0, numpy.nan, -1.0, 2.0], 'float32')
    y = chx.to_numpy(chx._core._prelu(chx.array(x), chx.array(numpy.float32(0.5))))
    numpy.testing.assert_array_equal(y, [0.0, -0.0, numpy.nan, -0.5, 2.0])


def test_swish_saturated_and_nan_inputs():
    # sigmoid(beta * x) of large |beta * x| is 0 or 1 without overflow; NaN stays NaN.
    x = chx.array(numpy.array([-200.0, 200.0, numpy.nan, 0.0], 'float32')).require_grad()
    beta = chx.array(numpy.float32(1.0)).require_grad()
    y = chx._core._swish(x, beta)
    numpy.testing.assert_array_equal(chx.to_numpy(y), [-0.0, 200.0, numpy.nan, 0.0])
    gx, gbeta = chx.grad([y], [x, beta], grad_outputs=[chx.ones((4,), 'float32')])
    numpy.testing.assert_array_equal(chx.to_numpy(gx), [0.0, 1.0, numpy.nan, 0.5])
    assert numpy.isnan(chx.to_numpy(gbeta))


@pytest.mark.parametrize('name', sorted(_ROUTINES))
@pytest.mark.parametrize('x_shape,w_shape', [((3, 4), (4,)), ((2, 3, 4), (1, 3, 1)), ((2, 3), ())])
def test_gradients(name, x_shape, w_shape):
    x, w = _inputs(x_shape, w_shape, 'float64', seed=1)
    rng = numpy.random.RandomState(2)
    gy = chx.array(rng.uniform(-1, 1, x_shape))
    ggx, ggw = chx.array(rng.uniform(-1, 1, x_shape)), chx.array(rng.uniform(-1, 1, w_shape))
    inputs = [chx.array(x), chx.array(w)]
    routine = _ROUTINES[name][0]
    # prelu is piecewise linear (exact differences); swish is smooth.
    check = array_utils.SMOOTH_GRAD_CHECK if name == 'swish' else {}
    array_utils.check_backward(routine, inputs, [gy], 'float64', **check)
    array_utils.check_double_backward(routine, inputs, [gy], [ggx, ggw], 'float64', **check)


@pytest.mark.parametrize('name', sorted(_ROUTINES))
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_gradient_values(name, dtype, device):
    x_np = numpy.array([[1, -2, 3], [-0.5, 0, -4]], dtype)
    w_np = numpy.array([0.25, -0.5, 2], dtype)
    gy_np = numpy.array([[1, 2, -1], [0.5, 3, 1]], dtype)
    x, w = (chx.array(a, device=device).require_grad() for a in (x_np, w_np))
    y = _ROUTINES[name][0](x, w)
    gx, gw = chx.grad([y], [x, w], grad_outputs=[chx.array(gy_np, device=device)])
    assert gx.dtype == dtype and gw.dtype == dtype and gw.shape == (3,)
    _, gx_expected, gw_expected = _expected(name, x_np, w_np, gy_np)
    rtol, atol = array_utils.tolerance(dtype)
    numpy.testing.assert_allclose(chx.to_numpy(gx), gx_expected, rtol=rtol, atol=atol)
    numpy.testing.assert_allclose(chx.to_numpy(gw), gw_expected.sum(axis=0), rtol=rtol, atol=atol)


@pytest.mark.parametrize('name', sorted(_ROUTINES))
def test_strided_operands(name, device):
    base = numpy.random.RandomState(3).uniform(-1, 1, (4, 6)).astype('float32')
    x = chx.array(base, device=device)[:, ::2]
    w = chx.array(numpy.array([0.1, 0.2, 0.3, 0.4, 0.5, 0.6], 'float32'), device=device)[::2]
    numpy.testing.assert_allclose(chx.to_numpy(_ROUTINES[name][0](x, w)),
                                  _expected(name, base[:, ::2], numpy.array([0.1, 0.3, 0.5], 'float32'))[0],
                                  rtol=1e-6, atol=1e-7)


@pytest.mark.parametrize('name', sorted(_ROUTINES))
@pytest.mark.parametrize('x_dtype,w_dtype', [('int32', 'int32'), ('float32', 'float64'), ('bool_', 'bool_')])
def test_bad_dtypes_raise(name, x_dtype, w_dtype):
    with pytest.raises(chx.DtypeError):
        _ROUTINES[name][0](chx.zeros((2, 3), x_dtype), chx.zeros((3,), w_dtype))


@pytest.mark.parametrize('name', sorted(_ROUTINES))
@pytest.mark.parametrize('w_shape', [(2,), (2, 2, 3), (4, 1)])
def test_w_not_broadcasting_to_x_raises(name, w_shape):
    with pytest.raises(chx.DimensionError):
        _ROUTINES[name][0](chx.zeros((2, 3), 'float32'), chx.zeros(w_shape, 'float32'))


@pytest.mark.parametrize('name', sorted(_ROUTINES))
def test_two_devices_raise(name):
    with pytest.raises(chx.DeviceError):
        _ROUTINES[name][0](chx.zeros((2, 3), 'float32', device='native:0'),
                           chx.zeros((3,), 'float32', device='native:1'))
