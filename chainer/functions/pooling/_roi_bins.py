"""Where the bins of the ROI pooling functions read the image: their geometry, computed on the host.

An ROI's bins split each spatial axis independently, so the geometry is built per axis, as an
`AxisSamples`: for each ROI r and bin i of the axis, G samples (as many as the fullest bin has, the
others padded), each mixing Q neighbouring pixels of the axis with weights. A bin of the image is
the product of a bin of each axis: its samples are the pairs of samples, their weights the
products. Two samplings exist:
 * `rounded` bins (roi_pooling_2d, roi_max_pooling_2d, roi_average_pooling_2d): the ROI's ends are
   rounded to pixels, the bins cover whole pixels, each pixel is a sample of one pixel (Q = 1).
 * `aligned` bins (roi_max_align_2d, roi_average_align_2d): a grid of points per bin, each read by
   linear interpolation between its two nearest pixels (Q = 2), without rounding.

Note [ROI geometry in float64]: the bin boundaries are computed in float64 from the ROIs' values,
with the original's operations in its order, as its CPU code did under NumPy 1 (which made a
float32 ROI coordinate times the Python float `spatial_scale` a float64); its CUDA kernels work in
the input's dtype and may round a boundary that lands near an integer the other way. Rounding is
half to even, as the original's `int(round(v))` on the CPU (its CUDA `round` goes half away from
zero): a coordinate of 8 with a scale of 1/16 starts at pixel 0, not 1. The CPU and the GPU of the
original disagree there; one rule for all devices is the point of taking one of them.
"""

import collections

import numpy


class AxisSamples(collections.namedtuple('AxisSamples', 'positions weights valid divisor')):
    """How the bins of one axis read it, for R ROIs, `out` bins, G samples of Q pixels each.

    Attributes:
        positions (numpy.ndarray): int64 `(R, out, G, Q)`, pixel indexes along the axis (anything
            where `valid` is False).
        weights (numpy.ndarray): float64 `(R, out, G, Q)`, the share of each pixel in a sample.
        valid (numpy.ndarray): bool `(R, out, G)`, False for the padding and for samples outside
            the image, which add nothing.
        divisor (numpy.ndarray): float64 `(R, out)`, what an average divides the bin's sum by.
    """


def rounded(low, high, outsize, size, inclusive):
    """The rounded bins of the ROIs `[low, high]` along an axis of `size` pixels.

    Args:
        low (numpy.ndarray): Each ROI's first coordinate, scaled, float64 `(R,)`.
        high (numpy.ndarray): Its last one.
        outsize (int): The number of bins.
        size (int): The number of pixels of the axis.
        inclusive (bool): Whether the ROI includes its last pixel (roi_pooling_2d: its length is
            `high - low + 1`, else `high - low`), at least 1 either way.

    Returns:
        AxisSamples: Each bin's pixels (the average divides by their count).
    """
    with numpy.errstate(invalid='ignore'):  # NaN coordinates give arbitrary (clipped) bins
        start = numpy.rint(low).astype(numpy.int64)
        length = numpy.maximum(numpy.rint(high).astype(numpy.int64) - start + int(inclusive), 1)
    bin_size = (length / outsize)[:, None]
    index = numpy.arange(outsize)
    first = numpy.floor(index * bin_size).astype(numpy.int64) + start[:, None]
    stop = numpy.ceil((index + 1) * bin_size).astype(numpy.int64) + start[:, None]
    first, stop = numpy.clip(first, 0, size), numpy.clip(stop, 0, size)
    count = numpy.maximum(stop - first, 0)
    taps = numpy.arange(max(int(count.max(initial=0)), 1))
    positions = (first[..., None] + taps)[..., None]
    return AxisSamples(positions, numpy.ones(positions.shape), taps < count[..., None],
                       count.astype(numpy.float64))


