"""Regression tests of the argument checks of the array functions (found by the chainer fuzz).

Huge counts and sizes raise ValueError before NumPy is called (NumPy's repeat and tile crashed the
process on them), shapes take ints only, and non-array inputs raise TypeError, in both modes.
"""

import time

import numpy
import pytest

import chainer
import chainer.functions as F
import chainerx

import array_check as check
from mode_utils import make_array
from mode_utils import to_numpy


def _raises_exactly(error, function, *args):
    with pytest.raises(error) as info:
        function(*args)
    assert type(info.value) is error


@pytest.mark.parametrize('function, shape, dtype', [
    (lambda x: F.tile(x, 2**62), (1, 1, 4, 4), numpy.int8),
    (lambda x: F.tile(x, 2**62), (1, 1, 4, 4), numpy.float32),
    (lambda x: F.tile(x, (2**40, 2**40)), (2,), numpy.float32),
    (lambda x: F.repeat(x, 2**62), (4,), numpy.int8),
    (lambda x: F.repeat(x, 2**62, axis=1), (2, 3), numpy.float32),
    (lambda x: F.repeat(x, (2**62, 2**62, 2), axis=1), (2, 3), numpy.float32),
    (lambda x: F.pad(x, 2**62, 'constant'), (1, 1, 4, 4), numpy.float32),
    (lambda x: F.pad(x, 2**40, 'edge'), (1, 1, 4, 4), numpy.float32),
    (lambda x: F.resize_images(x, (2**62, 2**62)), (1, 1, 4, 4), numpy.float32),
    (lambda x: F.as_strided(x, (2**62, 2**62), (0, 0)), (3,), numpy.float32),
    (lambda x: F.pad_sequence([x], 2**62), (3,), numpy.float32),
    (lambda x: F.im2col(x, 2**40, pad=2**40), (1, 1, 4, 4), numpy.float32),
    (lambda x: F.im2col(x, 1, stride=2**40, pad=2**40), (1, 1, 4, 4), numpy.float32),
])
def test_too_big_outputs(mode, function, shape, dtype):
    _raises_exactly(ValueError, function, make_array(mode, numpy.ones(shape), dtype))


@pytest.mark.parametrize('function, expected', [
    (lambda x: F.tile(x, (2, 1)), (2, 3)),
    (lambda x: F.repeat(x, 2, axis=0), (2, 3)),
    (lambda x: F.repeat(x, (2, 0, 1), axis=1), (1, 3)),
])
def test_small_counts_still_work(mode, function, expected):
    x = make_array(mode, [[1, 2, 3]], numpy.int8)
    assert function(x).shape == expected


@pytest.mark.parametrize('function, error', [
    (lambda x: F.reshape(x, [3.0, 3.0]), TypeError),
    (lambda x: F.reshape(x, (3.0, 3.0)), TypeError),  # equal to x.shape, still no shape
    (lambda x: F.reshape(x, [2**31 - 1, (-2,)]), TypeError),
    (lambda x: F.reshape(x, (True, 9)), TypeError),
    (lambda x: F.reshape(x, 9.0), TypeError),
    (lambda x: F.reshape(x, (1,) * 65), ValueError),
    (lambda x: x.reshape(3, 3.0), TypeError),
    (lambda x: F.broadcast_to(x, (3.0, 3)), TypeError),
    (lambda x: F.broadcast_to(x, [3, [3]]), TypeError),
    (lambda x: F.resize_images(F.reshape(x, (1, 1, 3, 3)), (2.0, 2)), TypeError),
    (lambda x: F.as_strided(x, (2.0,), (1,)), TypeError),
    (lambda x: F.transpose(x, chainer.Variable()), TypeError),
    (lambda x: F.im2col(F.reshape(x, (1, 1, 3, 3)), 2, pad=chainer.Parameter()), TypeError),
])
def test_shape_arguments(mode, function, error):
    x = check.variable(mode, numpy.zeros((3, 3)))
    _raises_exactly(error, function, x)


@pytest.mark.parametrize('function', [
    lambda x, shape: F.reshape(x, shape),
    lambda x, shape: F.broadcast_to(x, shape),
    lambda x, shape: F.sum_to(x, shape),
    lambda x, shape: F.resize_images(x, shape),
])
def test_huge_shape_arrays_fail_at_once(mode, function):
    x = check.variable(mode, numpy.zeros((1, 1, 3, 3)))
    start = time.perf_counter()
    _raises_exactly(ValueError, function, x, chainerx.arange(2**20))
    assert time.perf_counter() - start < 1


def test_shape_given_as_arrays(mode):
    x = check.variable(mode, numpy.arange(6.))
    assert F.reshape(x, numpy.array([2, 3])).shape == (2, 3)
    assert F.reshape(x, chainerx.array([3, -1])).shape == (3, 2)
    assert F.broadcast_to(x, (numpy.int64(2), 6)).shape == (2, 6)


@pytest.mark.parametrize('function', [
    lambda x: F.reshape(x, (1,)),
    lambda x: F.flatten(x),
    lambda x: F.cast(x, numpy.float32),
    lambda x: F.broadcast(x),
    lambda x: F.broadcast_to(x, (2,)),
    lambda x: F.tile(x, 2),
    lambda x: F.repeat(x, 2),
    lambda x: F.copy(x, -1),
    lambda x: F.resize_images(x, (2, 2)),
])
@pytest.mark.parametrize('x', [1.5, [1.0, 2.0], chainer.Variable()], ids=['float', 'list', 'empty'])
def test_non_array_inputs(function, x):
    _raises_exactly(TypeError, function, x)


def test_where_condition_variable_without_an_array(mode):
    x = check.variable(mode, numpy.zeros(2))
    _raises_exactly(TypeError, F.where, chainer.Parameter(), x, x)


def test_pad_with_a_constant_beyond_int64_in_both_modes(mode):
    x = make_array(mode, numpy.ones((2, 3)), numpy.float32)
    y = F.pad(x, 1, 'constant', constant_values=10**30)
    expected = numpy.pad(numpy.ones((2, 3), numpy.float32), 1, constant_values=10**30)
    numpy.testing.assert_array_equal(to_numpy(y.array), expected)


_NUMPY2 = int(numpy.__version__.split('.')[0]) >= 2


@pytest.mark.parametrize('shape, key', [
    pytest.param((1,) * 32, numpy.bool_(True), marks=pytest.mark.skipif(
        not _NUMPY2, reason='33 dimensions need NumPy 2')),
    pytest.param((2,) + (1,) * 31, numpy.array([[0, 1], [1, 1]]), marks=pytest.mark.skipif(
        not _NUMPY2, reason='33 dimensions need NumPy 2')),
    ((1,) * 30, (None, numpy.array([0, 0]))),
    ((3, 2), numpy.array([0, 2, 2])),
])
def test_gradient_of_indexing_many_dimensions(shape, key):
    # numpy.add.at crashed the process for arrays or results of more than 32 dimensions.
    x = chainer.Variable(numpy.zeros(shape))
    y = x[key]
    gy = numpy.random.RandomState(0).uniform(-1, 1, y.shape)
    y.grad = gy
    y.backward()
    expected = numpy.zeros(shape)
    numpy.add.at(expected.reshape(-1), numpy.arange(x.size).reshape(shape)[key].ravel(),
                 gy.ravel())
    numpy.testing.assert_array_equal(x.grad, expected)
