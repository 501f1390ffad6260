"""The ROI pooling functions against float64 NumPy references written with explicit loops.

roi_pooling_2d, roi_max_pooling_2d, roi_average_pooling_2d, roi_max_align_2d and
roi_average_align_2d: forward, gradients of two orders, on NumPy and on chainerx (natively), with
ROIs inside, across and outside the image, degenerate ones and none; then the rounding, ties,
empty bins and the argument and type errors.
"""

import math

import numpy
import pytest

import chainer
import chainerx
from chainer import testing
from chainer.functions.pooling.roi_average_align_2d import roi_average_align_2d
from chainer.functions.pooling.roi_average_pooling_2d import roi_average_pooling_2d
from chainer.functions.pooling.roi_max_align_2d import roi_max_align_2d
from chainer.functions.pooling.roi_max_pooling_2d import roi_max_pooling_2d
from chainer.functions.pooling.roi_pooling_2d import roi_pooling_2d
from chainer.utils import type_check

import function_test_utils
from function_test_utils import distinct_values
from mode_utils import make_array, mode, to_numpy  # NOQA: F401 (fixture)

# --- References: one ROI, bin and pixel (or sample point) at a time, in float64. ---


def _rounded_bins(low, high, outsize, size, inclusive):
    """The pixel ranges of the bins of [low, high] (scaled) along an axis, rounded half to even."""
    start, end = int(round(low)), int(round(high))
    length = max(end - start + (1 if inclusive else 0), 1)
    stride = length / outsize
    bins = []
    for i in range(outsize):
        first = min(max(int(math.floor(i * stride)) + start, 0), size)
        stop = min(max(int(math.ceil((i + 1) * stride)) + start, 0), size)
        bins.append(range(first, stop))
    return bins


def _rounded_reference(x, boxes, images, outsize, inclusive, reduce):
    """boxes: scaled (y_min, x_min, y_max, x_max) per ROI; reduce: 'max' or 'average'."""
    outh, outw = outsize
    _, channels, height, width = x.shape
    y = numpy.zeros((len(boxes), channels, outh, outw))
    for r, (y_min, x_min, y_max, x_max) in enumerate(boxes):
        rows = _rounded_bins(y_min, y_max, outh, height, inclusive)
        cols = _rounded_bins(x_min, x_max, outw, width, inclusive)
        for i, hs in enumerate(rows):
            for j, ws in enumerate(cols):
                for c in range(channels):
                    values = [x[images[r], c, h, w] for h in hs for w in ws]
                    if values:
                        y[r, c, i, j] = max(values) if reduce == 'max' else sum(values) / len(values)
    return y


def _interpolate(image, at_y, at_x):
    """The bilinear sample of image (C, H, W) at (at_y, at_x), or None if it is left out."""
    _, height, width = image.shape
    if at_y < -1 or at_y > height or at_x < -1 or at_x > width:
        return None
    corners = []
    for at, size in ((at_y, height), (at_x, width)):
        at = max(at, 0.)
        low = int(at)
        if low >= size - 1:
            low = high = size - 1
            at = float(low)
        else:
            high = low + 1
        corners.append((low, high, at - low))
    (y0, y1, ly), (x0, x1, lx) = corners
    return ((1 - ly) * (1 - lx) * image[:, y0, x0] + (1 - ly) * lx * image[:, y0, x1]
            + ly * (1 - lx) * image[:, y1, x0] + ly * lx * image[:, y1, x1])


def _align_reference(x, boxes, images, outsize, ratio, reduce):
    outh, outw = outsize
    y = numpy.zeros((len(boxes), x.shape[1], outh, outw))
    for r, (y_min, x_min, y_max, x_max) in enumerate(boxes):
        roi_h, roi_w = max(y_max - y_min, 1.), max(x_max - x_min, 1.)
        bin_h, bin_w = roi_h / outh, roi_w / outw
        grid_h = ratio[0] if ratio[0] is not None else int(math.ceil(roi_h / outh))
        grid_w = ratio[1] if ratio[1] is not None else int(math.ceil(roi_w / outw))
        for i in range(outh):
            for j in range(outw):
                samples = []
                for iy in range(grid_h):
                    at_y = y_min + i * bin_h + (iy + .5) * bin_h / grid_h
                    for ix in range(grid_w):
                        at_x = x_min + j * bin_w + (ix + .5) * bin_w / grid_w
                        sample = _interpolate(x[images[r]], at_y, at_x)
                        if sample is not None:
                            samples.append(sample)
                if reduce == 'average':
                    y[r, :, i, j] = sum(samples) / (grid_h * grid_w) if samples else 0
                elif samples:
                    y[r, :, i, j] = numpy.max(samples, axis=0)
    return y


