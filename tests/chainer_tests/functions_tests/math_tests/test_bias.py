"""F.bias and F.scale (which shares bias's broadcasting): forward, gradients, errors, native."""

import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check

import math_elementwise_check as check
import math_reduction_check as reduction
from mode_utils import make_array, to_numpy


def _along(x, y, axis):
    return y.reshape((1,) * axis + y.shape + (1,) * (x.ndim - axis - y.ndim))


# (x shape, y shape, axis)
SHAPES = [((3, 4, 2), (4,), 1), ((3, 4, 2), (4, 2), 1), ((3, 4, 2), (3,), 0),
          ((3, 4, 2), (3, 4, 2), 0), ((3, 4, 2), (), 3), ((2, 0), (0,), 1)]
ROWS = [row
        for name, function, op in [('bias', F.bias, numpy.add), ('scale', F.scale, numpy.multiply)]
        for x_shape, y_shape, axis in SHAPES
        for row in reduction.variant_rows(
            name, function, lambda x, y, axis, op=op: op(x, _along(x, y, axis)), [{'axis': axis}],
            ((x_shape, y_shape),), ranges=[(-1.0, 1.0)] * 2)]


@check.cases_test(reduction.parameters(ROWS))
class TestBiasScale(check.ElementwiseTestCase):
    pass


def test_default_axis_is_one(mode):
    x, y = numpy.arange(6.0).reshape(1, 3, 2), numpy.array([1.0, 2.0, 3.0])
    numpy.testing.assert_array_equal(
        to_numpy(F.scale(make_array(mode, x), make_array(mode, y)).array), x * y[:, None])


@pytest.mark.parametrize('function', [F.bias, F.scale])
@pytest.mark.parametrize('y_shape,axis', [((3,), 1), ((2, 3), 0), ((2,), 2), ((2,), -1)])
def test_shape_errors(mode, function, y_shape, axis):
    with pytest.raises(ValueError):
        function(make_array(mode, numpy.ones((2, 2))), make_array(mode, numpy.ones(y_shape)), axis)


@pytest.mark.parametrize('function', [F.bias, F.scale])
def test_dtype_error(mode, function):
    with pytest.raises(type_check.InvalidType):
        function(make_array(mode, numpy.ones((2, 2))), make_array(mode, [1, 2], numpy.float32))


@pytest.mark.parametrize('function', [F.bias, F.scale])
def test_native_on_chainerx(function):
    check.assert_native(function, [[[0.5, 1.0], [1.0, -1.0]]], [2.0, 0.5])
