"""F.maximum, F.minimum: forward, gradients (to the chosen input, ties to the first), errors."""

import numpy
import pytest

import chainer
import chainer.functions as F

import math_elementwise_check as check
from mode_utils import make_array, to_numpy

CASES = [check.Case('maximum', F.maximum, numpy.maximum, [(-1.0, 1.0)] * 2),
         check.Case('minimum', F.minimum, numpy.minimum, [(-1.0, 1.0)] * 2)]


@check.cases_test(check.parameters(CASES, check.BINARY_SHAPES))
class TestMinMax(check.ElementwiseTestCase):
    pass


@pytest.mark.parametrize('function,chosen_first', [(F.maximum, [1, 1, 0]), (F.minimum, [1, 0, 1])])
def test_ties_go_to_the_first_input(mode, function, chosen_first):
    x1 = chainer.Variable(make_array(mode, [1.0, 2.0, 3.0]))
    x2 = chainer.Variable(make_array(mode, [1.0, 1.0, 4.0]))
    g1, g2 = chainer.grad([function(x1, x2)], [x1, x2], grad_outputs=[make_array(mode, [1.0] * 3)])
    numpy.testing.assert_array_equal(to_numpy(g1.array), chosen_first)
    numpy.testing.assert_array_equal(to_numpy(g2.array), 1 - numpy.array(chosen_first))


@pytest.mark.parametrize('function', [F.maximum, F.minimum])
def test_arrays_as_inputs(mode, function):
    y = function(make_array(mode, [1.0, 5.0]), make_array(mode, [3.0, 4.0]))
    expected = [3.0, 5.0] if function is F.maximum else [1.0, 4.0]
    numpy.testing.assert_array_equal(to_numpy(y.array), expected)


(test_native_on_chainerx, test_invalid_dtypes, test_invalid_shapes,
 test_numpy_mixed_with_chainerx) = check.binary_tests(
    [F.maximum, F.minimum], ([[0.5, -1.0, 2.0]], [[0.0], [1.0]]))
