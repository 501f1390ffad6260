"""Rounding routines: ceil and floor (spec A.7; the NumPy-backed `fix` is tested with arithmetic).

Like the other math functions they compute in the input's float dtype and in float32 for every
other dtype. Their gradient is zero: the output is in the graph, but passes no gradient back.
"""

import numpy
import pytest

import chainerx as chx

import array_utils

# name -> (chainerx function, NumPy reference)
_OPS = {'ceil': (chx.ceil, numpy.ceil), 'floor': (chx.floor, numpy.floor)}

# Halves and signed zeros decide the sign of zero results; large floats are already integral.
_SPECIAL_VALUES = [
    numpy.inf, -numpy.inf, numpy.nan, 0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.0, -2.0, 1e5, -1e5
]


# Check steps below the 1/8 distance of the inputs from the integers (the shared float16 step
# is 1/4).
_SMALL_GRAD_EPS = {'float16': 2**-4, 'float32': 2**-8, 'float64': 2**-12}


@pytest.fixture
def small_gradient_steps(monkeypatch):
    monkeypatch.setattr(array_utils, 'GRAD_EPS', _SMALL_GRAD_EPS)


def _expected(name, x):
    dtype = x.dtype if x.dtype.kind == 'f' else numpy.dtype('float32')
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
def test_forward_on_special_values_keeps_the_sign_of_zero(name, dtype):
    with numpy.errstate(over='ignore'):
        x = numpy.array(_SPECIAL_VALUES, dtype)
    out = _OPS[name][0](chx.array(x))
    expected = _expected(name, x)
    array_utils.assert_array_equal(out, expected, rtol=0, atol=0)
    assert numpy.array_equal(numpy.signbit(chx.to_numpy(out)), numpy.signbit(expected))


def _grad_input(shape, dtype, seed):
    # Multiples of 1/4 shifted by 1/8 stay away from the integers, where ceil and floor jump.
    x = chx.to_numpy(array_utils.make_grad_input(shape, 'float64', seed=seed))
    return chx.array((x + 0.125).astype(dtype))


@pytest.mark.parametrize('name', sorted(_OPS))
@pytest.mark.parametrize('shape', [(), (2, 3), (0, 2)])
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_gradient_is_zero(name, shape, dtype, small_gradient_steps):
    x = _grad_input(shape, dtype, seed=1)
    gy = array_utils.make_grad_input(shape, dtype, seed=2)
    array_utils.check_backward(_OPS[name][0], [x], gy, dtype)
    x = x.require_grad()
    y = _OPS[name][0](x)
    assert y.is_backprop_required()
    (y * gy).sum().backward()
    array_utils.assert_array_equal(x.grad, numpy.zeros(shape, dtype), rtol=0, atol=0)


@pytest.mark.parametrize('name', sorted(_OPS))
def test_first_order_gradient_is_a_constant_outside_the_graph(name):
    # So its own gradient (w.r.t. x and the output gradient) is zero as well.
    x = _grad_input((2, 3), 'float64', seed=3).require_grad()
    gy = array_utils.make_grad_input((2, 3), 'float64', seed=4).require_grad()
    (_OPS[name][0](x) * gy).sum().backward(enable_double_backprop=True)
    array_utils.assert_array_equal(x.grad, numpy.zeros((2, 3)), rtol=0, atol=0)
    assert not x.grad.is_backprop_required()


@pytest.mark.parametrize('name', sorted(_OPS))
def test_gradient_reaches_earlier_inputs_as_zero(name):
    x = chx.array([0.3, -1.7]).require_grad()
    y = _OPS[name][0](x * 2) + x
    y.sum().backward()
    array_utils.assert_array_equal(x.grad, numpy.ones(2))


@pytest.mark.parametrize('name', sorted(_OPS))
@pytest.mark.parametrize('arg', [1.0, [1.0], None, numpy.ones(2)])
def test_non_array_arguments_raise_type_error(name, arg):
    with pytest.raises(TypeError):
        _OPS[name][0](arg)
