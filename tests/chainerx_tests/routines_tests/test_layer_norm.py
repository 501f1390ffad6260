"""chainerx._core._layer_norm(x, gamma, beta, eps): x standardized over its last gamma.ndim axes, scaled by
gamma and shifted by beta (what F.layer_normalization runs on chainerx; not in the original's API). Against
NumPy in float64: shapes, dtypes, layouts, gradients of first and second order, and errors. On CUDA the
forward is one kernel and the backward two or three (Note [Layer normalization on CUDA] in
chainerx/cuda/layer_norm.cu), with more than one chunk of rows for the parameters' gradients past 64 rows."""

import numpy
import pytest

import chainerx as chx
from chainerx import _core

import array_utils


def _layer_norm(x, gamma, beta, eps):
    x = x.astype(numpy.float64)
    axes = tuple(range(x.ndim - gamma.ndim, x.ndim))
    mean = x.mean(axis=axes, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=axes, keepdims=True)
    return (x - mean) / numpy.sqrt(var + eps) * gamma.astype(numpy.float64) + beta.astype(numpy.float64)


def _params(shape, dtype):
    rng = numpy.random.default_rng(1)
    return rng.uniform(0.5, 1.5, shape).astype(dtype), rng.uniform(-1, 1, shape).astype(dtype)


# (x shape, gamma shape)
_CASES = [
    ((4, 5), (5,)),
    ((2, 3, 4), (3, 4)),
    ((2, 3, 4), (4,)),
    ((6,), (6,)),
    ((1, 7), (7,)),
    ((5, 1), (1,)),
    ((3, 3000), (3000,)),
    ((300, 8), (8,)),
    ((0, 5), (5,)),
]


@pytest.mark.parametrize('x_shape,param_shape', _CASES)
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_matches_numpy(x_shape, param_shape, dtype, device):
    x = array_utils.make_numpy(x_shape, dtype)
    gamma, beta = _params(param_shape, dtype)
    out = _core._layer_norm(*[chx.array(a, device=device) for a in (x, gamma, beta)], 1e-3)
    tol = 1e-2 if dtype == 'float16' else None
    array_utils.assert_array_equal(out, _layer_norm(x, gamma, beta, 1e-3).astype(dtype), rtol=tol, atol=tol)


@pytest.mark.parametrize('x_dtype,param_dtype', [('float16', 'float32'), ('float32', 'float64')])
def test_mixed_dtypes_compute_in_the_promoted_dtype_and_return_x_dtype(x_dtype, param_dtype):
    x = array_utils.make_numpy((4, 6), x_dtype)
    gamma, beta = _params((6,), param_dtype)
    out = _core._layer_norm(chx.array(x), chx.array(gamma), chx.array(beta))
    assert out.dtype == x_dtype
    array_utils.assert_array_equal(out, _layer_norm(x, gamma, beta, 1e-5).astype(x_dtype), rtol=1e-3, atol=1e-3)


def test_non_contiguous_operands(device):
    x = array_utils.make_numpy((5, 4), 'float32')
    gamma, beta = _params((10,), 'float32')
    out = _core._layer_norm(chx.array(x, device=device).T, chx.array(gamma, device=device)[::2],
                            chx.array(beta, device=device)[1::2])
    array_utils.assert_array_equal(out, _layer_norm(x.T, gamma[::2], beta[1::2], 1e-5).astype('float32'))


def test_nan_stays_in_its_row(device):
    x = numpy.array([[1.0, numpy.nan, 3.0], [1.0, 2.0, 4.0]], numpy.float32)
    gamma, beta = numpy.ones(3, numpy.float32), numpy.zeros(3, numpy.float32)
    out = chx.to_numpy(_core._layer_norm(*[chx.array(a, device=device) for a in (x, gamma, beta)]))
    assert numpy.isnan(out[0]).all() and numpy.isfinite(out[1]).all()


