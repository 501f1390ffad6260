"""F.argmax and F.argmin: int32 indices against NumPy, no gradient, errors, native path."""

import numpy
import pytest

import chainer
import chainer.functions as F
import chainerx

import math_reduction_check as reduction
from mode_utils import make_array, to_numpy

FUNCTIONS = [(F.argmax, numpy.argmax), (F.argmin, numpy.argmin)]


@pytest.mark.parametrize('function,reference', FUNCTIONS)
@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('shape,axis', [((3, 4, 2), None), ((3, 4, 2), 1), ((3, 4, 2), -1),
                                        ((), None), ((0, 3), 1)])
def test_forward(mode, function, reference, dtype, shape, axis):
    x = numpy.random.RandomState(0).uniform(-1, 1, shape).astype(dtype)
    y = function(chainer.Variable(make_array(mode, x, dtype)), axis=axis)
    assert y.dtype == numpy.int32 and y.shape == numpy.shape(reference(x, axis=axis))
    numpy.testing.assert_array_equal(to_numpy(y.array), reference(x, axis=axis))


@pytest.mark.parametrize('function,reference', FUNCTIONS)
def test_first_of_ties_and_non_contiguous(mode, function, reference):
    x = numpy.array([[1.0, 3.0, 3.0], [2.0, 2.0, 0.0]])[:, ::2]
    y = function(make_array(mode, x), axis=1)
    numpy.testing.assert_array_equal(to_numpy(y.array), reference(x, axis=1))


@pytest.mark.parametrize('function', [F.argmax, F.argmin])
def test_no_gradient(function):
    y = function(chainer.Variable(numpy.array([1.0, 2.0])))
    assert y.creator.backward((0,), (None,)) == (None,)


@pytest.mark.parametrize('function', [F.argmax, F.argmin])
def test_axis_errors(mode, function):
    reduction.assert_axis_errors(mode, function, accepts_tuple=False)


@pytest.mark.parametrize('function', [F.argmax, F.argmin])
def test_empty_array_is_a_value_error(mode, function):
    with pytest.raises(ValueError):
        function(make_array(mode, numpy.zeros((0,))))


@pytest.mark.parametrize('function', [F.argmax, F.argmin])
def test_native_on_chainerx(function):
    x = chainer.Variable(chainerx.array([[0.5, 1.0], [2.0, -1.0]]))
    before = chainer.function_node.fallback_count
    y = function(x, axis=0)
    assert isinstance(y.array, chainerx.ndarray) and y.dtype == numpy.int32
    assert chainer.function_node.fallback_count == before
