"""Regression tests of the argument checks of the math functions (found by the chainer fuzz)."""

import numpy
import pytest

import chainer
import chainer.functions as F

from mode_utils import make_array, mode, to_numpy  # NOQA: F401 (fixture)


def _raises_exactly(error, function, *args, **kwargs):
    with pytest.raises(error) as info:
        function(*args, **kwargs)
    assert type(info.value) is error


_NON_ARRAYS = [1.5, -1, [1.0, 2.0], 'x', chainer.Variable()]
_NON_ARRAY_IDS = ['float', 'int', 'list', 'str', 'empty']


@pytest.mark.parametrize('function', [F.sign, F.floor, F.ceil, F.fix])
@pytest.mark.parametrize('x', _NON_ARRAYS, ids=_NON_ARRAY_IDS)
def test_rounding_of_a_non_array(function, x):
    _raises_exactly(TypeError, function, x)


@pytest.mark.parametrize('function', [F.sign, F.floor, F.ceil])
def test_rounding_of_arrays_and_numpy_scalars(mode, function):
    x = make_array(mode, [1.5, -2.5])
    expected = getattr(numpy, function.__name__)(numpy.array([1.5, -2.5]))
    numpy.testing.assert_array_equal(to_numpy(function(x).array), expected)
    assert function(numpy.float32(1.5)).shape == ()


@pytest.mark.parametrize('function', [
    lambda v, a: F.sum_to(a, (1,)),
    lambda v, a: F.bias(v, a),
    lambda v, a: F.bias(a, v),
    lambda v, a: F.tensordot(a, v, 1),
    lambda v, a: F.tensordot(v, a, 1),
    lambda v, a: F.einsum('ij,ij->i', v, a),
    lambda v, a: F.batch_matmul(a, v),
    lambda v, a: F.batch_matmul(v, a),
    lambda v, a: F.matmul(a, v),
    lambda v, a: F.average(a),
    lambda v, a: F.average(v, 1, a),
    lambda v, a: F.mean(a, (0, 1), v),
])
@pytest.mark.parametrize('a', _NON_ARRAYS, ids=_NON_ARRAY_IDS)
@pytest.mark.filterwarnings('ignore::DeprecationWarning')  # batch_matmul
def test_non_array_operands(mode, function, a):
    v = chainer.Variable(make_array(mode, numpy.ones((2, 3)), numpy.float32))
    _raises_exactly(TypeError, function, v, a)


@pytest.mark.parametrize('shape, error', [
    ((1.0, 3), TypeError), ([[3]], TypeError), ((True, 3), TypeError), ((1,) * 65, ValueError)])
def test_sum_to_shape(mode, shape, error):
    x = make_array(mode, numpy.ones((2, 3)))
    _raises_exactly(error, F.sum_to, x, shape)


def test_sum_to_shape_as_int_or_array(mode):
    x = make_array(mode, numpy.ones((2, 3)))
    assert to_numpy(F.sum_to(x, 3).array).tolist() == [2.0, 2.0, 2.0]
    assert F.sum_to(x, numpy.array([1, 3])).shape == (1, 3)
