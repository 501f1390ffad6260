"""F.fmod: forward (C's fmod), gradients (1 and -fix(x / divisor)), broadcasting, errors."""

import numpy

import chainer
import chainer.functions as F

import math_elementwise_check as check
from mode_utils import make_array, to_numpy

CASES = [check.Case('fmod_by_positive', F.fmod, numpy.fmod, [(-3.0, 3.0), (0.5, 1.5)], scale=2.0),
         check.Case('fmod_by_negative', F.fmod, numpy.fmod, [(-3.0, 3.0), (-1.5, -0.5)], scale=2.0)]


@check.cases_test(check.parameters(CASES, check.BINARY_SHAPES))
class TestFmod(check.ElementwiseTestCase):
    pass


def test_sign_of_the_dividend_and_gradients(mode):
    x = chainer.Variable(make_array(mode, [5.5, -5.5, 3.0]))
    d = chainer.Variable(make_array(mode, [2.0, 2.0, -1.25]))
    y = F.fmod(x, d)
    gx, gd = chainer.grad([y], [x, d], grad_outputs=[make_array(mode, [1.0] * 3)])
    numpy.testing.assert_array_equal(to_numpy(y.array), [1.5, -1.5, 0.5])
    numpy.testing.assert_array_equal(to_numpy(gx.array), [1.0, 1.0, 1.0])
    numpy.testing.assert_array_equal(to_numpy(gd.array), [-2.0, 2.0, 2.0])


def test_keyword_arguments():
    y = F.fmod(x=numpy.array([7.0]), divisor=numpy.array([4.0]))
    assert y.array[0] == 3.0


(test_native_on_chainerx, test_invalid_dtypes, test_invalid_shapes,
 test_numpy_mixed_with_chainerx) = check.binary_tests(
    [F.fmod], ([[5.5, -5.5, 3.0]], [[2.0], [-1.5]]))
