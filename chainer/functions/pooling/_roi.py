"""The body shared by the ROI pooling functions: argument and type checks, and the pooling itself.

Note [ROI pooling by gathers]: the original loops over the bins in NumPy and in CUDA kernels. Here
each function is a composition of chainer functions, which chainerx runs natively: the images become
a matrix of pixels `(N * H * W + 1, C)` (transpose, reshape, and a zero row appended by concat),
the geometry (_roi_bins.py, computed on the host from the ROIs) gives the rows that each bin reads,
and
 * an average is the weighted sum of the rows it gathers (get_item, a product, sum);
 * a max first finds, outside the graph, each channel's best sample of the bin (the first of the
   largest, like the original's strict comparisons), and then gathers that sample's pixels alone,
   with their weights: the gradient goes to them only, as in the original.
Gathers are linear, with scatter-adds as their gradients and gathers again as theirs, so the
functions are differentiable to any order, and on chainerx Variables forward, backward and double
backward stay in C++: no NumPy fallback (only the ROIs and their image indices, a few numbers
each, are read on the host). Padding and the samples that the original leaves out read the zero
row, so a bin with nothing to read gives 0. The price is memory: an average gathers every bin's
pixels for every channel, padded to the largest bin of the call (a max does so outside the graph
only), where the original's kernels read them in place.

Note [ROI arguments]: outsize, spatial_scale and sampling_ratio raise the original's exceptions
(TypeError for a value of the wrong type and for a non-positive one; ValueError when a sequence is
not a pair, as its unpacking did), except that NumPy integer and float scalars are accepted, as
elsewhere in this project, and bools are not numbers here.
"""

import numpy

import chainer
from chainer import backend
from chainer import variable
from chainer.functions.array import _routine
from chainer.functions.array.concat import concat
from chainer.functions.array.get_item import get_item
from chainer.functions.array.reshape import reshape
from chainer.functions.array.transpose import transpose
from chainer.functions.math.sum import sum as sum_
from chainer.functions.pooling import _roi_bins
from chainer.utils import _checks
from chainer.utils import type_check


def positive_int(value, name, error=ValueError):
    """`value` if it is a positive integer; TypeError if it is no integer, else `error`."""
    if not _checks.is_integer(value):
        raise TypeError('{} must be positive integer: {}, {}'.format(name, type(value), value))
    if value <= 0:
        raise error('{} must be positive integer: {}, {}'.format(name, type(value), value))
    return int(value)


def _pair(value):
    """`value` as two entries: an iterable is unpacked (ValueError unless it has two)."""
    first, second = value if hasattr(value, '__iter__') else (value, value)
    return first, second


def outsize_pair(outsize):
    """`(outh, outw)` of an int or a pair of positive ints; else TypeError, as in the original."""
    outh, outw = _pair(outsize)
    return positive_int(outh, 'outsize[0]', TypeError), positive_int(outw, 'outsize[1]', TypeError)


def scale(spatial_scale):
    """`spatial_scale` as a float; TypeError unless it is a positive real number."""
    if _checks.is_integer(spatial_scale):
        spatial_scale = float(spatial_scale)
    if not (isinstance(spatial_scale, (float, numpy.floating)) and spatial_scale > 0):
        raise TypeError('spatial_scale must be a positive float number: {}, {}'.format(
            type(spatial_scale), spatial_scale))
    return float(spatial_scale)


def sampling_pair(sampling_ratio):
    """`(ratio_h, ratio_w)`, each a positive int or None (adaptive); TypeError otherwise."""
    ratios = _pair(sampling_ratio)
    if not all(r is None or (_checks.is_integer(r) and r >= 1) for r in ratios):
        raise TypeError('sampling_ratio must be integer >= 1 or a pair of it: {}'.format(
            sampling_ratio))
    return tuple(None if r is None else int(r) for r in ratios)


