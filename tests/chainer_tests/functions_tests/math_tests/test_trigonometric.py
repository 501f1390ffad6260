"""F.sin, F.cos, F.tan, F.arcsin, F.arccos, F.arctan, F.arctan2: forward, gradients, native path."""

import numpy
import pytest

import chainer
import chainer.functions as F
import chainerx
from chainer import testing
from chainer.utils import type_check

import math_elementwise_check as check
from mode_utils import make_array

CASES = [
    check.Case('sin', F.sin, numpy.sin, [(-3.0, 3.0)]),
    check.Case('cos', F.cos, numpy.cos, [(-3.0, 3.0)]),
    check.Case('tan', F.tan, numpy.tan, [(-1.2, 1.2)], scale=4.0),
    check.Case('arcsin', F.arcsin, numpy.arcsin, [(-0.9, 0.9)], scale=4.0),
    check.Case('arccos', F.arccos, numpy.arccos, [(-0.9, 0.9)], scale=4.0),
    check.Case('arctan', F.arctan, numpy.arctan, [(-2.0, 2.0)]),
]
ARCTAN2 = check.Case('arctan2', F.arctan2, numpy.arctan2, [(-1.0, 1.0), (0.2, 1.0)], scale=2.0)


@testing.parameterize(*check.parameters(CASES, check.UNARY_SHAPES))
@testing.fix_random()
@testing.inject_backend_tests(None, check.BACKENDS)
class TestTrigonometric(check.ElementwiseTestCase):
    pass


@testing.parameterize(*check.parameters([ARCTAN2], check.BINARY_SHAPES))
@testing.fix_random()
@testing.inject_backend_tests(None, check.BACKENDS)
class TestArctan2(check.ElementwiseTestCase):
    pass


@pytest.mark.parametrize('function', [case.function for case in CASES])
def test_integer_input_is_invalid_type(mode, function):
    check.assert_invalid_for_integers(mode, function)


@pytest.mark.parametrize('function', [case.function for case in CASES])
def test_native_on_chainerx(function):
    check.assert_native(function, [0.5, -0.25])


def test_arctan2_native_with_broadcasting():
    y, (g1, g2) = check.assert_native(F.arctan2, [[1.0, -2.0, 0.5]], [[0.5], [2.0]])
    assert y.shape == (2, 3) and g1.shape == (1, 3) and g2.shape == (2, 1)


def test_arctan2_quadrants(mode):
    y = F.arctan2(make_array(mode, [1.0, 1.0, -1.0, -1.0]),
                  make_array(mode, [1.0, -1.0, -1.0, 1.0]))
    numpy.testing.assert_allclose(chainer.backend.CpuDevice().send(y.array),
                                  numpy.pi * numpy.array([0.25, 0.75, -0.75, -0.25]))


@pytest.mark.parametrize('dtypes', [(numpy.int32, numpy.int32), (numpy.float32, numpy.float64)])
def test_arctan2_invalid_dtypes(mode, dtypes):
    with pytest.raises(type_check.InvalidType):
        F.arctan2(make_array(mode, [1, 2], dtypes[0]), make_array(mode, [1, 2], dtypes[1]))


def test_arctan2_invalid_shapes(mode):
    # On chainerx the routine runs without a type check (as in the original) and raises its own.
    with pytest.raises(type_check.InvalidType if mode == 'numpy' else chainerx.DimensionError):
        F.arctan2(make_array(mode, [1.0, 2.0]), make_array(mode, [1.0, 2.0, 3.0]))


def test_arctan2_numpy_mixed_with_chainerx():
    with pytest.raises(TypeError):
        F.arctan2(make_array('numpy', [1.0]), chainer.Variable(make_array('chainerx', [1.0])))
