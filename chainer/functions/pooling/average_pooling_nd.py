"""N-dimensional average pooling: `average_pooling_nd`, `average_pooling_1d` and `_3d`."""

import chainer
import chainerx

from chainer.functions.pooling import _window


def _divisor(pad_value):
    if pad_value is None:
        return 'count'
    if pad_value == 0:
        return 'size'
    raise ValueError('pad_value must be either 0 or None, not {}.'.format(pad_value))


class AveragePoolingND(_window.WindowSum):
    """The mean of each window: padding counts as zeros (pad_value 0) or is left out (None).

    Args:
        ndim (int): Number of spatial axes.
        ksize, stride, pad: The windows (see :func:`average_pooling_nd`).
        pad_value (0 or None): How padding counts.
    """

    def __init__(self, ndim, ksize, stride=None, pad=0, pad_value=0):
        super().__init__(ndim, ksize, stride, pad, False, _divisor(pad_value))
        self._pad_mode = 'zero' if self.divisor == 'size' else 'ignore'

    def forward_chainerx(self, inputs):
        x, = inputs
        if x.dtype.kind != 'f':
            return chainer.Fallback
        try:
            return chainerx.average_pool(x, self.ksize, self.stride, self.pad, self._pad_mode),
        except chainerx.DimensionError:
            return chainer.Fallback  # the type check or the NumPy forward raises the usual error


def average_pooling_nd(x, ksize, stride=None, pad=0, pad_value=0):
    """N-dimensionally spatial average pooling function.

    Each output element is the mean of its window of the input. With `pad_value=0` the padding
    counts as zeros (every window is divided by its full size); with `pad_value=None` it is left out
    (each window is divided by the number of its input elements).

    Args:
        x (~chainer.Variable or array): Input of shape `(n, c, d_1, ..., d_N)`.
        ksize (int or tuple of ints): Window size, for every axis or per axis.
        stride (int, tuple of ints or None): Window step; None means ksize.
        pad (int or tuple of ints): Padding on both sides of each axis.
        pad_value (0 or None): How padding counts (see above).

    Returns:
        ~chainer.Variable: Output of shape `(n, c, l_1, ..., l_N)` with
        `l_i = (d_i + 2 * pad_i - k_i) // stride_i + 1`.

    Raises:
        ValueError: pad_value is neither 0 nor None.
    """
    ndim = _window.spatial_ndim(x)
    return AveragePoolingND(ndim, ksize, stride, pad, pad_value).apply((x,))[0]


average_pooling_1d = _window.fixed_ndim(average_pooling_nd, 1)
average_pooling_3d = _window.fixed_ndim(average_pooling_nd, 3)