class _Label:
    """Stands for the original's function node in the InvalidType messages (its `label`)."""

    def __init__(self, label):
        self.label = label


def _array(value):
    if isinstance(value, variable.Variable):
        return value.array
    return numpy.asarray(value) if isinstance(value, numpy.generic) else value


def checked_inputs(label, x, rois, roi_indices=None):
    """Type-checks the inputs as the original's node `label` does; returns them for the pooling.

    Args:
        label (str): The original node's name, for the messages.
        x: The images `(N, C, H, W)`, a float Variable or array.
        rois: The ROIs, `(R, 4)` of x's dtype, or `(R, 5)` when `roi_indices` is None.
        roi_indices: int32 `(R,)`, each ROI's image, or None (roi_pooling_2d).

    Returns:
        tuple: x as a Variable, the ROIs as a float64 NumPy array, and the image indices as an
        int64 NumPy array (for `(R, 5)` ROIs, their first column truncated, as the original's
        `int(idx)`).

    Raises:
        ~chainer.utils.type_check.InvalidType: The dtypes or shapes do not fit.
        IndexError: An image index is outside `[0, N)`.
    """
    x = chainer.as_variable(x)
    arrays = (x.array, _array(rois))
    if roi_indices is not None:
        arrays += (_array(roi_indices),)
    with type_check.get_function_check_context(_Label(label)):
        in_types = type_check.get_types(arrays, 'in_types', False)
        type_check.argname(in_types, ('x', 'rois', 'roi_indices')[:len(arrays)])
        x_type, rois_type = in_types[:2]
        type_check.expect(
            x_type.dtype.kind == 'f',
            x_type.ndim == 4,
            rois_type.dtype == x_type.dtype,
            rois_type.ndim == 2,
            rois_type.shape[1] == (5 if roi_indices is None else 4),
        )
        if roi_indices is not None:
            indices_type = in_types[2]
            type_check.expect(
                indices_type.dtype == numpy.int32,
                indices_type.ndim == 1,
                rois_type.shape[0] == indices_type.shape[0],
            )
    cpu = backend.CpuDevice()
    boxes = numpy.asarray(cpu.send(arrays[1]), numpy.float64)
    if roi_indices is None:
        images, boxes = numpy.trunc(boxes[:, 0]), boxes[:, 1:]
        images = numpy.where(numpy.isfinite(images), images, -1).astype(numpy.int64)
    else:
        images = numpy.asarray(cpu.send(arrays[2]), numpy.int64)
    outside = (images < 0) | (images >= len(x))
    if outside.any():
        raise IndexError('the ROIs refer to images {} of {} images'.format(
            sorted(set(images[outside].tolist())), len(x)))
    return x, boxes, images


def _pixels(x):
    """The images x `(N, C, H, W)` as a matrix `(N * H * W + 1, C)`: the pixels, then zeros."""
    n, c, h, w = x.shape
    pixels = reshape(transpose(x, (0, 2, 3, 1)), (n * h * w, c))
    zero_row = variable.Variable(_routine.zeros_on_device_of(x.array, (1, c)), requires_grad=False)
    return concat((pixels, zero_row), axis=0)


def _to_image_layout(y, shape):
    """`y` of `shape` `(R, outh, outw, C)` (possibly flattened) as `(R, C, outh, outw)`."""
    return transpose(reshape(y, shape), (0, 3, 1, 2))


def average(x, image_indices, ys, xs):
    """The average of each bin's samples (`AxisSamples` `ys`, `xs`), per channel.

    Args:
        x (~chainer.Variable): The images `(N, C, H, W)`.
        image_indices (numpy.ndarray): Each ROI's image, int64 `(R,)`.
        ys (~chainer.functions.pooling._roi_bins.AxisSamples): The bins along the height.
        xs (~chainer.functions.pooling._roi_bins.AxisSamples): The bins along the width.

    Returns:
        ~chainer.Variable: `(R, C, outh, outw)`.
    """
    rows, weights, _ = _roi_bins.image_samples(
        image_indices, _roi_bins.pixel_weights(ys), _roi_bins.pixel_weights(xs), x.shape)
    device = backend.get_device_from_array(x.array)
    rows, weights = device.send((rows[..., 0], weights.astype(x.dtype)))  # one pixel per sample
    y = sum_(get_item(_pixels(x), rows) * weights, axis=3)
    return transpose(y, (0, 3, 1, 2))


