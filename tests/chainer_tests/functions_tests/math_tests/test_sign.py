"""F.sign (off the graph) and F.absolute (gradient sign(x), 0 at 0)."""

import numpy
import pytest

import chainer
import chainer.functions as F
import chainerx

import math_elementwise_check as check
from mode_utils import make_array, to_numpy


ABSOLUTE = check.Case('absolute', F.absolute, numpy.absolute)


@check.cases_test(check.parameters([ABSOLUTE], check.UNARY_SHAPES))
class TestAbsolute(check.ElementwiseTestCase):
    pass


def test_absolute_of_arrays_and_variables(mode):
    a = make_array(mode, [-2.0, 0.0, 3.0])
    x = chainer.Variable(a)
    for y in (F.absolute(a), F.absolute(x)):
        numpy.testing.assert_array_equal(to_numpy(y.array), [2.0, 0.0, 3.0])
    gx, = chainer.grad([F.absolute(x)], [x], grad_outputs=[make_array(mode, [1.0, 1.0, 1.0])])
    numpy.testing.assert_array_equal(to_numpy(gx.array), [-1.0, 0.0, 1.0])


def test_absolute_integer_input_is_invalid_type(mode):
    check.assert_invalid_for_integers(mode, F.absolute)


def test_absolute_native_on_chainerx():
    check.assert_native(F.absolute, [-0.5, 2.0])


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64, numpy.int32])
def test_sign_values_dtype_and_no_graph(mode, dtype):
    x = chainer.Variable(make_array(mode, [-2.5, 0.0, 3.0, -0.0], dtype),
                         requires_grad=dtype != numpy.int32)
    y = F.sign(x)
    assert y.dtype == dtype and not y.requires_grad
    numpy.testing.assert_array_equal(to_numpy(y.array), numpy.array([-1, 0, 1, 0], dtype))


def test_sign_of_array_0d_and_empty(mode):
    assert float(to_numpy(F.sign(make_array(mode, -4.0)).array)) == -1.0
    assert F.sign(make_array(mode, numpy.zeros((0, 2)))).shape == (0, 2)


def test_sign_of_nan_is_nan(mode):
    assert numpy.isnan(to_numpy(F.sign(make_array(mode, [numpy.nan])).array)[0])


def test_sign_takes_no_fallback_on_chainerx():
    before = chainer.function_node.fallback_count
    y = F.sign(chainer.Variable(chainerx.array([1.0, -1.0])))
    assert y._has_chainerx_array and chainer.function_node.fallback_count == before