def aligned(low, high, outsize, size, ratio):
    """The aligned bins of the ROIs `[low, high]` along an axis of `size` pixels.

    Each bin has `ratio` points spread evenly over it (by default, ceil(ROI length / outsize) for
    each ROI), read by linear interpolation; a point further than one pixel outside the image
    (below -1 or above `size`) is left out, and one less than a pixel outside reads the border
    pixel. The average divides by the number of points, those left out included.

    Args:
        low (numpy.ndarray): Each ROI's first coordinate, scaled, float64 `(R,)`.
        high (numpy.ndarray): Its last one.
        outsize (int): The number of bins.
        size (int): The number of pixels of the axis.
        ratio (int or None): The number of points per bin, or None.

    Returns:
        AxisSamples: Each bin's points, as pairs of pixels (Q = 2).
    """
    length = numpy.maximum(high - low, 1.)
    bin_size = length / outsize
    if ratio is None:
        with numpy.errstate(invalid='ignore'):
            grid = numpy.ceil(length / outsize).astype(numpy.int64)
    else:
        grid = numpy.full(low.shape, ratio, numpy.int64)
    taps = numpy.arange(max(int(grid.max(initial=0)), 1))
    step, points = bin_size[:, None, None], grid[:, None, None]
    at = low[:, None, None] + numpy.arange(outsize)[:, None] * step + (taps + .5) * step / points
    valid = (taps < points) & (at >= -1) & (at <= size) & (size > 0)
    with numpy.errstate(invalid='ignore'):  # NaN or far away points, which are not valid
        at = numpy.where(valid, numpy.maximum(at, 0), 0)
        lower = at.astype(numpy.int64)
    at_end = lower >= size - 1
    lower = numpy.where(at_end, size - 1, lower)
    upper = numpy.where(at_end, size - 1, lower + 1)
    fraction = numpy.where(at_end, 0., at - lower)
    return AxisSamples(numpy.stack([lower, upper], axis=-1),
                       numpy.stack([1 - fraction, fraction], axis=-1), valid,
                       numpy.broadcast_to(grid[:, None], low.shape + (outsize,)).astype(float))


def pixel_weights(axis):
    """The samples of each bin merged into one weight per pixel, divided by the divisor.

    The weighted sums of an average then read each pixel once instead of once per sample and
    neighbour (aligned bins of many points read each pixel about four times).

    Args:
        axis (AxisSamples): The bins of an axis.

    Returns:
        AxisSamples: The same bins with one sample per pixel of the span of their valid samples
        (Q = 1); the weights sum to the bin's share of the average, the divisor is 1.
    """
    n_rois, outsize, n_samples, n_pixels = axis.positions.shape
    flat = (n_rois, outsize, n_samples * n_pixels)  # explicit: -1 is ambiguous for no ROIs
    used = numpy.broadcast_to(axis.valid[..., None], axis.positions.shape).reshape(flat)
    positions = axis.positions.reshape(flat)
    any_used = used.any(axis=2)
    beyond = numpy.iinfo(numpy.int64).max
    first = numpy.where(any_used, numpy.where(used, positions, beyond).min(axis=2, initial=beyond),
                        0)
    last = numpy.where(used, positions, -1).max(axis=2, initial=-1)
    span = numpy.where(any_used, last - first + 1, 0)
    taps = numpy.arange(max(int(span.max(initial=0)), 1))
    weights = numpy.zeros((n_rois, outsize, len(taps)))
    r, i, k = numpy.nonzero(used)
    shares = axis.weights.reshape(flat)[r, i, k] / axis.divisor[r, i]
    numpy.add.at(weights, (r, i, positions[r, i, k] - first[r, i]), shares)
    return AxisSamples((first[..., None] + taps)[..., None], weights[..., None],
                       taps < span[..., None], numpy.ones((n_rois, outsize)))


def image_samples(image_indices, ys, xs, shape):
    """The samples of the bins of the image, as rows of the pixel matrix `(N * H * W + 1, C)`.

    Row `n * H * W + h * W + w` is pixel (h, w) of image n; the last row, `N * H * W`, is a zero
    pixel, which the left-out samples read (see Note [ROI pooling by gathers] in _roi.py).

    Args:
        image_indices (numpy.ndarray): int64 `(R,)`, each ROI's image.
        ys (AxisSamples): The bins along the height, `(R, outh, Gh, Qh)`.
        xs (AxisSamples): The bins along the width, `(R, outw, Gw, Qw)`.
        shape (tuple): The shape `(N, C, H, W)` of the images.

    Returns:
        tuple: `rows` (int64) and `weights` (float64), each `(R, outh, outw, Gh * Gw, Qh * Qw)`,
        and `valid` (bool) `(R, outh, outw, Gh * Gw)`.
    """
    n_images, _, height, width = shape
    n_rois, outh, gh, qh = ys.positions.shape
    _, outw, gw, qw = xs.positions.shape
    out_shape = (n_rois, outh, outw, gh * gw, qh * qw)
    valid = ys.valid[:, :, None, :, None] & xs.valid[:, None, :, None, :]
    rows = (image_indices[:, None, None, None, None, None, None] * (height * width)
            + ys.positions[:, :, None, :, None, :, None] * width
            + xs.positions[:, None, :, None, :, None, :])
    rows = numpy.where(valid[..., None, None], rows, n_images * height * width)
    weights = ys.weights[:, :, None, :, None, :, None] * xs.weights[:, None, :, None, :, None, :]
    return (rows.reshape(out_shape), numpy.broadcast_to(weights, rows.shape).reshape(out_shape),
            valid.reshape(out_shape[:4]))
