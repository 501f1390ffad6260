"""F.linear_interpolate: p * x + (1 - p) * y, gradients, errors, native path."""

import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check

import math_elementwise_check as check
import math_reduction_check as reduction
from mode_utils import make_array

ROWS = [(check.Case('linear_interpolate', F.linear_interpolate,
                    lambda p, x, y: p * x + (1 - p) * y, [(0.0, 1.0), (-1.0, 1.0), (-1.0, 1.0)]),
         (((3, 2),) * 3, ((),) * 3, ((0, 2),) * 3))]


@check.cases_test(reduction.parameters(ROWS))
class TestLinearInterpolate(check.ElementwiseTestCase):
    pass


@pytest.mark.parametrize('shapes,dtypes', [
    (((2,), (2,), (3,)), (numpy.float64,) * 3),
    (((2,), (1,), (2,)), (numpy.float64,) * 3),
    (((2,),) * 3, (numpy.float64, numpy.float32, numpy.float64)),
    (((2,),) * 3, (numpy.int32,) * 3),
])
def test_invalid_inputs(mode, shapes, dtypes):
    with pytest.raises(type_check.InvalidType):
        F.linear_interpolate(*[make_array(mode, numpy.ones(s), d) for s, d in zip(shapes, dtypes)])


def test_native_on_chainerx():
    check.assert_native(F.linear_interpolate, [0.25, 0.5], [1.0, 2.0], [-1.0, 3.0])
