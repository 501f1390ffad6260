"""Regression tests of the argument checks of the convolutions (found by the chainer fuzz)."""

import numpy
import pytest

import chainer
import chainer.functions as F

from mode_utils import make_array, mode  # NOQA: F401 (fixture)


def _raises_exactly(error, function, *args, **kwargs):
    with pytest.raises(error) as info:
        function(*args, **kwargs)
    assert type(info.value) is error


def _operands(mode, channels=2):
    x = make_array(mode, numpy.ones((1, channels, 4, 4)), numpy.float32)
    W = make_array(mode, numpy.ones((channels, channels, 2, 2)), numpy.float32)
    return x, W


_CONVOLUTIONS = [F.convolution_2d, F.deconvolution_2d, F.convolution_nd, F.deconvolution_nd]


@pytest.mark.parametrize('function', _CONVOLUTIONS)
@pytest.mark.parametrize('kwargs', [
    {'stride': 0}, {'stride': (1, 0)}, {'stride': -1}, {'pad': -1}, {'pad': (0, -2)},
    {'dilate': 0}, {'dilate': (2, -1)}])
def test_geometry_must_be_positive(mode, function, kwargs):
    # stride 0 raised ZeroDivisionError; a negative padding gave wrong output sizes
    _raises_exactly(ValueError, function, *_operands(mode), **kwargs)


@pytest.mark.parametrize('function', _CONVOLUTIONS)
@pytest.mark.parametrize('kwargs', [
    {'stride': 1.0}, {'pad': (0, 1.5)}, {'dilate': '1'}, {'pad': chainer.Variable()},
    {'stride': chainer.Variable(numpy.ones(2))}])
def test_geometry_must_be_ints(mode, function, kwargs):
    _raises_exactly(TypeError, function, *_operands(mode), **kwargs)


def test_depthwise_convolution_geometry(mode):
    x, W = _operands(mode)
    _raises_exactly(ValueError, F.depthwise_convolution_2d, x, W, stride=0)
    _raises_exactly(TypeError, F.depthwise_convolution_2d, x, W, pad=chainer.Variable())


@pytest.mark.parametrize('kwargs', [{'stride': 2}, {'pad': (1, 0)}, {'stride': numpy.int64(2)},
                                    {'dilate': numpy.array([2, 1])}])
def test_valid_geometries_still_work(mode, kwargs):
    x, W = _operands(mode)
    expected = F.convolution_2d(numpy.ones((1, 2, 4, 4), numpy.float32),
                                numpy.ones((2, 2, 2, 2), numpy.float32), **kwargs)
    assert F.convolution_2d(x, W, **kwargs).shape == expected.shape


@pytest.mark.parametrize('function', [
    lambda x, W: F.convolution_nd(x, W),
    lambda x, W: F.convolution_3d(x, W),
    lambda x, W: F.deconvolution_1d(x, W),
    lambda x, W: F.deconvolution_nd(x, W),
    lambda x, W: F.depthwise_convolution_2d(W, x),
    lambda x, W: F.convolution_2d(x, W),
])
@pytest.mark.parametrize('x', [1.5, 2**31, 'x', chainer.Variable()],
                         ids=['float', 'int', 'str', 'empty'])
def test_non_array_inputs(mode, function, x):
    _raises_exactly(TypeError, function, x, _operands(mode)[1])


def test_too_big_transposed_convolution(mode):
    x, W = _operands(mode)
    _raises_exactly(ValueError, F.deconvolution_2d, x, W, stride=2**40)
