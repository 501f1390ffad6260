"""F.maximum, F.minimum: forward, gradients (to the chosen input, ties to the first), errors."""

import numpy
import pytest

import chainer
import chainer.functions as F
import chainerx
from chainer import testing
from chainer.utils import type_check

import math_elementwise_check as check
from mode_utils import make_array, to_numpy

CASES = [check.Case('maximum', F.maximum, numpy.maximum, [(-1.0, 1.0)] * 2),
         check.Case('minimum', F.minimum, numpy.minimum, [(-1.0, 1.0)] * 2)]


@testing.parameterize(*check.parameters(CASES, check.BINARY_SHAPES))
@testing.fix_random()
@testing.inject_backend_tests(None, check.BACKENDS)
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
def test_native_on_chainerx(function):
    y, (g1, g2) = check.assert_native(function, [[0.5, -1.0, 2.0]], [[0.0], [1.0]])
    assert y.shape == (2, 3) and g1.shape == (1, 3) and g2.shape == (2, 1)


@pytest.mark.parametrize('function', [F.maximum, F.minimum])
def test_arrays_as_inputs(mode, function):
    y = function(make_array(mode, [1.0, 5.0]), make_array(mode, [3.0, 4.0]))
    expected = [3.0, 5.0] if function is F.maximum else [1.0, 4.0]
    numpy.testing.assert_array_equal(to_numpy(y.array), expected)


@pytest.mark.parametrize('function', [F.maximum, F.minimum])
@pytest.mark.parametrize('dtypes', [(numpy.int32, numpy.int32), (numpy.float32, numpy.float64)])
def test_invalid_dtypes(mode, function, dtypes):
    with pytest.raises(type_check.InvalidType):
        function(make_array(mode, [1, 2], dtypes[0]), make_array(mode, [1, 2], dtypes[1]))


@pytest.mark.parametrize('function', [F.maximum, F.minimum])
def test_invalid_shapes(mode, function):
    # On chainerx the routine runs without a type check (as in the original) and raises its own.
    with pytest.raises(type_check.InvalidType if mode == 'numpy' else chainerx.DimensionError):
        function(make_array(mode, [1.0, 2.0]), make_array(mode, [1.0, 2.0, 3.0]))


@pytest.mark.parametrize('function', [F.maximum, F.minimum])
def test_numpy_mixed_with_chainerx(function):
    with pytest.raises(TypeError):
        function(chainer.Variable(make_array('chainerx', [1.0])), make_array('numpy', [1.0]))
