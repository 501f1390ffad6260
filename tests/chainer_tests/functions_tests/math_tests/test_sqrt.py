"""F.sqrt and F.rsqrt: forward, gradients, native path."""

import numpy

import chainer.functions as F

import math_elementwise_check as check
from mode_utils import make_array, to_numpy

CASES = [
    check.Case('sqrt', F.sqrt, numpy.sqrt, [(0.5, 2.0)]),
    check.Case('rsqrt', F.rsqrt, lambda x: 1 / numpy.sqrt(x), [(0.5, 2.0)], scale=2.0),
]


@check.cases_test(check.parameters(CASES, check.UNARY_SHAPES))
class TestSqrt(check.ElementwiseTestCase):
    pass


test_integer_input_is_invalid_type, test_native_on_chainerx = check.unary_tests(
    CASES, [0.5, 4.0])


def test_sqrt_of_zero_and_negative(mode):
    with numpy.errstate(divide='ignore', invalid='ignore'):
        y, z = F.sqrt(make_array(mode, [0.0, -1.0])), F.rsqrt(make_array(mode, [0.0, 4.0]))
    assert to_numpy(y.array)[0] == 0 and numpy.isnan(to_numpy(y.array)[1])
    numpy.testing.assert_array_equal(to_numpy(z.array), [numpy.inf, 0.5])
