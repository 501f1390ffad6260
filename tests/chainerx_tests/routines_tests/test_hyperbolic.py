"""Hyperbolic routines: sinh cosh tanh arcsinh arccosh (spec A.6).

Math functions compute in the input's float dtype, and in float32 for every other dtype. Forward
results are compared with NumPy computed in that dtype; gradients (first and second order) with
central differences.
"""

import numpy
import pytest

import chainerx as chx

import array_utils


def _at_least_one_and_a_half(v):
    return numpy.abs(v) + 1.25


# name -> (chainerx function, NumPy reference, map of gradient-check inputs into the domain)
_OPS = {
    'sinh': (chx.sinh, numpy.sinh, None),
    'cosh': (chx.cosh, numpy.cosh, None),
    'tanh': (chx.tanh, numpy.tanh, None),
    'arcsinh': (chx.arcsinh, numpy.arcsinh, None),
    'arccosh': (chx.arccosh, numpy.arccosh, _at_least_one_and_a_half),
}

# Overflow to inf (float16 sinh(12) is out of range), the pole of arccosh' at 1 and its NaN domain.
_SPECIAL_VALUES = [numpy.inf, -numpy.inf, numpy.nan, 0.0, -0.0, 1.0, 0.5, -1.0, 12.0, 1e3]

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


def _expected(name, x):
    dtype = x.dtype if x.dtype.kind == 'f' else numpy.dtype('float32')
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
    with numpy.errstate(over='ignore'):
        x = numpy.array(_SPECIAL_VALUES, dtype)
    array_utils.assert_array_equal(_OPS[name][0](chx.array(x)), _expected(name, x))


def _grad_input(name, shape, dtype, seed):
    domain = _OPS[name][2]
    x = chx.to_numpy(array_utils.make_grad_input(shape, 'float64', seed=seed))
    return chx.array((x if domain is None else domain(x)).astype(dtype))


@pytest.mark.parametrize('name', sorted(_OPS))
@pytest.mark.parametrize('shape', [(), (2, 3)])
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_backward_matches_numerical_gradients(name, shape, dtype, smooth_gradient_checks):
    x = _grad_input(name, shape, dtype, seed=1)
    gy = array_utils.make_grad_input(shape, dtype, seed=2)
    array_utils.check_backward(_OPS[name][0], [x], gy, dtype)


@pytest.mark.parametrize('name', sorted(_OPS))
@pytest.mark.parametrize('shape', [(), (2, 3)])
def test_double_backward_matches_numerical_gradients(name, shape, smooth_gradient_checks):
    x = _grad_input(name, shape, 'float64', seed=3)
    gy = array_utils.make_grad_input(shape, 'float64', seed=4)
    ggx = array_utils.make_grad_input(shape, 'float64', seed=5)
    array_utils.check_double_backward(_OPS[name][0], [x], gy, ggx, 'float64')


@pytest.mark.parametrize('name', sorted(_OPS))
def test_gradient_of_a_non_contiguous_input(name, smooth_gradient_checks):
    x = _grad_input(name, (3, 2), 'float64', seed=6)
    gy = array_utils.make_grad_input((2, 3), 'float64', seed=7)
    array_utils.check_backward(lambda a: _OPS[name][0](a.T), [x], gy, 'float64')


@pytest.mark.parametrize('name', sorted(_OPS))
def test_integer_input_gives_a_float32_result_outside_the_graph(name):
    out = _OPS[name][0](chx.arange(1, 4, dtype='int8'))
    assert out.dtype == numpy.float32
    assert not out.is_backprop_required()


@pytest.mark.parametrize('name', sorted(_OPS))
@pytest.mark.parametrize('arg', [1.0, [1.0], None, numpy.ones(2)])
def test_non_array_arguments_raise_type_error(name, arg):
    with pytest.raises(TypeError):
        _OPS[name][0](arg)
