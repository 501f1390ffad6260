"""F.square: forward, gradients, native path."""

import numpy

import chainer.functions as F

import math_elementwise_check as check


SQUARE = check.Case('square', F.square, numpy.square)


@check.cases_test(check.parameters([SQUARE], check.UNARY_SHAPES))
class TestSquare(check.ElementwiseTestCase):
    pass


def test_integer_input_is_invalid_type(mode):
    check.assert_invalid_for_integers(mode, F.square)


def test_native_on_chainerx():
    _, (gx,) = check.assert_native(F.square, [0.5, -3.0])
    numpy.testing.assert_array_equal(gx.array, [1.0, -6.0])
