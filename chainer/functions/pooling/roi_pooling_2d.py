"""F.roi_pooling_2d: Fast R-CNN's ROI pooling, the maximum of rounded bins of (R, 5) ROIs."""

from chainer.functions.pooling import _roi
from chainer.functions.pooling import _roi_bins


def roi_pooling_2d(x, rois, outh, outw, spatial_scale):
    """Spatial Region of Interest (ROI) pooling function.

    Like :func:`~chainer.functions.max_pooling_2d`, but over the regions of interest: each ROI is
    scaled by `spatial_scale`, rounded to whole pixels (its last pixel included) and split into
    `outh x outw` bins, whose bounds are rounded outwards (so neighbouring bins may share pixels)
    and clipped to the image; each bin gives its maximum per channel, an empty one 0. The gradient
    of a bin goes to the first of its largest pixels (in row-major order). This is the function of
    Fast R-CNN; :func:`~chainer.functions.roi_max_pooling_2d` is its successor with separate image
    indices. See Note [ROI pooling by gathers] in _roi.py for how it is computed (natively on
    chainerx), and Note [ROI geometry in float64] in _roi_bins.py for the rounding.

    Args:
        x (~chainer.Variable or array): The images, a float array of shape `(N, C, H, W)`.
        rois (~chainer.Variable or array): The ROIs, `(R, 5)` of x's dtype, each
            `(image index, x_min, y_min, x_max, y_max)`; the index is truncated to an integer.
            They get no gradient.
        outh (int): The number of bins along the height.
        outw (int): The number of bins along the width.
        spatial_scale (float): The scale from ROI coordinates to the pixels of x (e.g. 1/16 for
            the features of a network of stride 16).

    Returns:
        ~chainer.Variable: The pooled features, `(R, C, outh, outw)` of x's dtype.

    Raises:
        ~chainer.utils.type_check.InvalidType: x is not a 4-d float array, or rois not a 2-d array
            of five columns of x's dtype.
        TypeError: `outh` or `outw` is not an integer.
        ValueError: `outh` or `outw` is not positive.
        IndexError: A ROI's image index is outside `[0, N)`.

    Example:
        >>> x = numpy.arange(16, dtype=numpy.float32).reshape(1, 1, 4, 4)
        >>> rois = numpy.array([[0, 0, 0, 3, 3]], numpy.float32)
        >>> F.roi_pooling_2d(x, rois, 2, 2, 1.0).array
        array([[[[ 5.,  7.],
                 [13., 15.]]]], dtype=float32)
    """
    outh, outw = _roi.positive_int(outh, 'outh'), _roi.positive_int(outw, 'outw')
    x, boxes, images = _roi.checked_inputs('ROIPooling2D', x, rois)
    boxes = boxes * float(spatial_scale)  # columns x_min, y_min, x_max, y_max
    height, width = x.shape[2:]
    ys = _roi_bins.rounded(boxes[:, 1], boxes[:, 3], outh, height, inclusive=True)
    xs = _roi_bins.rounded(boxes[:, 0], boxes[:, 2], outw, width, inclusive=True)
    return _roi.maximum(x, images, ys, xs)
