"""Regression tests of the argument checks of the pooling functions (found by the chainer fuzz)."""

import time

import numpy
import pytest

import chainer
import chainer.functions as F

from function_test_utils import distinct_values
from mode_utils import make_array, mode, to_numpy  # NOQA: F401 (fixture)


def _raises_exactly(error, function, *args, **kwargs):
    with pytest.raises(error) as info:
        function(*args, **kwargs)
    assert type(info.value) is error


@pytest.mark.parametrize('shape, height, error', [
    ((1, 1, 4, 4), 10**30, ValueError),  # ran for ever: each level has 4 times the bins
    ((1, 1, 4, 4), 4, ValueError),  # 8 bins per axis for 4 pixels: all padding
    ((1, 1, 4, 4), 0, ValueError),
    ((1, 1, 4, 4), -1, ValueError),
    ((1, 1, 4, 4), 2.0, TypeError),
    ((1, 1, 4, 4), True, TypeError),
    ((1, 1, 4, 4), None, TypeError),
    ((1, 1, 1, 1), 2, ValueError),
])
def test_pyramid_height(mode, shape, height, error):
    x = make_array(mode, numpy.ones(shape), numpy.float32)
    start = time.perf_counter()
    _raises_exactly(error, F.spatial_pyramid_pooling_2d, x, height, pooling='max')
    assert time.perf_counter() - start < 1


@pytest.mark.parametrize('shape, height, channels', [
    ((1, 1, 4, 4), 3, 21), ((1, 1, 3, 4), 3, 17), ((1, 1, 1, 1), 1, 1), ((1, 1, 5, 2), 3, 21)])
def test_largest_pyramid_heights(mode, shape, height, channels):
    # The finest level has 2^(height - 1) bins along the longer axis, at most one per pixel (along
    # a shorter axis, as in the original, some may be padding only).
    x = make_array(mode, distinct_values(shape, numpy.float32), numpy.float32)
    y = F.spatial_pyramid_pooling_2d(x, numpy.int64(height), pooling='max')
    assert y.shape == (1, channels, 1, 1)


@pytest.mark.parametrize('x', [1.5, [[[[1.0]]]], chainer.Parameter()], ids=['float', 'list', 'empty'])
def test_pyramid_of_a_non_array(x):
    _raises_exactly(TypeError, F.spatial_pyramid_pooling_2d, x, 1, pooling='max')


_INDEXES = numpy.zeros((1, 1, 2, 2), numpy.int32)


@pytest.mark.parametrize('function', [
    lambda x, **k: F.max_pooling_2d(x, 2, **k),
    lambda x, **k: F.average_pooling_2d(x, 2, **k),
    lambda x, **k: F.max_pooling_nd(x, 2, **k),
    lambda x, **k: F.average_pooling_nd(x, 2, **k),
    lambda x, **k: F.unpooling_2d(x, 2, **k),
    lambda x, **k: F.unpooling_nd(x, 2, **k),
    lambda x, **k: F.upsampling_2d(x, _INDEXES, 2, **k),
])
@pytest.mark.parametrize('kwargs', [
    {'stride': 0}, {'stride': (1, 0)}, {'stride': -2}, {'pad': -1}, {'pad': (0, -1)}])
def test_window_geometry(mode, function, kwargs):
    x = make_array(mode, numpy.ones((1, 1, 2, 2)), numpy.float32)
    _raises_exactly(ValueError, function, x, **kwargs)


@pytest.mark.parametrize('function, ksize', [
    (F.max_pooling_2d, 0), (F.average_pooling_2d, (2, 0)), (F.unpooling_2d, -1),
    (F.max_pooling_nd, (0, 1)), (F.average_pooling_nd, 0), (F.unpooling_nd, 0)])
def test_window_size(mode, function, ksize):
    x = make_array(mode, numpy.ones((1, 1, 2, 2)), numpy.float32)
    _raises_exactly(ValueError, function, x, ksize)


@pytest.mark.parametrize('function, error', [
    (lambda x: F.max_pooling_2d(x, 2.0), TypeError),
    (lambda x: F.average_pooling_2d(x, 2, stride=(1, 1.5)), TypeError),
    (lambda x: F.unpooling_2d(x, 2, outsize=chainer.Parameter()), TypeError),
    (lambda x: F.average_pooling_nd(x, chainer.Parameter()), TypeError),
    (lambda x: F.max_pooling_2d(x, (2, 2, 2)), ValueError),
])
def test_window_argument_types(mode, function, error):
    _raises_exactly(error, function, make_array(mode, numpy.ones((1, 1, 2, 2)), numpy.float32))


@pytest.mark.parametrize('function', [
    F.max_pooling_nd, F.average_pooling_nd, F.unpooling_nd, F.max_pooling_1d, F.max_pooling_3d,
    F.average_pooling_3d, F.unpooling_1d])
@pytest.mark.parametrize('x', [1.5, 'x', chainer.Variable()], ids=['float', 'str', 'empty'])
def test_non_array_inputs(function, x):
    _raises_exactly(TypeError, function, x, 2)


def test_upsampling_takes_indexes_as_a_variable(mode):
    x = make_array(mode, distinct_values((1, 2, 4, 4), numpy.float32), numpy.float32)
    y, indexes = F.max_pooling_2d(x, 2, return_indices=True)
    expected = F.upsampling_2d(y, indexes, 2, outsize=(4, 4))
    for given in (chainer.Variable(indexes), chainer.Variable(indexes, requires_grad=False)):
        actual = F.upsampling_2d(y, given, 2, outsize=(4, 4))
        numpy.testing.assert_array_equal(to_numpy(actual.array), to_numpy(expected.array))


@pytest.mark.parametrize('indexes', [
    [[[[0]]]], numpy.zeros((1, 1, 2, 2), numpy.float32), chainer.Variable(), None])
def test_upsampling_indexes_must_be_integer_arrays(mode, indexes):
    x = make_array(mode, numpy.ones((1, 1, 2, 2)), numpy.float32)
    _raises_exactly(TypeError, F.upsampling_2d, x, indexes, 2)