# --- The ROIs of the tests, on images (2, 3, 8, 7), as (y_min, x_min, y_max, x_max). ---
# Multiples of 1/8: float16 holds them exactly, so every dtype has the same bins.

_ROI_SETS = {
    'inside': ([[1, 1, 6, 5], [0, 0, 8, 7], [2.375, 1.25, 5.625, 4.5]], [0, 1, 0]),
    'across': ([[-3, -2, 4, 3], [5, 4, 12, 11], [-1.5, 2, 9.5, 5.25]], [1, 0, 1]),
    'outside': ([[10, 9, 14, 15], [-6, -5, -2, -1.5]], [1, 0]),
    'degenerate': ([[3, 3, 3, 3], [4, 5, 2, 1]], [0, 1]),
    'none': (numpy.zeros((0, 4)), []),
}
_SHAPE = (2, 3, 8, 7)


def _roi_set(name):
    rois, indices = _ROI_SETS[name]
    return numpy.asarray(rois, numpy.float64).reshape(-1, 4), numpy.asarray(indices, numpy.int32)


def _old_rois(rois, indices):
    """The (R, 5) ROIs of roi_pooling_2d: (image, x_min, y_min, x_max, y_max)."""
    return numpy.concatenate([indices[:, None], rois[:, [1, 0, 3, 2]]], axis=1)


def _pair(value):
    return tuple(value) if isinstance(value, tuple) else (value, value)


