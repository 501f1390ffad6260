"""F.tensordot: numpy.tensordot semantics, gradients, axes forms, errors, native path."""

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check

import math_elementwise_check as check
import math_reduction_check as reduction
from mode_utils import make_array

# (a shape, b shape, axes)
SHAPES = [
    ((3, 4, 2), (4, 2, 5), 2),
    ((3, 4), (4, 2), 1),
    ((3, 2), (4, 5), 0),                          # outer product
    ((3, 4, 2), (2, 5, 3), ((0, 2), (2, 0))),
    ((3, 4, 2), (5, 4), (1, 1)),                  # a pair of ints
    ((2, 3), (3, 2), ([-1, 0], [0, -1])),         # full contraction, negative axes
    ((0, 3), (3, 2), 1),
    ((), (2, 3), 0),
]
ROWS = [row
        for a_shape, b_shape, axes in SHAPES
        for row in reduction.variant_rows('tensordot', F.tensordot, numpy.tensordot,
                                          [{'axes': axes}], ((a_shape, b_shape),),
                                          ranges=[(-1.0, 1.0)] * 2)]


@check.cases_test(reduction.parameters(ROWS))
class TestTensorDot(check.ElementwiseTestCase):
    pass


@pytest.mark.parametrize('axes,error', [
    (3, ValueError), (-1, ValueError), (((0,), (0, 1)), ValueError),
    (((0, 0), (0, 1)), ValueError), (((3,), (0,)), ValueError), ((0, 1, 2), ValueError),
    (1.5, TypeError), ((('a',), (0,)), TypeError),
])
def test_axes_errors(mode, axes, error):
    with pytest.raises(error):
        F.tensordot(make_array(mode, numpy.ones((2, 3))), make_array(mode, numpy.ones((3, 2))),
                    axes)


def test_mismatched_lengths_are_invalid(mode):
    with pytest.raises(type_check.InvalidType):
        F.tensordot(make_array(mode, numpy.ones((2, 3))), make_array(mode, numpy.ones((2, 3))), 1)


def test_gradients_keep_mixed_dtypes(mode):
    a = chainer.Variable(make_array(mode, numpy.ones((2, 3)), numpy.float32))
    b = chainer.Variable(make_array(mode, numpy.ones((3, 2))))
    y = F.tensordot(a, b, 1)
    ga, gb = chainer.grad([y], [a, b], grad_outputs=[make_array(mode, numpy.ones((2, 2)))])
    assert y.dtype == numpy.float64 and ga.dtype == numpy.float32 and gb.dtype == numpy.float64


@pytest.mark.parametrize('axes', [1, ((0,), (1,))])
def test_native_on_chainerx(axes):
    check.assert_native(lambda a, b: F.tensordot(a, b, axes), [[0.5, 1.0], [1.0, -1.0]],
                        [[2.0, 1.0], [0.5, 3.0]])
