"""F.roi_max_align_2d: ROI Align, the largest bilinear sample of each bin of the ROIs."""

from chainer.functions.pooling import _roi


def roi_max_align_2d(x, rois, roi_indices, outsize, spatial_scale, sampling_ratio=None):
    """Spatial Region of Interest (ROI) max align function.

    The ROI is scaled by `spatial_scale` without rounding (at least one pixel long per axis) and
    split into `outh x outw` equal bins. Each bin is sampled at a grid of `sampling_ratio` points
    per axis, evenly spaced (by default ceil(ROI height / outh) by ceil(ROI width / outw) points
    for each ROI), and each point is read by bilinear interpolation of its four nearest pixels,
    with coordinate `c` at pixel `floor(c)`; points less than a pixel outside the image read its
    border, those further out are left out. Each bin gives its largest sample per channel (0 if
    all are left out); the gradient goes to the four pixels of the first largest sample, with
    their interpolation weights. See Note [ROI pooling by gathers] in _roi.py for how it is
    computed (natively on chainerx).

    Args:
        x (~chainer.Variable or array): The images, a float array of shape `(N, C, H, W)`.
        rois (~chainer.Variable or array): The ROIs, `(R, 4)` of x's dtype, each
            `(y_min, x_min, y_max, x_max)`. They get no gradient.
        roi_indices (~chainer.Variable or array): The image of each ROI, int32 `(R,)`.
        outsize (int or pair of ints): `(outh, outw)`, the bins per ROI; an int is used for both.
        spatial_scale (float): The scale from ROI coordinates to the pixels of x.
        sampling_ratio (int, pair of ints or None): The points per bin along the height and the
            width; None (for either) adapts them to each ROI's size.

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
        >>> F.roi_max_align_2d(x, rois, numpy.zeros(1, numpy.int32), 2, 1.0).array
        array([[[[ 7.5,  9. ],
                 [13.5, 15. ]]]], dtype=float32)
    """
    return _roi.roi_pool('ROIMaxAlign2D', _roi.maximum, x, rois, roi_indices, outsize,
                         spatial_scale, sampling_ratio, aligned=True)
