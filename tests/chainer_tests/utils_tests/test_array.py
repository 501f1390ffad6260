"""Tests of chainer.utils.array: size_of_shape, sum_to and the deprecated reshapers."""

import numpy
import pytest

import chainer
import chainerx
from chainer.utils import array


@pytest.mark.parametrize('shape,size', [((), 1), ((0,), 0), ((3,), 3), ((2, 3, 4), 24),
                                        ((2, 0, 5), 0), ((numpy.int64(2), 3), 6)])
def test_size_of_shape(shape, size):
    result = array.size_of_shape(shape)
    assert result == size
    assert type(result) is int


# (shape of x, target shape)
_SUM_TO_CASES = [
    ((2, 3, 4), (3, 4)),
    ((2, 3, 4), (3, 1)),
    ((2, 3, 4), (1, 3, 1)),
    ((2, 3, 4), (4,)),
    ((2, 3, 4), ()),
    ((2, 3), (1, 1)),
    ((3,), (1,)),
    ((), ()),
    ((0, 3), (3,)),
    ((2, 0), (1, 0)),
    ((4, 1, 3), (1, 1, 3)),
]


def _sum_to_reference(x, shape):
    lead = x.ndim - len(shape)
    y = x.sum(axis=tuple(range(lead))) if lead else x
    for axis, extent in enumerate(shape):
        if extent == 1:
            y = y.sum(axis=axis, keepdims=True)
    return y


@pytest.mark.parametrize('x_shape,shape', _SUM_TO_CASES)
def test_sum_to_numpy(x_shape, shape):
    x = numpy.random.RandomState(0).uniform(-1, 1, x_shape).astype(numpy.float32)
    y = array.sum_to(x, shape)
    assert isinstance(y, numpy.ndarray)
    assert y.shape == shape and y.dtype == numpy.float32
    numpy.testing.assert_allclose(y, _sum_to_reference(x, shape), rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize('x_shape,shape', _SUM_TO_CASES)
def test_sum_to_chainerx(x_shape, shape):
    x_np = numpy.random.RandomState(1).uniform(-1, 1, x_shape).astype(numpy.float32)
    y = array.sum_to(chainerx.array(x_np, device='native:0'), shape)
    assert isinstance(y, chainerx.ndarray)
    assert y.shape == shape and y.dtype == numpy.float32
    numpy.testing.assert_allclose(chainerx.to_numpy(y), _sum_to_reference(x_np, shape),
                                  rtol=1e-6, atol=1e-6)


def test_sum_to_same_shape_returns_input():
    x = numpy.ones((2, 3))
    assert array.sum_to(x, (2, 3)) is x
    assert array.sum_to(x, [2, 3]) is x


@pytest.mark.parametrize('x_shape,shape', [((2, 3), (2,)), ((3,), (2, 3)), ((2, 3), (4, 3))])
def test_sum_to_rejects_shapes_that_do_not_broadcast(x_shape, shape):
    with pytest.raises(ValueError, match='cannot sum'):
        array.sum_to(numpy.ones(x_shape), shape)


def test_sum_to_rejects_variables():
    x = chainer.Variable(numpy.ones((2, 3), numpy.float32))
    with pytest.raises(TypeError, match='chainer.functions.sum_to'):
        array.sum_to(x, (3,))


@pytest.mark.parametrize('make', [numpy.ones, lambda shape: chainerx.ones(shape, 'float32')])
def test_as_vec_and_as_mat_are_deprecated_reshapes(make):
    x = make((2, 3, 4))
    with pytest.deprecated_call():
        v = array.as_vec(x)
    assert v.shape == (24,)
    with pytest.deprecated_call():
        m = array.as_mat(x)
    assert m.shape == (2, 12)
    vec = make((5,))
    mat = make((2, 5))
    with pytest.deprecated_call():
        assert array.as_vec(vec) is vec
    with pytest.deprecated_call():
        assert array.as_mat(mat) is mat


def test_empty_like_is_deprecated_and_keeps_backend():
    x = numpy.zeros((2, 3), numpy.float16)
    with pytest.deprecated_call():
        y = array.empty_like(x)
    assert (type(y), y.shape, y.dtype) == (numpy.ndarray, (2, 3), numpy.float16)
    c = chainerx.zeros((4,), 'int32', device='native:0')
    with pytest.deprecated_call():
        d = array.empty_like(c)
    assert isinstance(d, chainerx.ndarray)
    assert (d.shape, d.dtype, d.device.name) == ((4,), numpy.int32, 'native:0')
