"""F.fmod: forward (C's fmod), gradients (1 and -fix(x / divisor)), broadcasting, errors."""

import numpy
import pytest

import chainer
import chainer.functions as F
import chainerx
from chainer import testing
from chainer.utils import type_check

import math_elementwise_check as check
from mode_utils import make_array, to_numpy

CASES = [check.Case('fmod_by_positive', F.fmod, numpy.fmod, [(-3.0, 3.0), (0.5, 1.5)], scale=2.0),
         check.Case('fmod_by_negative', F.fmod, numpy.fmod, [(-3.0, 3.0), (-1.5, -0.5)], scale=2.0)]


@testing.parameterize(*check.parameters(CASES, check.BINARY_SHAPES))
@testing.fix_random()
@testing.inject_backend_tests(None, check.BACKENDS)
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


def test_native_on_chainerx():
    y, (gx, gd) = check.assert_native(F.fmod, [[5.5, -5.5, 3.0]], [[2.0], [-1.5]])
    assert y.shape == (2, 3) and gx.shape == (1, 3) and gd.shape == (2, 1)


@pytest.mark.parametrize('dtypes', [(numpy.int32, numpy.int32), (numpy.float32, numpy.float64)])
def test_invalid_dtypes(mode, dtypes):
    with pytest.raises(type_check.InvalidType):
        F.fmod(make_array(mode, [1, 2], dtypes[0]), make_array(mode, [1, 2], dtypes[1]))


def test_invalid_shapes(mode):
    # On chainerx the routine runs without a type check (as in the original) and raises its own.
    with pytest.raises(type_check.InvalidType if mode == 'numpy' else chainerx.DimensionError):
        F.fmod(make_array(mode, [1.0, 2.0]), make_array(mode, [1.0, 2.0, 3.0]))


def test_keyword_arguments():
    y = F.fmod(x=numpy.array([7.0]), divisor=numpy.array([4.0]))
    assert y.array[0] == 3.0
