"""Tests of DownsamplingConvFilter and UpsamplingDeconvFilter, checked through real convolutions."""

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import initializers

from mode_utils import to_numpy


def test_downsampling_conv_is_average_pooling(device):
    numpy.random.seed(0)
    x = numpy.random.uniform(-1, 1, (2, 3, 6, 8)).astype(numpy.float32)
    W = device.send(numpy.empty((3, 3, 2, 2), numpy.float32))
    initializers.DownsamplingConvFilter()(W)
    y = F.convolution_2d(device.send(x), W, stride=2)
    expected = F.average_pooling_2d(x, 2, stride=2)
    numpy.testing.assert_allclose(to_numpy(y.array), expected.array, rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize('shape', [(1, 1, 3, 3), (4, 4, 2, 3), (2, 2, 5)])
def test_downsampling_filter_values(empty, shape):
    W = empty(shape)
    initializers.DownsamplingConvFilter(scale=2)(W)
    window = numpy.prod(shape[2:])
    expected = numpy.zeros(shape, numpy.float32)
    for c in range(shape[0]):
        expected[c, c] = 2.0 / window
    numpy.testing.assert_allclose(to_numpy(W), expected, rtol=1e-6)


def test_upsampling_filter_values(empty):
    W = empty((2, 2, 4, 3))
    initializers.UpsamplingDeconvFilter()(W)
    # ksize 4: factor 2, center 1.5 -> [0.25, 0.75, 0.75, 0.25]; ksize 3: factor 2, center 1.
    expected = numpy.outer([0.25, 0.75, 0.75, 0.25], [0.5, 1.0, 0.5])
    values = to_numpy(W)
    numpy.testing.assert_allclose(values[0, 0], expected)
    numpy.testing.assert_allclose(values[1, 1], expected)
    assert not values[0, 1].any() and not values[1, 0].any()


def test_upsampling_deconv_interpolates_linearly(device):
    # A linear ramp upsampled by 2 stays a ramp (with half the slope) away from the borders.
    x = numpy.broadcast_to(numpy.arange(6, dtype=numpy.float32), (1, 2, 6, 6)).copy()
    W = device.send(numpy.empty((2, 2, 4, 4), numpy.float32))
    initializers.UpsamplingDeconvFilter()(W)
    y = to_numpy(F.deconvolution_2d(device.send(x), W, stride=2, pad=1).array)
    assert y.shape == (1, 2, 12, 12)
    inner = y[0, 0, 2:-2, 2:-2]
    numpy.testing.assert_allclose(numpy.diff(inner, axis=1), 0.5, rtol=1e-6)
    numpy.testing.assert_allclose(numpy.diff(inner, axis=0), 0.0, atol=1e-6)
    numpy.testing.assert_allclose(y[0, 0], y[0, 1])


@pytest.mark.parametrize('cls', [
    initializers.DownsamplingConvFilter, initializers.UpsamplingDeconvFilter])
def test_single_channel_side_gets_the_filter_for_every_channel(empty, cls):
    W = empty((3, 1, 2, 2))
    cls()(W)
    values = to_numpy(W)
    for c in range(3):
        numpy.testing.assert_array_equal(values[c, 0], values[0, 0])
    assert values[0, 0].sum() > 0


@pytest.mark.parametrize('cls', [
    initializers.DownsamplingConvFilter, initializers.UpsamplingDeconvFilter])
def test_errors(empty, cls):
    with pytest.raises(ValueError, match='interpolation'):
        cls(interpolation='nearest')
    with pytest.raises(ValueError, match='channels'):
        cls()(empty((2, 3, 2, 2)))
    with pytest.raises(ValueError, match='spatial axis'):
        cls()(empty((2, 2)))
    with pytest.raises(ValueError, match='dtype'):
        cls(dtype=numpy.float64)(empty((2, 2, 2, 2)))


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float64])
def test_dtypes(empty, dtype):
    W = empty((1, 1, 2, 2), dtype)
    initializers.UpsamplingDeconvFilter(dtype=dtype)(W)
    assert W.dtype == dtype
    # ksize 2: factor 1, center 0.5 -> [0.5, 0.5] per axis.
    numpy.testing.assert_array_equal(to_numpy(W)[0, 0], numpy.full((2, 2), 0.25, dtype))
    assert chainer.Initializer in type(initializers.DownsamplingConvFilter()).__mro__
