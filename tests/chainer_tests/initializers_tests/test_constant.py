"""Tests of the fixed-value initializers: Constant, Zero, One, NaN and Identity."""

import numpy
import pytest

import chainer
import chainerx
from chainer import initializers

from mode_utils import to_numpy

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('dtype', DTYPES + [numpy.int32])
def test_constant_scalar_fills_in_place(empty, dtype):
    array = empty((2, 3), dtype)
    result = initializers.Constant(7)(array)
    assert result is None
    assert array.dtype == dtype
    numpy.testing.assert_array_equal(to_numpy(array), numpy.full((2, 3), 7, dtype))


@pytest.mark.parametrize('fill_device', ['@numpy', 'native:0'])
def test_constant_array_is_broadcast_and_cast(empty, fill_device):
    fill = chainer.get_device(fill_device).send(numpy.array([1.5, 2.5, 3.5]))
    array = empty((2, 3), numpy.float32)
    initializers.Constant(fill)(array)
    expected = numpy.broadcast_to(numpy.array([1.5, 2.5, 3.5], numpy.float32), (2, 3))
    numpy.testing.assert_array_equal(to_numpy(array), expected)


@pytest.mark.parametrize('fill_shape', [(4,), (2, 1, 3), (3, 2)])
def test_constant_array_not_broadcastable_raises(empty, fill_shape):
    with pytest.raises(ValueError, match='cannot be broadcast'):
        initializers.Constant(numpy.zeros(fill_shape))(empty((2, 3)))


@pytest.mark.parametrize('cls,value', [
    (initializers.Zero, 0.0), (initializers.One, 1.0), (initializers.NaN, numpy.nan)])
@pytest.mark.parametrize('dtype', DTYPES)
def test_shorthands(empty, cls, value, dtype):
    array = empty((3, 2), dtype)
    cls()(array)
    numpy.testing.assert_array_equal(to_numpy(array), numpy.full((3, 2), value, dtype))
    assert cls(dtype=dtype).fill_value == value or numpy.isnan(value)


def test_constant_writes_non_contiguous_views(empty):
    base = empty((4, 3))
    view = base.T[:, ::2]
    initializers.One()(view)
    expected = numpy.full((4, 3), 12345, numpy.float32)
    expected[::2, :] = 1
    numpy.testing.assert_array_equal(to_numpy(base), expected)


@pytest.mark.parametrize('shape', [(), (0,), (0, 3)])
def test_constant_edge_shapes(empty, shape):
    array = empty(shape)
    initializers.Constant(-2.0)(array)
    numpy.testing.assert_array_equal(to_numpy(array), numpy.full(shape, -2.0, numpy.float32))


def test_constant_fills_a_parameter_array_in_place(device):
    param = chainer.Parameter(initializers.Zero(), (2, 2))
    param.to_device(device)
    data = param.array
    initializers.Constant(3.0)(param.array)
    numpy.testing.assert_array_equal(to_numpy(param.array), numpy.full((2, 2), 3, numpy.float32))
    numpy.testing.assert_array_equal(to_numpy(data), numpy.full((2, 2), 3, numpy.float32))


@pytest.mark.parametrize('init', [
    initializers.Constant(1, dtype=numpy.float64), initializers.Zero(numpy.float64),
    initializers.Identity(dtype=numpy.float64)])
def test_dtype_mismatch_raises(empty, init):
    with pytest.raises(ValueError, match='float64.*float32'):
        init(empty((2, 2), numpy.float32))


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('scale', [1.0, -0.5])
def test_identity(empty, dtype, scale):
    array = empty((4, 4), dtype)
    initializers.Identity(scale=scale)(array)
    numpy.testing.assert_array_equal(to_numpy(array), scale * numpy.identity(4, dtype))


@pytest.mark.parametrize('shape', [(2, 3), (3,), (2, 2, 2), ()])
def test_identity_needs_square_matrix(empty, shape):
    with pytest.raises(ValueError, match='2D squared matrices'):
        initializers.Identity()(empty(shape))


def test_dtype_is_normalised():
    assert initializers.Constant(0, dtype='f').dtype == numpy.dtype(numpy.float32)
    assert initializers.Zero().dtype is None
    assert initializers.One(dtype=chainer.mixed16).dtype == numpy.dtype(numpy.float16)


def test_initializer_base_needs_call():
    with pytest.raises(NotImplementedError, match='Initializer'):
        chainer.Initializer()(numpy.zeros(2))
    assert isinstance(initializers.Zero(), chainer.Initializer)
    assert chainer.initializer.Initializer is chainer.Initializer


def test_chainerx_fill_value_into_numpy_and_back():
    fill = chainerx.array([[1.0, 2.0]], dtype='float64')
    target = numpy.zeros((3, 2), numpy.float32)
    initializers.Constant(fill)(target)
    numpy.testing.assert_array_equal(target, [[1, 2]] * 3)
