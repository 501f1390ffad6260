"""Exponential and logarithm routines: exp expm1 exp2 log log10 log2 log1p erf (spec A.5).

Math functions compute in the input's float dtype, and in float32 for every other dtype (NumPy would
pick float16 for int8, float64 for int64). Forward results are compared with NumPy computed in that
dtype; gradients (first and second order) with central differences.
"""

import math

import numpy
import pytest

import chainerx as chx

import array_utils

_erf = numpy.vectorize(math.erf, otypes=[numpy.float64])


def _positive(v):
    return numpy.abs(v) + 0.25


def _above_minus_one(v):
    return numpy.abs(v) - 0.5


# name -> (chainerx function, NumPy reference, map of gradient-check inputs into the domain)
_OPS = {
    'exp': (chx.exp, numpy.exp, None),
    'expm1': (chx.expm1, numpy.expm1, None),
    'exp2': (chx.exp2, numpy.exp2, None),
    'log': (chx.log, numpy.log, _positive),
    'log10': (chx.log10, numpy.log10, _positive),
    'log2': (chx.log2, numpy.log2, _positive),
    'log1p': (chx.log1p, numpy.log1p, _above_minus_one),
    'erf': (chx.erf, _erf, None),
}

# Values where the functions have limits, poles or no real result.
_SPECIAL_VALUES = [numpy.inf, -numpy.inf, numpy.nan, 0.0, -0.0, -1.0, 1.0, 1e-5, -1e-5, 20.0]

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


def _expected(name, x):
    dtype = _math_dtype(x.dtype)
    with numpy.errstate(all='ignore'):
        return _OPS[name][1](x.astype(dtype)).astype(dtype)


@pytest.mark.parametrize('name', sorted(_OPS))
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_forward_matches_numpy_in_the_math_dtype(name, dtype):
    x = array_utils.make_numpy((2, 3), dtype, seed=1)
    array_utils.assert_array_equal(_OPS[name][0](chx.array(x)), _expected(name, x))


@pytest.mark.parametrize('name', sorted(_OPS))
@pytest.mark.parametrize('shape', array_utils.SHAPES)
@pytest.mark.parametrize('contiguous', [True, False])
def test_forward_on_any_shape_and_layout(name, shape, contiguous, device):
    x = array_utils.make_numpy(shape, 'float32', seed=2, contiguous=contiguous)
    out = _OPS[name][0](chx.array(x, copy=False, device=device))
    assert out.device is device
    array_utils.assert_array_equal(out, _expected(name, x))


@pytest.mark.parametrize('name', sorted(_OPS))
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_forward_on_special_values(name, dtype):
    x = numpy.array(_SPECIAL_VALUES, dtype)
    array_utils.assert_array_equal(_OPS[name][0](chx.array(x)), _expected(name, x))


def _grad_inputs(name, shape, dtype, seed):
    domain = _OPS[name][2]
    x = chx.to_numpy(array_utils.make_grad_input(shape, 'float64', seed=seed))
    return chx.array((x if domain is None else domain(x)).astype(dtype))


@pytest.mark.parametrize('name', sorted(_OPS))
@pytest.mark.parametrize('shape', [(), (2, 3)])
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_backward_matches_numerical_gradients(name, shape, dtype, smooth_gradient_checks):
    x = _grad_inputs(name, shape, dtype, seed=1)
    gy = array_utils.make_grad_input(shape, dtype, seed=2)
    array_utils.check_backward(_OPS[name][0], [x], gy, dtype)


@pytest.mark.parametrize('name', sorted(_OPS))
@pytest.mark.parametrize('shape', [(), (2, 3)])
def test_double_backward_matches_numerical_gradients(name, shape, smooth_gradient_checks):
    x = _grad_inputs(name, shape, 'float64', seed=3)
    gy = array_utils.make_grad_input(shape, 'float64', seed=4)
    ggx = array_utils.make_grad_input(shape, 'float64', seed=5)
    array_utils.check_double_backward(_OPS[name][0], [x], gy, ggx, 'float64')


@pytest.mark.parametrize('name', sorted(_OPS))
def test_gradient_of_a_non_contiguous_input(name, smooth_gradient_checks):
    x = _grad_inputs(name, (3, 2), 'float64', seed=6)
    gy = array_utils.make_grad_input((2, 3), 'float64', seed=7)
    array_utils.check_backward(lambda a: _OPS[name][0](a.T), [x], gy, 'float64')


@pytest.mark.parametrize('name', sorted(_OPS))
def test_integer_input_gives_a_float32_result_outside_the_graph(name):
    out = _OPS[name][0](chx.arange(3, dtype='int64'))
    assert out.dtype == numpy.float32
    assert not out.is_backprop_required()


@pytest.mark.parametrize('name', sorted(_OPS))
@pytest.mark.parametrize('arg', [1.0, [1.0], None, numpy.ones(2)])
def test_non_array_arguments_raise_type_error(name, arg):
    with pytest.raises(TypeError):
        _OPS[name][0](arg)
