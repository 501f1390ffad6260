"""Rounding routines: ceil and floor (spec A.7; the NumPy-backed `fix` is tested with arithmetic).

Like the other math functions they compute in the input's float dtype and in float32 for every
other dtype (tested by unary_math_tests, with exact special values). Their gradient is zero: the
output is in the graph, but passes no gradient back.
"""

import numpy
import pytest

import chainerx as chx

import array_utils
import unary_math_tests
from unary_math_tests import Op

_OPS = {'ceil': Op(chx.ceil, numpy.ceil), 'floor': Op(chx.floor, numpy.floor)}

# Halves and signed zeros decide the sign of zero results; large floats are already integral.
_SPECIAL_VALUES = [
    numpy.inf, -numpy.inf, numpy.nan, 0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.0, -2.0, 1e5, -1e5
]

# The shared gradient checks assume smooth functions; the zero gradient is tested below.
unary_math_tests.install(globals(), _OPS, _SPECIAL_VALUES, exact=True, differentiable=False)

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

