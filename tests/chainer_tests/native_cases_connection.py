"""Native cases of the connection family for test_native.py (one per name in its NATIVE)."""

import numpy

import chainer
import chainerx
import chainer.functions as F


def _x(*shape):
    values = numpy.random.RandomState(len(shape)).uniform(-1, 1, shape)
    return chainer.Variable(chainerx.array(values))


CASES = {
    'bilinear': lambda: F.bilinear(_x(3, 2), _x(3, 4), _x(2, 4, 5), _x(2, 5), _x(4, 5), _x(5)),
    'convolution_1d': lambda: F.convolution_1d(_x(2, 3, 7), _x(4, 3, 3), _x(4), stride=2, pad=1),
    'convolution_2d': lambda: F.convolution_2d(
        _x(2, 4, 6, 5), _x(6, 2, 3, 3), _x(6), stride=2, pad=1, cover_all=True, dilate=2, groups=2),
    'convolution_3d': lambda: F.convolution_3d(_x(1, 2, 4, 3, 4), _x(3, 2, 2, 2, 2), pad=1),
    'convolution_nd': lambda: F.convolution_nd(
        _x(2, 3, 5, 5), _x(4, 3, 2, 2), _x(4), dilate=(1, 2)),
    'deconvolution_1d': lambda: F.deconvolution_1d(_x(2, 3, 4), _x(3, 2, 3), _x(2), stride=2),
    'deconvolution_2d': lambda: F.deconvolution_2d(
        _x(2, 4, 3, 3), _x(4, 3, 3, 3), _x(6), stride=2, pad=1, outsize=(6, 6), dilate=2, groups=2),
    'deconvolution_3d': lambda: F.deconvolution_3d(_x(1, 2, 2, 3, 2), _x(2, 3, 2, 2, 2)),
    'deconvolution_nd': lambda: F.deconvolution_nd(
        _x(2, 3, 3, 3), _x(3, 2, 2, 2), _x(2), stride=(1, 2)),
    'depthwise_convolution_2d': lambda: F.depthwise_convolution_2d(
        _x(2, 3, 5, 5), _x(2, 3, 3, 3), _x(6), stride=2, pad=1),
    'dilated_convolution_2d': lambda: F.dilated_convolution_2d(
        _x(2, 3, 6, 6), _x(2, 3, 3, 3), dilate=2),
    'embed_id': lambda: F.embed_id(
        chainerx.array([[0, 2], [1, -1]], numpy.int32), _x(3, 4), ignore_label=-1),
    'local_convolution_2d': lambda: F.local_convolution_2d(
        _x(2, 3, 5, 4), _x(2, 2, 2, 3, 2, 3), _x(2, 2, 2), stride=(2, 1)),
    'linear': lambda: F.linear(_x(2, 3, 4), _x(5, 12), _x(5)),
}