# Central differences of a function that is not a polynomial need a small step (truncation error about
# step**2 / 6 times the third derivative, which 1 / sqrt(var + eps) makes large) and a looser tolerance.
_EPS = 2**-14
_TOL = (1e-6, 1e-6)


def _inputs(shapes, seed=0):
    return [array_utils.make_grad_input(shape, 'float64', seed=seed + i) for i, shape in enumerate(shapes)]


def _fn(x, gamma, beta):
    return _core._layer_norm(x, gamma, beta, 1e-2)


@pytest.mark.parametrize('x_shape,param_shape', [((3, 4), (4,)), ((2, 2, 3), (2, 3)), ((2, 3, 2), (2,))])
def test_backward_and_double_backward(x_shape, param_shape):
    shapes = [x_shape, param_shape, param_shape]
    xs = _inputs(shapes)
    gy = _inputs([x_shape], seed=10)
    array_utils.check_backward(_fn, xs, gy, 'float64', eps=_EPS, tolerances=_TOL)
    array_utils.check_double_backward(_fn, xs, gy, _inputs(shapes, seed=20), 'float64', eps=_EPS, tolerances=_TOL)


@pytest.mark.parametrize('rows', [3, 130])
def test_backward_of_many_rows(rows):
    # 130 rows: three chunks of rows for gamma's and beta's gradients on CUDA.
    array_utils.check_backward(_fn, _inputs([(rows, 5), (5,), (5,)]), _inputs([(rows, 5)], seed=3), 'float64',
                               eps=_EPS, tolerances=_TOL)


def test_gradients_against_the_formula(device):
    # The kernel's gradients against NumPy's formulas, for a broadcast output gradient too.
    x = chx.array(array_utils.make_numpy((70, 6), 'float64'), device=device).require_grad()
    gamma, beta = [chx.array(a, device=device).require_grad() for a in _params((6,), 'float64')]
    y = _core._layer_norm(x, gamma, beta, 1e-3)
    gy = chx.broadcast_to(chx.array(array_utils.make_numpy((1, 6), 'float64', seed=2), device=device), (70, 6))
    gx, ggamma, gbeta = chx.grad([y], [x, gamma, beta], grad_outputs=[gy])
    xn, gn, gyn = chx.to_numpy(x), chx.to_numpy(gamma), chx.to_numpy(gy)
    mean = xn.mean(axis=1, keepdims=True)
    inv_std = 1 / numpy.sqrt(((xn - mean) ** 2).mean(axis=1, keepdims=True) + 1e-3)
    xhat = (xn - mean) * inv_std
    g = gyn * gn
    expected_gx = inv_std * (g - g.mean(axis=1, keepdims=True) - xhat * (g * xhat).mean(axis=1, keepdims=True))
    array_utils.assert_array_equal(gx, expected_gx, rtol=1e-10, atol=1e-10)
    array_utils.assert_array_equal(ggamma, (gyn * xhat).sum(axis=0), rtol=1e-10, atol=1e-10)
    array_utils.assert_array_equal(gbeta, gyn.sum(axis=0), rtol=1e-10, atol=1e-10)


@pytest.mark.parametrize('x_shape,gamma_shape,beta_shape', [
    ((4, 5), (4,), (4,)),
    ((4, 5), (5,), (4,)),
    ((4, 5), (), ()),
    ((5,), (2, 5), (2, 5)),
])
def test_bad_shapes_raise_dimension_error(x_shape, gamma_shape, beta_shape):
    with pytest.raises(chx.DimensionError):
        _core._layer_norm(chx.ones(x_shape), chx.ones(gamma_shape), chx.ones(beta_shape))


def test_integer_x_raises_dtype_error():
    with pytest.raises(chx.DtypeError):
        _core._layer_norm(chx.ones((2, 3), 'int32'), chx.ones((3,)), chx.zeros((3,)))


def test_parameters_on_another_device_raise_device_error():
    with pytest.raises(chx.DeviceError):
        _core._layer_norm(chx.ones((2, 3), device='native:0'), chx.ones((3,), device='native:1'),
                          chx.zeros((3,), device='native:0'))
