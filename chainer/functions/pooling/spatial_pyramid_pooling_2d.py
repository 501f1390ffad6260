"""Spatial pyramid pooling: `spatial_pyramid_pooling_2d` (max pooling into 1, 2x2, 4x4... bins)."""

import warnings

import chainer

from chainer.functions.pooling.max_pooling_2d import MaxPooling2D
from chainer.functions.pooling.max_pooling_2d import max_pooling_2d
from chainer.utils import _checks
from chainer.utils import argument


def _level_geometry(size, bins):
    """The window size and padding that split an axis of `size` pixels into `bins` windows."""
    ksize = -(-size // bins)
    return ksize, (ksize * bins - size) // 2


def _check_height(pyramid_height, h, w):
    """ValueError unless the finest level's bins (2^(height - 1) per axis) hold pixels.

    Beyond that, each further level only adds bins made of padding, four times as many as the
    level before: a large height would run for ever.
    """
    if not _checks.is_integer(pyramid_height):
        raise TypeError('pyramid_height must be an int, not {!r}'.format(pyramid_height))
    if pyramid_height < 1 or pyramid_height - 1 > max(h, w, 1).bit_length() - 1:
        raise ValueError(
            'pyramid_height must be at least 1 and at most 1 + log2(max(h, w)) = {} for an image '
            'of {}x{} pixels, got {}'.format(max(h, w, 1).bit_length(), h, w, pyramid_height))


def spatial_pyramid_pooling_2d(x, pyramid_height, pooling=None, **kwargs):
    """Spatial pyramid pooling function.

    Level l (0 <= l < pyramid_height) max-pools the image into `2^l x 2^l` bins; the bins of all
    levels are concatenated, so the output has `c * (4^pyramid_height - 1) / 3` channels whatever
    the image size.

    Args:
        x (~chainer.Variable or array): Input of shape `(n, c, h, w)`.
        pyramid_height (int): Number of pyramid levels.
        pooling (str): The pooling operation; only `'max'` is supported.
        pooling_class: Deprecated: the class `MaxPooling2D`, in place of `pooling='max'` (keyword
            only).

    Returns:
        ~chainer.Variable: Output of shape `(n, c * (4^pyramid_height - 1) / 3, 1, 1)`.

    Raises:
        TypeError: x is not a Variable or an array, or pyramid_height is not an int.
        ValueError: Neither or both of pooling and pooling_class are given, the pooling is not
            supported, x is not 4-dimensional, or pyramid_height is below 1 or so large that the
            bins of the finest level, `2^(pyramid_height - 1)` per axis, outnumber the pixels of
            the longer axis (they would be padding only).
    """
    pooling_class, = argument.parse_kwargs(kwargs, ('pooling_class', None))
    if pooling_class is not None:
        warnings.warn('pooling_class argument is deprecated. Please use pooling argument.',
                      DeprecationWarning)
    if (pooling is None) == (pooling_class is None):
        raise ValueError('Specify the pooling operation either using the pooling or pooling_class '
                         'argument.')
    if pooling_class is not None:
        if pooling_class is not MaxPooling2D:
            raise ValueError('Unsupported pooling_class: {}'.format(pooling_class))
        pooling = 'max'
    if pooling != 'max':
        raise ValueError('Unsupported pooling operation: {}'.format(pooling))
    _checks.check_array(x)
    if len(x.shape) != 4:
        raise ValueError('spatial_pyramid_pooling_2d takes an input of shape (n, c, h, w), got '
                         'shape {}'.format(x.shape))
    n, _, h, w = x.shape
    _check_height(pyramid_height, h, w)
    F = chainer.functions
    ys = []
    for level in range(pyramid_height):
        bins = 2 ** level
        (kh, ph), (kw, pw) = _level_geometry(h, bins), _level_geometry(w, bins)
        y = max_pooling_2d(x, (kh, kw), None, (ph, pw), cover_all=True)
        ys.append(F.reshape(y, (n, -1, 1, 1)))
    return F.concat(ys, axis=1)
