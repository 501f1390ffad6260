"""F.max and F.min: forward, gradients (to every tied extreme), errors, native path."""

import numpy
import pytest

import chainer.functions as F

import math_elementwise_check as check
import math_reduction_check as reduction
from mode_utils import make_array, to_numpy

VARIANTS = [{}, {'axis': 1}, {'axis': -1, 'keepdims': True}, {'axis': (0, 2)}]
ROWS = [row
        for name, function, reference in [('max', F.max, numpy.max), ('min', F.min, numpy.min)]
        for row in reduction.variant_rows(name, function, reference, VARIANTS, (((3, 4, 2),),))]
ROWS += [(check.Case('max 0-d', F.max, numpy.max), (((),),)),
         (check.Case('min zero-size', lambda x: F.min(x, axis=1), lambda x: x.min(axis=1)),
          (((0, 3),),))]


@check.cases_test(reduction.parameters(ROWS))
class TestMinMaxReduction(check.ElementwiseTestCase):
    pass


@pytest.mark.parametrize('function', [F.max, F.min])
def test_axis_errors(mode, function):
    reduction.assert_axis_errors(mode, function)


@pytest.mark.parametrize('function', [F.max, F.min])
def test_reducing_an_empty_axis_is_a_value_error(mode, function):
    with pytest.raises(ValueError):
        function(make_array(mode, numpy.zeros((0, 3))), axis=0)


@pytest.mark.parametrize('function,axis,expected', [
    (F.max, 1, [[0, 1, 1], [1, 1, 0]]),
    (F.min, 1, [[1, 0, 0], [0, 0, 1]]),
    (F.max, None, [[0, 1, 1], [0, 0, 0]]),
])
def test_ties_all_receive_the_gradient(mode, function, axis, expected):
    _, (gx,) = reduction.gradients(mode, lambda x: function(x, axis=axis),
                                   [[1.0, 3.0, 3.0], [2.0, 2.0, 0.0]])
    numpy.testing.assert_array_equal(to_numpy(gx.array), expected)


@pytest.mark.parametrize('function', [F.max, F.min])
@pytest.mark.parametrize('kw', [{}, {'axis': 0}, {'axis': (0, 1), 'keepdims': True}])
def test_native_on_chainerx(function, kw):
    check.assert_native(lambda x: function(x, **kw), [[0.5, 1.0, 2.0], [1.0, -1.0, 3.0]])