def maximum(x, image_indices, ys, xs):
    """The largest of each bin's samples (`AxisSamples` `ys`, `xs`), per channel.

    Args and Returns: as for `average`. The gradient goes to the pixels of the first largest
    sample; a bin without valid samples gives 0.
    """
    rows, weights, valid = _roi_bins.image_samples(image_indices, ys, xs, x.shape)
    n_rois, outh, outw, n_samples, n_pixels = rows.shape
    channels = x.shape[1]
    pixels = _pixels(x)
    # The choice of the sample is no part of the graph. It is made in float32 at least: float16
    # would round samples into ties that the original (comparing in float64 on the CPU) tells
    # apart.
    values = pixels.array
    values = values.astype(numpy.promote_types(values.dtype, numpy.float32), copy=False)
    device = backend.get_device_from_array(values)
    xp = device.xp
    rows_d, score_weights, valid_d = device.send((rows, weights.astype(values.dtype), valid))
    scores = values[rows_d[..., 0]] * score_weights[..., 0, None]
    for q in range(1, n_pixels):
        scores = scores + values[rows_d[..., q]] * score_weights[..., q, None]
    best = xp.argmax(xp.where(valid_d[..., None], scores, -numpy.inf), axis=3)
    del scores
    first_sample = device.send(numpy.arange(n_rois * outh * outw)[:, None] * n_samples)
    chosen = best.reshape(n_rois * outh * outw, channels) + first_sample  # (R * outh * outw, C)
    index = rows_d.reshape(-1, n_pixels)[chosen] * channels \
        + device.send(numpy.arange(channels)[:, None])
    y = get_item(reshape(pixels, (-1,)), index)
    if not (weights == 1).all():  # rounded bins read whole pixels: no product by ones
        y = y * device.send(weights.reshape(-1, n_pixels).astype(x.dtype))[chosen]
    return _to_image_layout(sum_(y, axis=2), (n_rois, outh, outw, channels))


def roi_pool(label, reduce, x, rois, roi_indices, outsize, spatial_scale, sampling_ratio=None,
             aligned=False):
    """The v7 ROI functions: rois `(R, 4)` as (y_min, x_min, y_max, x_max) with roi_indices.

    Args:
        label (str): The original node's name (for the type check's messages).
        reduce (callable): `average` or `maximum`.
        x, rois, roi_indices, outsize, spatial_scale, sampling_ratio: As given to the function.
        aligned (bool): Aligned bins (ROI Align, with `sampling_ratio`), else rounded ones.

    Returns:
        ~chainer.Variable: `(R, C, outh, outw)`.
    """
    outh, outw = outsize_pair(outsize)
    spatial_scale = scale(spatial_scale)
    if aligned:
        ratio_h, ratio_w = sampling_pair(sampling_ratio)
    x, boxes, images = checked_inputs(label, x, rois, roi_indices)
    boxes = boxes * spatial_scale
    height, width = x.shape[2:]
    if aligned:
        ys = _roi_bins.aligned(boxes[:, 0], boxes[:, 2], outh, height, ratio_h)
        xs = _roi_bins.aligned(boxes[:, 1], boxes[:, 3], outw, width, ratio_w)
    else:
        ys = _roi_bins.rounded(boxes[:, 0], boxes[:, 2], outh, height, inclusive=False)
        xs = _roi_bins.rounded(boxes[:, 1], boxes[:, 3], outw, width, inclusive=False)
    return reduce(x, images, ys, xs)
