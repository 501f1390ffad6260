"""F.roi_max_pooling_2d: the maximum of rounded bins of (y_min, x_min, y_max, x_max) ROIs."""

from chainer.functions.pooling import _roi


def roi_max_pooling_2d(x, rois, roi_indices, outsize, spatial_scale):
    """Spatial Region of Interest (ROI) max pooling function.

    Each ROI is scaled by `spatial_scale` and rounded to whole pixels (from `round(y_min)` up to,
    not including, `round(y_max)`; at least one pixel), then split into `outh x outw` bins, whose
    bounds are rounded outwards (so neighbouring bins may share pixels) and clipped to the image.
    Each bin gives its maximum per channel, an empty one (outside the image) 0; the gradient of a
    bin goes to the first of its largest pixels (in row-major order). See Note [ROI pooling by
    gathers] in _roi.py for how it is computed (natively on chainerx), and Note [ROI geometry in
    float64] in _roi_bins.py for the rounding.

    Args:
        x (~chainer.Variable or array): The images, a float array of shape `(N, C, H, W)`.
        rois (~chainer.Variable or array): The ROIs, `(R, 4)` of x's dtype, each
            `(y_min, x_min, y_max, x_max)`. They get no gradient.
        roi_indices (~chainer.Variable or array): The image of each ROI, int32 `(R,)`.
        outsize (int or pair of ints): `(outh, outw)`, the bins per ROI; an int is used for both.
        spatial_scale (float): The scale from ROI coordinates to the pixels of x (e.g. 1/16 for
            the features of a network of stride 16).

    Returns:
        ~chainer.Variable: The pooled features, `(R, C, outh, outw)` of x's dtype.

    Raises:
        ~chainer.utils.type_check.InvalidType: The dtypes or shapes of the inputs do not fit.
        TypeError: outsize is not a positive integer or a pair of them, or spatial_scale is not
            a positive number.
        ValueError: outsize is a sequence of other than two entries.
        IndexError: An image index is outside `[0, N)`.

    Example:
        >>> x = numpy.arange(16, dtype=numpy.float32).reshape(1, 1, 4, 4)
        >>> rois = numpy.array([[0, 0, 4, 4]], numpy.float32)
        >>> F.roi_max_pooling_2d(x, rois, numpy.zeros(1, numpy.int32), 2, 1.0).array
        array([[[[ 5.,  7.],
                 [13., 15.]]]], dtype=float32)
    """
    return _roi.roi_pool('ROIMaxPooling2D', _roi.maximum, x, rois, roi_indices, outsize,
                         spatial_scale)
