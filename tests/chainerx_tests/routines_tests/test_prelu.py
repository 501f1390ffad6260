"""chainerx._core._prelu (F.prelu's routine): x where x >= 0, else w * x with w broadcast to x's shape, against NumPy
for every float dtype and broadcast, zero-size and strided inputs, gradients of first and second order, and errors
for bad arguments."""

import numpy
import pytest

import chainerx as chx

import array_utils

_SHAPES = [((3, 4), (4,)), ((2, 3, 4), (1, 3, 1)), ((2, 3, 4), (3, 4)), ((5,), ()), ((2, 0, 3), (1, 0, 1)),
           ((3, 4), (3, 4))]


def _expected(x, w):
    x64, w64 = x.astype(numpy.float64), w.astype(numpy.float64)
    return numpy.where(x64 >= 0, x64, x64 * w64)


def _inputs(x_shape, w_shape, dtype, seed=0):
    rng = numpy.random.RandomState(seed)
    # Away from the kink at 0, where central differences would cross it.
    x = (rng.uniform(0.25, 2, x_shape) * rng.choice([-1, 1], x_shape)).astype(dtype)
    w = rng.uniform(-0.5, 0.5, w_shape).astype(dtype)
    return x, w


@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
@pytest.mark.parametrize('x_shape,w_shape', _SHAPES)
def test_matches_numpy(x_shape, w_shape, dtype, device):
    x, w = _inputs(x_shape, w_shape, dtype)
    y = chx._core._prelu(chx.array(x, device=device), chx.array(w, device=device))
    assert y.device is device and y.dtype == dtype and y.shape == x_shape
    rtol, atol = array_utils.tolerance(dtype)
    numpy.testing.assert_allclose(chx.to_numpy(y).astype(numpy.float64), _expected(x, w), rtol=rtol, atol=atol)


def test_zero_and_nan_inputs():
    x = numpy.array([0.0, -0.0, numpy.nan, -1.0, 2.0], 'float32')
    y = chx.to_numpy(chx._core._prelu(chx.array(x), chx.array(numpy.float32(0.5))))
    numpy.testing.assert_array_equal(y, [0.0, -0.0, numpy.nan, -0.5, 2.0])


@pytest.mark.parametrize('x_shape,w_shape', [((3, 4), (4,)), ((2, 3, 4), (1, 3, 1)), ((2, 3), ())])
def test_gradients(x_shape, w_shape):
    x, w = _inputs(x_shape, w_shape, 'float64', seed=1)
    rng = numpy.random.RandomState(2)
    gy = chx.array(rng.uniform(-1, 1, x_shape))
    ggx, ggw = chx.array(rng.uniform(-1, 1, x_shape)), chx.array(rng.uniform(-1, 1, w_shape))
    inputs = [chx.array(x), chx.array(w)]
    array_utils.check_backward(chx._core._prelu, inputs, [gy], 'float64')
    array_utils.check_double_backward(chx._core._prelu, inputs, [gy], [ggx, ggw], 'float64')


@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_gradient_values(dtype, device):
    x_np = numpy.array([[1, -2, 3], [-0.5, 0, -4]], dtype)
    w_np = numpy.array([0.25, -0.5, 2], dtype)
    gy_np = numpy.array([[1, 2, -1], [0.5, 3, 1]], dtype)
    x, w = (chx.array(a, device=device).require_grad() for a in (x_np, w_np))
    gx, gw = chx.grad([chx._core._prelu(x, w)], [x, w], grad_outputs=[chx.array(gy_np, device=device)])
    assert gx.dtype == dtype and gw.dtype == dtype and gw.shape == (3,)
    numpy.testing.assert_allclose(chx.to_numpy(gx), numpy.where(x_np >= 0, gy_np, gy_np * w_np), rtol=1e-3)
    numpy.testing.assert_allclose(chx.to_numpy(gw), numpy.where(x_np >= 0, 0, gy_np * x_np).sum(axis=0), rtol=1e-3)


def test_strided_operands(device):
    base = numpy.random.RandomState(3).uniform(-1, 1, (4, 6)).astype('float32')
    x = chx.array(base, device=device)[:, ::2]
    w = chx.array(numpy.array([0.1, 0.2, 0.3, 0.4, 0.5, 0.6], 'float32'), device=device)[::2]
    numpy.testing.assert_allclose(chx.to_numpy(chx._core._prelu(x, w)),
                                  _expected(base[:, ::2], numpy.array([0.1, 0.3, 0.5], 'float32')), rtol=1e-6)


@pytest.mark.parametrize('x_dtype,w_dtype', [('int32', 'int32'), ('float32', 'float64'), ('bool_', 'bool_')])
def test_bad_dtypes_raise(x_dtype, w_dtype):
    with pytest.raises(chx.DtypeError):
        chx._core._prelu(chx.zeros((2, 3), x_dtype), chx.zeros((3,), w_dtype))


@pytest.mark.parametrize('w_shape', [(2,), (2, 2, 3), (4, 1)])
def test_w_not_broadcasting_to_x_raises(w_shape):
    with pytest.raises(chx.DimensionError):
        chx._core._prelu(chx.zeros((2, 3), 'float32'), chx.zeros(w_shape, 'float32'))


def test_two_devices_raise():
    with pytest.raises(chx.DeviceError):
        chx._core._prelu(chx.zeros((2, 3), 'float32', device='native:0'), chx.zeros((3,), 'float32', device='native:1'))
