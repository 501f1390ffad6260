"""Filters that make a convolution downsample and a deconvolution upsample (per channel)."""

import numpy

from chainer import initializer


class _SamplingFilter(initializer.Initializer):
    # The constructor of both filters.

    def __init__(self, interpolation='linear', scale=1, dtype=None):
        if interpolation != 'linear':
            raise ValueError(
                "Unsupported interpolation method: {!r}; only 'linear' is supported".format(
                    interpolation))
        self.interpolation = interpolation
        self.scale = scale
        super().__init__(dtype)


def _channel_filter(array, channel_axes, spatial_filter, name):
    # Writes `spatial_filter` into the (a, b, k1, ..., kn) weight `array` so that channel c maps to
    # channel c only: W[c, c] = filter and zero elsewhere; if one of the two channel counts is 1,
    # every channel pair gets the filter.
    shape = tuple(array.shape)
    if len(shape) < 3:
        raise ValueError(
            '{} needs a weight with at least one spatial axis (ndim >= 3); got shape {}'.format(
                name, shape))
    first, second = shape[:2]
    values = numpy.zeros(shape)
    if first == second:
        values[numpy.arange(first), numpy.arange(second)] = spatial_filter
    elif first == 1 or second == 1:
        values[...] = spatial_filter
    else:
        raise ValueError(
            '{} needs as many {} channels as {} channels (or one of them to be 1); got shape '
            '{}'.format(name, *channel_axes, shape))
    initializer._copy_into(array, values)


class DownsamplingConvFilter(_SamplingFilter):
    """Fills a convolution weight so that it downsamples each channel by averaging its window.

    Meant for a :class:`~chainer.links.Convolution2D` (or ``ConvolutionND``) whose stride equals
    its kernel size: output channel ``c`` is ``scale`` times the mean of input channel ``c`` over
    each window. The weight has the shape ``(out_channels, in_channels, k1, ..., kn)``.

    Args:
        interpolation (str): The interpolation; only ``'linear'`` is supported.
        scale (float): Multiplies the filter.
        dtype: The dtype the initializer insists on (see :class:`~chainer.Initializer`).

    Raises:
        ValueError: If `interpolation` is not ``'linear'``; on call, if the weight has no spatial
            axis or different channel counts (neither being 1).
    """

    def __call__(self, array):
        self._check_dtype(array)
        kernel = tuple(array.shape[2:])
        spatial = numpy.full(kernel, self.scale / max(numpy.prod(kernel, dtype=float), 1.0))
        _channel_filter(array, ('output', 'input'), spatial, type(self).__name__)


class UpsamplingDeconvFilter(_SamplingFilter):
    """Fills a deconvolution weight so that it upsamples each channel by linear interpolation.

    Meant for a :class:`~chainer.links.Deconvolution2D` (or ``DeconvolutionND``) whose stride is
    ``(ksize + 1) // 2`` along each axis: input channel ``c`` is spread to output channel ``c`` with
    the (bi)linear interpolation kernel, multiplied by `scale`. The weight has the shape
    ``(in_channels, out_channels, k1, ..., kn)``. The arguments and errors are those of
    :class:`DownsamplingConvFilter`.
    """

    def __call__(self, array):
        self._check_dtype(array)
        spatial = numpy.asarray(float(self.scale))
        for ksize in array.shape[2:]:
            factor = (ksize + 1) // 2
            center = factor - 1 if ksize % 2 == 1 else factor - 0.5
            weights = 1 - numpy.abs(numpy.arange(ksize) - center) / factor
            spatial = spatial[..., None] * weights
        _channel_filter(array, ('input', 'output'), spatial, type(self).__name__)
