"""Rounding routines: ceil and floor (spec A.7; the NumPy-backed `fix` is tested with arithmetic).

Like the other math functions they compute in the input's float dtype and in float32 for every
other dtype. The forward tests run each body with chainerx and with NumPy through
chainerx.testing's decorators, which compare values exactly, and dtypes and strides too. Their
gradient is zero: the output is in the graph, but passes no gradient back.
"""

import numpy
import pytest

import chainerx as chx
import chainerx.testing

import array_utils
import unary_math_tests

_NAMES = ('ceil', 'floor')
_OPS = {name: unary_math_tests.Op(getattr(chx, name), getattr(numpy, name)) for name in _NAMES}

# Halves and signed zeros decide the sign of zero results; large floats are already integral.
_SPECIAL_VALUES = [
    numpy.inf, -numpy.inf, numpy.nan, 0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.0, -2.0, 1e5, -1e5
]


@pytest.fixture(params=array_utils.DEVICES)
def default_device(request):
    """Each device of the shared list as the default device: the decorators expect results there."""
    with chx.using_device(request.param) as scope:
        yield scope.device


def _rounded(xp, name, x):
    """xp.<name>(x), with NumPy computing in chainerx's math dtype (float32 for non-float input)."""
    if xp is numpy:
        x = x.astype(array_utils.math_dtype(x.dtype))
    return getattr(xp, name)(x)


@chainerx.testing.numpy_chainerx_array_equal()
@pytest.mark.parametrize('name', _NAMES)
@pytest.mark.parametrize('dtype', chainerx.testing.all_dtypes)
def test_forward_matches_numpy_in_the_math_dtype(xp, name, dtype):
    x = xp.asarray(array_utils.make_numpy((2, 3), dtype, seed=1))
    return _rounded(xp, name, x)


@chainerx.testing.numpy_chainerx_array_equal()
@pytest.mark.parametrize('name', _NAMES)
@pytest.mark.parametrize('shape', array_utils.SHAPES)
@pytest.mark.parametrize('contiguous', [True, False])
def test_forward_on_any_shape_layout_and_device(xp, name, shape, contiguous, default_device):
    x = array_utils.make_numpy(shape, 'float32', seed=2, contiguous=contiguous)
    return getattr(xp, name)(xp.asarray(x))


@chainerx.testing.numpy_chainerx_array_equal()
@pytest.mark.parametrize('name', _NAMES)
@pytest.mark.parametrize('dtype', chainerx.testing.float_dtypes)
def test_forward_on_special_values_with_the_sign_of_zero(xp, name, dtype):
    with numpy.errstate(over='ignore'):  # large values overflow to inf in float16
        x = xp.asarray(numpy.array(_SPECIAL_VALUES, dtype))
    y = getattr(xp, name)(x)
    return y, xp.copysign(xp.ones_like(y), y)


@pytest.mark.parametrize('name', _NAMES)
@pytest.mark.parametrize('dtype', ['int8', 'int64'])
def test_integer_input_gives_a_float32_result_outside_the_graph(name, dtype):
    out = getattr(chx, name)(chx.arange(1, 4, dtype=dtype))
    assert out.dtype == numpy.float32, out.dtype
    assert not out.is_backprop_required()


@pytest.mark.parametrize('name', _NAMES)
@pytest.mark.parametrize('arg', [1.0, [1.0], None, numpy.ones(2)])
def test_non_array_arguments_raise_type_error(name, arg):
    with pytest.raises(TypeError):
        getattr(chx, name)(arg)


def _grad_input(shape, dtype, seed):
    # Multiples of 1/4 shifted by 1/8 stay away from the integers, where ceil and floor jump.
    x = chx.to_numpy(array_utils.make_grad_input(shape, 'float64', seed=seed))
    return chx.array((x + 0.125).astype(dtype))


@pytest.mark.parametrize('name', sorted(_OPS))
@pytest.mark.parametrize('shape', [(), (2, 3), (0, 2)])
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_gradient_is_zero(name, shape, dtype):
    x = _grad_input(shape, dtype, seed=1)
    gy = array_utils.make_grad_input(shape, dtype, seed=2)
    # Steps below the 1/8 distance of the inputs from the integers (array_utils' float16 step is
    # 1/4); those of the smooth functions are.
    eps = unary_math_tests.SMOOTH_GRAD_EPS[dtype]
    array_utils.check_backward(_OPS[name].chx_func, [x], gy, dtype, eps=eps)
    x = x.require_grad()
    y = _OPS[name].chx_func(x)
    assert y.is_backprop_required()
    (y * gy).sum().backward()
    array_utils.assert_array_equal(x.grad, numpy.zeros(shape, dtype), rtol=0, atol=0)


@pytest.mark.parametrize('name', sorted(_OPS))
def test_first_order_gradient_is_a_constant_outside_the_graph(name):
    # So its own gradient (w.r.t. x and the output gradient) is zero as well.
    x = _grad_input((2, 3), 'float64', seed=3).require_grad()
    gy = array_utils.make_grad_input((2, 3), 'float64', seed=4).require_grad()
    (_OPS[name].chx_func(x) * gy).sum().backward(enable_double_backprop=True)
    array_utils.assert_array_equal(x.grad, numpy.zeros((2, 3)), rtol=0, atol=0)
    assert not x.grad.is_backprop_required()


@pytest.mark.parametrize('name', sorted(_OPS))
def test_gradient_reaches_earlier_inputs_as_zero(name):
    x = chx.array([0.3, -1.7]).require_grad()
    y = _OPS[name].chx_func(x * 2) + x
    y.sum().backward()
    array_utils.assert_array_equal(x.grad, numpy.ones(2))

