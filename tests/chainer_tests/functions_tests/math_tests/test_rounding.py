"""F.floor, F.ceil, F.fix: values, dtypes, Variables off the graph, no fallback on chainerx."""

import numpy
import pytest

import chainer
import chainer.functions as F
import chainerx

from mode_utils import make_array, to_numpy

FUNCTIONS = [(F.floor, numpy.floor), (F.ceil, numpy.ceil), (F.fix, numpy.fix)]
VALUES = [-2.5, -1.0, -0.5, 0.0, 0.5, 1.5, 2.0]


@pytest.mark.parametrize('function,reference', FUNCTIONS)
@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_values_and_no_graph(mode, function, reference, dtype):
    x = chainer.Variable(make_array(mode, VALUES, dtype))
    y = function(x)
    assert y.dtype == dtype and y.shape == x.shape and not y.requires_grad
    numpy.testing.assert_array_equal(to_numpy(y.array), reference(numpy.array(VALUES, dtype)))


@pytest.mark.parametrize('function,reference', FUNCTIONS)
def test_arrays_noncontiguous_0d_and_empty(mode, function, reference):
    base = numpy.arange(12.0).reshape(3, 4) / 3 - 2
    a = make_array(mode, base)[:, ::2]
    numpy.testing.assert_array_equal(to_numpy(function(a).array), reference(base[:, ::2]))
    assert float(to_numpy(function(make_array(mode, -1.5)).array)) == reference(-1.5)
    assert function(make_array(mode, numpy.zeros((2, 0)))).shape == (2, 0)


@pytest.mark.parametrize('function,reference', FUNCTIONS)
def test_integer_input_keeps_its_dtype(mode, function, reference):
    y = function(make_array(mode, [-3, 4], numpy.int32))
    assert y.dtype == numpy.int32
    numpy.testing.assert_array_equal(to_numpy(y.array), [-3, 4])


@pytest.mark.parametrize('function,reference', FUNCTIONS)
def test_no_fallback_on_chainerx(function, reference):
    before = chainer.function_node.fallback_count
    y = function(chainer.Variable(chainerx.array([1.5, -1.5])))
    assert y._has_chainerx_array and chainer.function_node.fallback_count == before
