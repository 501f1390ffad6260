"""Native cases of the pooling family for functions_tests/test_native.py (one per NATIVE name)."""

import numpy

import chainer
import chainerx
import chainer.functions as F


def _x(*shape):
    size = int(numpy.prod(shape))
    # Distinct values: max pooling is differentiable there.
    values = numpy.random.RandomState(size).permutation(size).reshape(shape) / size
    return chainer.Variable(chainerx.array(values))


def _rois(*rows):
    return chainerx.array(numpy.array(rows, numpy.float64))


def _roi_indices():
    return chainerx.array(numpy.array([0, 1], numpy.int32))


CASES = {
    'average_pooling_1d': lambda: F.average_pooling_1d(_x(2, 3, 7), 3, 2, 1, pad_value=None),
    'average_pooling_2d': lambda: F.average_pooling_2d(_x(2, 3, 6, 5), 3, 2, 1),
    'average_pooling_3d': lambda: F.average_pooling_3d(_x(1, 2, 4, 4, 3), 2),
    'average_pooling_nd': lambda: F.average_pooling_nd(
        _x(2, 3, 5, 5), (2, 3), 1, (1, 0), pad_value=None),
    'max_pooling_1d': lambda: F.max_pooling_1d(_x(2, 3, 7), 3, 2, 1),
    'max_pooling_2d': lambda: F.max_pooling_2d(_x(2, 3, 6, 5), 3, 2, 1),
    'max_pooling_3d': lambda: F.max_pooling_3d(_x(1, 2, 4, 4, 4), 2, cover_all=False),
    'max_pooling_nd': lambda: F.max_pooling_nd(_x(2, 3, 5, 6), (2, 3), 2, (1, 1)),
    'roi_pooling_2d': lambda: F.roi_pooling_2d(
        _x(2, 3, 8, 7), _rois([0, 1, 1, 5, 6], [1, -2, -3, 3, 4]), 3, 2, 1.0),
    'roi_max_pooling_2d': lambda: F.roi_max_pooling_2d(
        _x(2, 3, 8, 7), _rois([1, 1, 6, 5], [-3, -2, 4, 3]), _roi_indices(), 3, 1.0),
    'roi_average_pooling_2d': lambda: F.roi_average_pooling_2d(
        _x(2, 3, 8, 7), _rois([1, 1, 6, 5], [-3, -2, 4, 3]), _roi_indices(), (2, 3), 0.5),
    'roi_max_align_2d': lambda: F.roi_max_align_2d(
        _x(2, 3, 8, 7), _rois([1, 1, 6, 5], [-3, -2, 4, 3]), _roi_indices(), 2, 1.0, 2),
    'roi_average_align_2d': lambda: F.roi_average_align_2d(
        _x(2, 3, 8, 7), _rois([1.5, 1, 6, 5.5], [-3, -2, 4, 3]), _roi_indices(), (3, 2), 1.0),
    'spatial_pyramid_pooling_2d': lambda: F.spatial_pyramid_pooling_2d(_x(2, 3, 8, 8), 3, 'max'),
    'unpooling_1d': lambda: F.unpooling_1d(_x(2, 3, 4), 3, 2, 1),
    'unpooling_2d': lambda: F.unpooling_2d(_x(2, 3, 3, 4), 2, cover_all=False),
    'unpooling_3d': lambda: F.unpooling_3d(_x(1, 2, 2, 3, 2), 2, outsize=(4, 6, 4)),
    'unpooling_nd': lambda: F.unpooling_nd(_x(2, 3, 3, 3), (3, 2), (2, 1), (1, 0)),
    'upsampling_2d': lambda: F.upsampling_2d(
        _x(2, 3, 3, 3), chainerx.array(numpy.random.RandomState(0).randint(0, 9, (2, 3, 3, 3))),
        3, 2, 1, outsize=(5, 6)),
}
