"""F.sqrt and F.rsqrt: forward, gradients, native path."""

import numpy
import pytest

import chainer.functions as F
from chainer import testing

import math_elementwise_check as check
from mode_utils import make_array, to_numpy

CASES = [
    check.Case('sqrt', F.sqrt, numpy.sqrt, [(0.5, 2.0)]),
    check.Case('rsqrt', F.rsqrt, lambda x: 1 / numpy.sqrt(x), [(0.5, 2.0)], scale=2.0),
]


@testing.parameterize(*check.parameters(CASES, check.UNARY_SHAPES))
@testing.fix_random()
@testing.inject_backend_tests(None, check.BACKENDS)
class TestSqrt(check.ElementwiseTestCase):
    pass


@pytest.mark.parametrize('function', [F.sqrt, F.rsqrt])
def test_integer_input_is_invalid_type(mode, function):
    check.assert_invalid_for_integers(mode, function)


@pytest.mark.parametrize('function', [F.sqrt, F.rsqrt])
def test_native_on_chainerx(function):
    check.assert_native(function, [0.5, 4.0])


def test_sqrt_of_zero_and_negative(mode):
    with numpy.errstate(divide='ignore', invalid='ignore'):
        y, z = F.sqrt(make_array(mode, [0.0, -1.0])), F.rsqrt(make_array(mode, [0.0, 4.0]))
    assert to_numpy(y.array)[0] == 0 and numpy.isnan(to_numpy(y.array)[1])
    numpy.testing.assert_array_equal(to_numpy(z.array), [numpy.inf, 0.5])