class _ROICase(function_test_utils.FunctionCase):
    """A function of x and the ROI set `rois` (sent to the device with x's dtype), per `config`.

    Subclasses define `call(x, rois, indices)` and `reference(x, boxes, indices)` (float64; the
    boxes scaled by the config's spatial_scale).
    """

    forward_tolerances = {numpy.float16: (5e-3, 5e-3), numpy.float32: (1e-6, 1e-5),
                          numpy.float64: (1e-12, 1e-10)}
    dodge_nondifferentiable = True  # the max functions, where two samples come close

    def generate_inputs(self):
        return distinct_values(_SHAPE, self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        rois, indices = _roi_set(self.rois)
        return self.call(x, device.send(rois.astype(x.dtype)), device.send(indices)),

    def forward_expected(self, inputs):
        rois, indices = _roi_set(self.rois)
        spatial_scale = self.config[1]
        y = self.reference(inputs[0].astype(numpy.float64), rois * spatial_scale, indices)
        return y.astype(self.dtype),


def _roi_tests(configs):
    """Parameterizes a _ROICase over the ROI sets, `configs` and the dtypes, on both backends."""
    def decorate(cls):
        cls = testing.inject_backend_tests(None, function_test_utils.BACKENDS)(cls)
        cls = testing.fix_random()(cls)
        return testing.parameterize(*testing.product({
            'rois': list(_ROI_SETS), 'config': configs,
            'dtype': function_test_utils.FLOAT_DTYPES}))(cls)
    return decorate


_POOLING_CONFIGS = [(3, 1.0), ((2, 4), 0.5)]  # (outsize, spatial_scale)
_ALIGN_CONFIGS = [(3, 1.0, None), ((2, 4), 0.5, 2), ((4, 1), 1.0, (1, 3))]  # and sampling_ratio


@_roi_tests(_POOLING_CONFIGS)
class TestROIPooling2D(_ROICase, testing.FunctionTestCase):

    def call(self, x, rois, indices):
        xp = chainer.backend.get_array_module(rois)
        old = xp.concatenate([indices[:, None].astype(rois.dtype), rois[:, [1, 0, 3, 2]]], axis=1)
        outh, outw = _pair(self.config[0])
        return roi_pooling_2d(x, old, outh, outw, self.config[1])

    def reference(self, x, boxes, indices):
        return _rounded_reference(x, boxes, indices, _pair(self.config[0]), True, 'max')


@_roi_tests(_POOLING_CONFIGS)
class TestROIMaxPooling2D(_ROICase, testing.FunctionTestCase):

    def call(self, x, rois, indices):
        return roi_max_pooling_2d(x, rois, indices, *self.config)

    def reference(self, x, boxes, indices):
        return _rounded_reference(x, boxes, indices, _pair(self.config[0]), False, 'max')


@_roi_tests(_POOLING_CONFIGS)
class TestROIAveragePooling2D(_ROICase, testing.FunctionTestCase):

    def call(self, x, rois, indices):
        return roi_average_pooling_2d(x, rois, indices, *self.config)

    def reference(self, x, boxes, indices):
        return _rounded_reference(x, boxes, indices, _pair(self.config[0]), False, 'average')


@_roi_tests(_ALIGN_CONFIGS)
class TestROIMaxAlign2D(_ROICase, testing.FunctionTestCase):

    def call(self, x, rois, indices):
        return roi_max_align_2d(x, rois, indices, *self.config)

    def reference(self, x, boxes, indices):
        outsize, _, ratio = self.config
        return _align_reference(x, boxes, indices, _pair(outsize), _pair(ratio), 'max')


@_roi_tests(_ALIGN_CONFIGS)
class TestROIAverageAlign2D(_ROICase, testing.FunctionTestCase):

    def call(self, x, rois, indices):
        return roi_average_align_2d(x, rois, indices, *self.config)

    def reference(self, x, boxes, indices):
        outsize, _, ratio = self.config
        return _align_reference(x, boxes, indices, _pair(outsize), _pair(ratio), 'average')


# --- Native on chainerx: forward, backward and double backward without the NumPy fallback. ---

def _v7_call(function, *args):
    rois, indices = _roi_set('across')

    def call(x):
        return function(x, chainerx.array(rois), chainerx.array(indices), *args)
    return call


@pytest.mark.parametrize('call', [
    _v7_call(roi_max_pooling_2d, 3, 1.0),
    _v7_call(roi_average_pooling_2d, (2, 3), 0.5),
    _v7_call(roi_max_align_2d, 2, 1.0, 2),
    _v7_call(roi_average_align_2d, (3, 2), 1.0),
    lambda x: roi_pooling_2d(x, chainerx.array(_old_rois(*_roi_set('inside'))), 2, 3, 1.0),
])
def test_native_on_chainerx(call):
    y = function_test_utils.check_stays_native(call, _SHAPE)
    assert isinstance(y.array, chainerx.ndarray)


# --- Semantics: rounding, ties, empty bins, inputs. ---

def _row(mode, values, dtype=numpy.float32):
    """A (1, 1, 1, W) image of `values`."""
    return chainer.Variable(make_array(mode, numpy.asarray(values).reshape(1, 1, 1, -1), dtype))


def _one_roi(mode, y_min, x_min, y_max, x_max, dtype=numpy.float32):
    return (make_array(mode, [[y_min, x_min, y_max, x_max]], dtype),
            make_array(mode, [0], numpy.int32))


def test_roi_ends_round_half_to_even(mode):
    # As the original's CPU code: x from 0.5 to 2.5 is pixels [0, 2) (not [1, 3)), from 2.5 to 4.5
    # pixels [2, 4) (not [3, 5)).
    x = _row(mode, [1., 2., 3., 4., 5., 6.])
    y = roi_max_pooling_2d(x, *_one_roi(mode, 0, 0.5, 1, 2.5), 1, 1.0)
    assert to_numpy(y.array).item() == 2.
    y = roi_average_pooling_2d(x, *_one_roi(mode, 0, 2.5, 1, 4.5), 1, 1.0)
    assert to_numpy(y.array).item() == 3.5
    # A coordinate of 8 at a scale of 1/16 is 0.5: pixel 0.
    y = roi_max_pooling_2d(x, *_one_roi(mode, 0, 8, 16, 40), 1, 1 / 16)
    assert to_numpy(y.array).item() == 2.


def test_roi_pooling_2d_includes_the_last_pixel(mode):
    x = _row(mode, [1., 2., 3., 4.])
    rois = make_array(mode, [[0, 1, 0, 2, 0]], numpy.float32)  # x from pixel 1 to pixel 2
    y = roi_pooling_2d(x, rois, 1, 2, 1.0)
    numpy.testing.assert_array_equal(to_numpy(y.array).ravel(), [2., 3.])


def test_roi_pooling_2d_truncates_the_image_index(mode):
    x = make_array(mode, numpy.arange(8.).reshape(2, 1, 2, 2), numpy.float32)
    rois = make_array(mode, [[1.75, 0, 0, 1, 1], [0.5, 0, 0, 1, 1]], numpy.float32)
    y = roi_pooling_2d(x, rois, 1, 1, 1.0)
    numpy.testing.assert_array_equal(to_numpy(y.array).ravel(), [7., 3.])


def _v7(function, *args):
    return lambda mode, x: function(x, *_one_roi(mode, 0, 0, args[0], args[0]), *args[1:])


@pytest.mark.parametrize('call, expected', [
    # A ROI of 2x2 equal pixels in one bin: pixel 0 is the first.
    (_v7(roi_max_pooling_2d, 2, 1, 1.0), {0: 1.}),
    (lambda mode, x: roi_pooling_2d(x, make_array(mode, [[0, 0, 0, 1, 1]], numpy.float32), 1, 1,
                                    1.0), {0: 1.}),
    # One point at (0.5, 0.5), between pixels 0, 1, 4 and 5.
    (_v7(roi_max_align_2d, 1, 1, 1.0, 1), {0: .25, 1: .25, 4: .25, 5: .25}),
    # Four equal points at 0.25 and 0.75: the first, (0.25, 0.25), takes the gradient.
    (_v7(roi_max_align_2d, 1, 1, 1.0, 2), {0: .5625, 1: .1875, 4: .1875, 5: .0625}),
])
def test_max_of_ties_takes_the_first(mode, call, expected):
    x = chainer.Variable(make_array(mode, numpy.ones((1, 1, 4, 4)), numpy.float32))
    y = call(mode, x)
    assert y.shape == (1, 1, 1, 1)
    y.grad = make_array(mode, numpy.ones(y.shape), numpy.float32)
    y.backward()
    grad = numpy.zeros(16)
    grad[list(expected)] = list(expected.values())
    numpy.testing.assert_array_equal(to_numpy(x.grad).ravel(), grad)


_V7_FUNCTIONS = [roi_max_pooling_2d, roi_average_pooling_2d, roi_max_align_2d,
                 roi_average_align_2d]


@pytest.mark.parametrize('function', _V7_FUNCTIONS)
def test_bins_outside_the_image_are_zero_without_gradient(mode, function):
    x = chainer.Variable(make_array(mode, distinct_values(_SHAPE, numpy.float32) + 2,
                                    numpy.float32))
    rois, indices = _roi_set('outside')
    y = function(x, make_array(mode, rois, numpy.float32), make_array(mode, indices, numpy.int32),
                 2, 1.0)
    assert y.shape == (2, 3, 2, 2)
    assert not to_numpy(y.array).any()
    y.grad = make_array(mode, numpy.ones(y.shape), numpy.float32)
    y.backward()
    assert not to_numpy(x.grad).any()


@pytest.mark.parametrize('function', _V7_FUNCTIONS)
def test_no_images_and_no_rois(mode, function):
    rois = make_array(mode, numpy.zeros((0, 4)), numpy.float64)
    indices = make_array(mode, numpy.zeros(0), numpy.int32)
    function_test_utils.check_zero_size_batch(
        mode, lambda x: function(x, rois, indices, (2, 3), 1.0), [(0, 3, 4, 5)], (0, 3, 2, 3))


@pytest.mark.parametrize('function', _V7_FUNCTIONS)
def test_rois_as_variables_get_no_gradient(mode, function):
    rois, indices = _roi_set('inside')
    x = chainer.Variable(make_array(mode, distinct_values(_SHAPE, numpy.float64)))
    rois = chainer.Variable(make_array(mode, rois))
    y = function(x, rois, chainer.Variable(make_array(mode, indices, numpy.int32)), 2, 1.0)
    chainer.functions.sum(y).backward()
    assert rois.grad is None
    assert x.grad is not None


@pytest.mark.parametrize('function', _V7_FUNCTIONS)
def test_numpy_scalar_arguments(mode, function):
    rois, indices = _roi_set('inside')
    x = make_array(mode, distinct_values(_SHAPE, numpy.float32), numpy.float32)
    rois, indices = make_array(mode, rois, numpy.float32), make_array(mode, indices, numpy.int32)
    expected = function(x, rois, indices, (2, 3), 0.5)
    y = function(x, rois, indices, (numpy.int64(2), numpy.int32(3)), numpy.float32(0.5))
    numpy.testing.assert_array_equal(to_numpy(y.array), to_numpy(expected.array))


def _inputs(mode, x_shape=_SHAPE, x_dtype=numpy.float32, rois_shape=(3, 4),
            rois_dtype=numpy.float32, indices=(0, 1, 0), indices_dtype=numpy.int32):
    return (make_array(mode, numpy.zeros(x_shape), x_dtype),
            make_array(mode, numpy.zeros(rois_shape), rois_dtype),
            make_array(mode, indices, indices_dtype))


@pytest.mark.parametrize('function', _V7_FUNCTIONS)
@pytest.mark.parametrize('inputs', [
    {'x_dtype': numpy.int32},
    {'x_shape': (2, 3, 8)},
    {'rois_dtype': numpy.float64},
    {'rois_shape': (3, 5)},
    {'rois_shape': (12,)},
    {'indices_dtype': numpy.int64},
    {'indices': [[0, 1, 0]]},
    {'indices': [0, 1]},
])
def test_invalid_inputs(mode, function, inputs):
    with pytest.raises(type_check.InvalidType):
        function(*_inputs(mode, **inputs), 2, 1.0)


@pytest.mark.parametrize('inputs', [
    {'x_dtype': numpy.int32, 'rois_dtype': numpy.int32},
    {'x_shape': (2, 3, 8, 7, 1)},
    {'rois_dtype': numpy.float16},
    {'rois_shape': (3, 4)},
    {'rois_shape': (5,)},
])
def test_invalid_inputs_of_roi_pooling_2d(mode, inputs):
    inputs = dict({'rois_shape': (3, 5)}, **inputs)
    x, rois, _ = _inputs(mode, **inputs)
    with pytest.raises(type_check.InvalidType):
        roi_pooling_2d(x, rois, 2, 2, 1.0)


@pytest.mark.parametrize('function', _V7_FUNCTIONS)
@pytest.mark.parametrize('args, error', [
    ((0, 1.0), TypeError),
    ((-2, 1.0), TypeError),
    ((2.0, 1.0), TypeError),
    (((2, 'a'), 1.0), TypeError),
    (((2, 2, 2), 1.0), ValueError),
    ((2, 0.0), TypeError),
    ((2, -1.0), TypeError),
    ((2, '1'), TypeError),
    ((2, None), TypeError),
])
def test_invalid_arguments(mode, function, args, error):
    with pytest.raises(error):
        function(*_inputs(mode), *args)


@pytest.mark.parametrize('function', [roi_max_align_2d, roi_average_align_2d])
@pytest.mark.parametrize('ratio, error', [
    (0, TypeError), (1.5, TypeError), ((2, 0), TypeError), ((2, 2, 2), ValueError),
])
def test_invalid_sampling_ratio(mode, function, ratio, error):
    with pytest.raises(error):
        function(*_inputs(mode), 2, 1.0, ratio)


@pytest.mark.parametrize('outh, outw, error', [
    (0, 2, ValueError), (2, -1, ValueError), (2.0, 2, TypeError), (2, None, TypeError),
])
def test_invalid_sizes_of_roi_pooling_2d(mode, outh, outw, error):
    x, rois, _ = _inputs(mode, rois_shape=(3, 5))
    with pytest.raises(error):
        roi_pooling_2d(x, rois, outh, outw, 1.0)


@pytest.mark.parametrize('function', _V7_FUNCTIONS)
@pytest.mark.parametrize('indices', [[0, 2, 0], [0, -1, 0]])
def test_image_index_out_of_range(mode, function, indices):
    with pytest.raises(IndexError):
        function(*_inputs(mode, indices=indices), 2, 1.0)


@pytest.mark.parametrize('image', [2., -1.])
def test_image_index_out_of_range_of_roi_pooling_2d(mode, image):
    x = make_array(mode, numpy.zeros(_SHAPE), numpy.float32)
    rois = make_array(mode, [[0, 0, 0, 1, 1], [image, 0, 0, 1, 1]], numpy.float32)
    with pytest.raises(IndexError):
        roi_pooling_2d(x, rois, 2, 2, 1.0)


testing.run_module(__name__, __file__)
