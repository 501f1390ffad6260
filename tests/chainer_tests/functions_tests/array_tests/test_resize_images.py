"""F.resize_images: bilinear and nearest-neighbour resizing, with and without aligned corners."""

import math

import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check

import array_check as check
from mode_utils import to_numpy


def _position(i, n, m, align_corners):
    if align_corners:
        return i * (n - 1) / (m - 1) if m > 1 else 0.0
    return max((i + 0.5) * n / m - 0.5, 0.0)


def _source(i, n, m, mode, align_corners):
    """[(index, weight)] that output index i of an axis of length n -> m reads (pixel by pixel)."""
    if mode == 'nearest':
        p = round(_position(i, n, m, True)) if align_corners else math.floor((i + 0.5) * n / m)
        return [(min(p, n - 1), 1.0)]
    p = _position(i, n, m, align_corners)
    low = min(int(math.floor(p)), n - 1)
    return [(low, 1.0 - (p - low)), (min(low + 1, n - 1), p - low)]


def _reference(x, output_shape, mode='bilinear', align_corners=True):
    _, _, h, w = x.shape
    y = numpy.zeros(x.shape[:2] + tuple(output_shape))
    for i in range(output_shape[0]):
        for j in range(output_shape[1]):
            for r, wr in _source(i, h, output_shape[0], mode, align_corners):
                for c, wc in _source(j, w, output_shape[1], mode, align_corners):
                    y[:, :, i, j] += wr * wc * x[:, :, r, c].astype(numpy.float64)
    return y.astype(x.dtype)


def _case(output_shape, in_shape=(2, 3, 3, 4), **kwargs):
    name = 'resize_{}_{}'.format('x'.join(map(str, output_shape)),
                                 '_'.join('{}={}'.format(*kv) for kv in sorted(kwargs.items())))
    return check.Case(name, lambda x: F.resize_images(x, output_shape, **kwargs),
                      lambda x: _reference(x, output_shape, **kwargs), [in_shape])


CASES = [
    _case((5, 7)),
    _case((2, 2)),
    _case((3, 4)),
    _case((1, 1)),
    _case((5, 7), align_corners=False),
    _case((2, 3), align_corners=False),
    _case((5, 7), mode='nearest'),
    _case((2, 3), mode='nearest'),
    _case((5, 7), mode='nearest', align_corners=False),
    _case((2, 3), mode='nearest', align_corners=False),
    _case((4, 2), in_shape=(0, 2, 3, 3)),
    _case((4, 2), in_shape=(1, 1, 1, 1)),
]


@check.cases_test(CASES)
class TestResizeImages(check.ArrayTestCase):

    def setUp(self):
        super().setUp()
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-3}


@pytest.mark.parametrize('align_corners, expected', [
    (True, [0.0, 0.5, 1.0, 1.5, 2.0]),
    (False, [0.0, 0.25, 0.75, 1.25, 1.75, 2.0]),
])
def test_bilinear_values(mode, align_corners, expected):
    x = check.variable(mode, numpy.array([0.0, 1.0, 2.0]).reshape(1, 1, 1, 3))
    y = F.resize_images(x, (1, len(expected)), align_corners=align_corners)
    numpy.testing.assert_allclose(to_numpy(y.array).ravel(), expected, atol=1e-12)


def test_nearest_values(mode):
    x = check.variable(mode, numpy.array([0.0, 1.0, 2.0]).reshape(1, 1, 1, 3))
    y = F.resize_images(x, (1, 6), mode='nearest', align_corners=False)
    assert to_numpy(y.array).ravel().tolist() == [0.0, 0.0, 1.0, 1.0, 2.0, 2.0]


@pytest.mark.parametrize('align_corners', [True, False])
@pytest.mark.parametrize('resize_mode', ['bilinear', 'nearest'])
def test_same_size_is_the_identity(mode, resize_mode, align_corners):
    x = numpy.random.RandomState(0).uniform(size=(2, 3, 4, 5))
    y = F.resize_images(check.variable(mode, x), (4, 5), resize_mode, align_corners)
    numpy.testing.assert_allclose(to_numpy(y.array), x, atol=1e-12)


@pytest.mark.parametrize('shape, dtype, kwargs, error', [
    ((1, 3, 3), numpy.float32, {}, type_check.InvalidType),
    ((1, 1, 3, 3), numpy.int32, {}, type_check.InvalidType),
    ((1, 1, 3, 3), numpy.float32, {'mode': 'bicubic'}, ValueError),
    ((1, 1, 3, 3), numpy.float32, {'output_shape': (2,)}, ValueError),
    ((1, 1, 3, 3), numpy.float32, {'output_shape': (0, 2)}, ValueError),
    ((1, 1, 3, 3), numpy.float32, {'output_shape': (2.0, 2)}, TypeError),
])
def test_errors(mode, shape, dtype, kwargs, error):
    kwargs = dict({'output_shape': (2, 2)}, **kwargs)
    check.assert_error(error, F.resize_images,
                       check.variable(mode, numpy.zeros(shape), dtype), **kwargs)
