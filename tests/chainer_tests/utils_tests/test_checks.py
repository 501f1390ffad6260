"""Tests of chainer.utils._checks: shape arguments, output sizes and array arguments."""

import time

import numpy
import pytest

import chainer
import chainerx
from chainer.utils import _checks
from chainer.utils import conv


def _raises_exactly(error, function, *args):
    with pytest.raises(error) as info:
        function(*args)
    assert type(info.value) is error
    return info.value


@pytest.mark.parametrize('shape, expected', [
    ((2, 3), (2, 3)),
    ([2, -1], (2, -1)),
    (4, (4,)),
    (numpy.int8(4), (4,)),
    ((numpy.int64(2), numpy.uint8(3)), (2, 3)),
    ((numpy.array(2), 3), (2, 3)),  # anything with __index__, as NumPy
    (numpy.array([2, 3]), (2, 3)),
    (numpy.array(5), (5,)),
    (chainerx.array([2, 3]), (2, 3)),
    (range(1, 3), (1, 2)),
    ((), ()),
    ((1,) * _checks.MAX_NDIM, (1,) * _checks.MAX_NDIM),
])
def test_as_shape(shape, expected):
    result = _checks.as_shape(shape)
    assert result == expected
    assert all(type(n) is int for n in result)


@pytest.mark.parametrize('shape', [
    [3.0, 3.0], (2, 3.0), 3.0, (True, 9), (numpy.bool_(True), 9), True, [2**31 - 1, (-2,)],
    (numpy.float64(3),), 'ab', None, {2: 3}, numpy.array([2.0, 3.0]), numpy.ones((2, 2), 'i'),
    (chainerx.array(2), 3),
])
def test_as_shape_rejects_non_integers(shape):
    message = str(_raises_exactly(TypeError, _checks.as_shape, shape, 'output_shape'))
    assert 'output_shape' in message


@pytest.mark.parametrize('shape', [
    (1,) * (_checks.MAX_NDIM + 1), numpy.arange(2**20), chainerx.arange(2**20), [1] * 2**20])
def test_as_shape_rejects_too_many_entries_without_reading_them(shape):
    start = time.perf_counter()
    _raises_exactly(ValueError, _checks.as_shape, shape)
    assert time.perf_counter() - start < 0.5  # the entries were not converted one by one


@pytest.mark.parametrize('shape, itemsize', [
    ((4, 2**62), 1), ((2**61,), 4), ((0, 2**62, 2**62), 1), ((2**63,), 1),
    ((0, 2**63), 1), ((-1, 2), 1), ((1,) * (_checks.MAX_NDIM + 1), 1)])
def test_check_size_rejects_what_numpy_cannot_allocate(shape, itemsize):
    _raises_exactly(ValueError, _checks.check_size, shape, itemsize)
    if len(shape) <= 32 and min(shape) >= 0:  # NumPy agrees (within its dimension limit)
        with pytest.raises(ValueError):
            numpy.empty(shape, 'V{}'.format(itemsize))


@pytest.mark.parametrize('shape, itemsize', [
    ((), 8), ((0,), 8), ((2**62,), 1), ((2**40, 2**20), 2), ((0, 2**62), 1), ((3, 0), 4),
    ((numpy.int64(2), 3), 8)])
def test_check_size_accepts_representable_sizes(shape, itemsize):
    _checks.check_size(shape, itemsize)


@pytest.mark.parametrize('x', [
    numpy.ones(2), numpy.ones(()), chainerx.ones(2), chainer.Variable(numpy.ones(2)),
    chainer.Variable(chainerx.ones(2)), chainer.Parameter(numpy.ones(2))])
def test_check_array_accepts_arrays_and_variables(x):
    _checks.check_array(x)
    assert _checks.is_array(x)
    assert _checks.shape_of(x) == x.shape


@pytest.mark.parametrize('x', [
    1.5, 3, numpy.float32(1.5), [1.0, 2.0], (), None, 'x', chainer.Variable(), chainer.Parameter(),
    chainer.Variable])
def test_check_array_rejects_others(x):
    message = str(_raises_exactly(TypeError, _checks.check_array, x, 'hx'))
    assert 'hx' in message


@pytest.mark.parametrize('x', [1.5, [1.0, 2.0], None, chainer.Variable()])
def test_shape_of_raises_type_error_without_a_shape(x):
    assert 'hx' in str(_raises_exactly(TypeError, _checks.shape_of, x, 'hx'))


@pytest.mark.parametrize('value, expected', [
    (3, True), (numpy.int16(3), True), (numpy.uint64(3), True), (True, False),
    (numpy.bool_(True), False), (3.0, False), (numpy.array(3), False), ('3', False)])
def test_is_integer(value, expected):
    assert _checks.is_integer(value) is expected


@pytest.mark.parametrize('ksize, pad', [(2**40, 2**40), (1, 2**62)])
def test_im2col_rejects_too_big_images_before_padding(ksize, pad):
    img = numpy.ones((1, 1, 4, 4), numpy.float32)
    _raises_exactly(ValueError, conv.im2col_cpu, img, ksize, ksize, 1, 1, pad, pad)


def test_col2im_rejects_too_big_images():
    col = numpy.ones((1, 1, 1, 1, 2, 2), numpy.float32)
    _raises_exactly(ValueError, conv.col2im_cpu, col, 2**62, 2**62, 0, 0, 3, 3)


@pytest.mark.parametrize('value', [None, numpy.ones(2), chainerx.ones(2), numpy.ones(())])
def test_check_optional_array_accepts_none_and_arrays(value):
    _checks.check_optional_array(value, 'mask')


@pytest.mark.parametrize('value', [3, (0,), [1.0], chainer.Variable(numpy.ones(2)), 'mask'])
def test_check_optional_array_rejects_others(value):
    assert 'mask' in str(_raises_exactly(TypeError, _checks.check_optional_array, value, 'mask'))
