"""F.clip: forward, gradients (passed inside [x_min, x_max], bounds included), errors, native."""

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.functions.math.clip import Clip

import math_elementwise_check as check
from mode_utils import make_array, to_numpy

BOUNDS = [(-0.5, 0.5), (None, 0.25), (-0.25, None), (numpy.float32(-0.5), 1)]
CASES = [
    check.Case('clip({}, {})'.format(lo, hi), lambda x, lo=lo, hi=hi: F.clip(x, lo, hi),
               lambda x, lo=lo, hi=hi: numpy.clip(x, lo, hi))
    for lo, hi in BOUNDS
]


@check.cases_test(check.parameters(CASES, check.UNARY_SHAPES))
class TestClip(check.ElementwiseTestCase):
    pass


def test_gradient_passes_inside_bounds_included(mode):
    x = chainer.Variable(make_array(mode, [-1.0, -0.5, 0.0, 0.5, 1.0]))
    y = F.clip(x, -0.5, 0.5)
    gx, = chainer.grad([y], [x], grad_outputs=[make_array(mode, [1.0] * 5)])
    numpy.testing.assert_array_equal(to_numpy(y.array), [-0.5, -0.5, 0.0, 0.5, 0.5])
    numpy.testing.assert_array_equal(to_numpy(gx.array), [0.0, 1.0, 1.0, 1.0, 0.0])


@pytest.mark.parametrize('lo,hi', BOUNDS)
def test_native_on_chainerx(lo, hi):
    check.assert_native(lambda x: F.clip(x, lo, hi), [-1.0, 0.1, 1.0])


@pytest.mark.parametrize('lo,hi,error', [
    (None, None, ValueError), (1.0, 1.0, ValueError), (1.0, 0.0, ValueError),
    (numpy.zeros(2), 1.0, TypeError), (0.0, '1', TypeError), (True, 2.0, TypeError),
])
def test_bad_bounds(mode, lo, hi, error):
    with pytest.raises(error):
        F.clip(make_array(mode, [1.0]), lo, hi)


def test_integer_input_is_invalid_type(mode):
    check.assert_invalid_for_integers(mode, lambda x: F.clip(x, 0.0, 1.0))


def test_node_checks_bounds_too():
    with pytest.raises(ValueError):
        Clip(None, None)
