"""F.roi_average_align_2d: ROI Align, the mean of the bilinear samples of each bin of the ROIs."""

from chainer.functions.pooling import _roi


def roi_average_align_2d(x, rois, roi_indices, outsize, spatial_scale, sampling_ratio=None):
    """Spatial Region of Interest (ROI) average align function (the RoIAlign of Mask R-CNN).

    The bins and their sample points are those of :func:`~chainer.functions.roi_max_align_2d`
    (bilinear interpolation, no rounding); each bin gives the sum of its samples divided by the
    number of its points, those left out (more than a pixel outside the image) included. See Note
    [ROI pooling by gathers] in _roi.py for how it is computed (natively on chainerx).

    Args:
        x (~chainer.Variable or array): The images, a float array of shape `(N, C, H, W)`.
        rois (~chainer.Variable or array): The ROIs, `(R, 4)` of x's dtype, each
            `(y_min, x_min, y_max, x_max)`. They get no gradient.
        roi_indices (~chainer.Variable or array): The image of each ROI, int32 `(R,)`.
        outsize (int or pair of ints): `(outh, outw)`, the bins per ROI; an int is used for both.
        spatial_scale (float): The scale from ROI coordinates to the pixels of x.
        sampling_ratio (int, pair of ints or None): The points per bin along the height and the
            width; None (for either) adapts them to each ROI's size: ceil(ROI length / bins).

    Returns:
        ~chainer.Variable: The pooled features, `(R, C, outh, outw)` of x's dtype.

    Raises:
        ~chainer.utils.type_check.InvalidType: The dtypes or shapes of the inputs do not fit.
        TypeError: outsize is not a positive integer or a pair of them, spatial_scale is not a
            positive number, or sampling_ratio is not a positive integer, None or a pair of them.
        ValueError: outsize or sampling_ratio is a sequence of other than two entries.
        IndexError: An image index is outside `[0, N)`.

    Example:
        >>> x = numpy.arange(16, dtype=numpy.float32).reshape(1, 1, 4, 4)
        >>> rois = numpy.array([[0, 0, 4, 4]], numpy.float32)
        >>> F.roi_average_align_2d(x, rois, numpy.zeros(1, numpy.int32), 2, 1.0).array
        array([[[[ 5.  ,  6.75],
                 [12.  , 13.75]]]], dtype=float32)
    """
    return _roi.roi_pool('ROIAverageAlign2D', _roi.average, x, rois, roi_indices, outsize,
                         spatial_scale, sampling_ratio, aligned=True)
