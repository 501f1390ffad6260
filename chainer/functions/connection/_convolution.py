"""Array-level convolutions shared by the connection and pooling nodes.

The NumPy/CuPy forms lower a convolution to `im2col` (chainer.utils.conv_nd) and a tensor product;
the chainerx forms compose chainerx routines that record their own backward in C++ (see Note [Native
convolution options]).

Note [Native convolution options]: `chainerx.conv` and `chainerx.conv_transpose` take `groups`
(one call for all groups, Note [Channel groups] in chainerx/core/kernels/connection.h) but no
dilation. Dilation is expressed with routines that are differentiable in C++, so that the functions
stay on the native path (chainer/function_node.py, Note [Native paths]): a convolution with
dilation d equals one with the kernel spread out, zeros between its taps (extent d * (k - 1) + 1).
The spread kernel is itself a transposed convolution of the kernel, each of its (out, in) planes
taken as one image, by a 1x1 kernel of ones with stride d. This gives the output (shape, dtype, and
values up to rounding) of the im2col forms, with one exception: an infinite or NaN input element
that only the skipped taps would read meets a zero tap of the spread kernel and makes its output
NaN.
"""

import collections.abc
import functools

import numpy

import chainerx

from chainer import backend
from chainer.functions.connection import _product_nodes
from chainer.utils import _checks
from chainer.utils import argument
from chainer.utils import conv_nd
from chainer.utils import type_check

DETERMINISTIC_MESSAGE = (
    'deterministic argument is not supported anymore. Use '
    "chainer.using_config('cudnn_deterministic', value) context where value is either `True` or "
    '`False`.')


def as_tuple(value, ndim, name, minimum=None):
    """`value` (an int or `ndim` ints) as an ndim-tuple of ints.

    Raises:
        TypeError: `value` is neither an int nor a sequence of ints.
        ValueError: The sequence is not of length `ndim`, or an entry is below `minimum` (a
            stride, a window size or a dilation must be positive, as the output sizes divide by
            the stride; a padding must not be negative).
    """
    if type(value) is int:  # the common case, without the general checks
        if minimum is not None and value < minimum:
            _raise_below(name, value, minimum)
        return (value,) * ndim
    if _checks.is_integer(value):
        values = (int(value),) * ndim
    else:
        if isinstance(value, (str, bytes)) or not isinstance(
                value, (collections.abc.Sequence, numpy.ndarray)):
            raise TypeError('{} must be an int or a sequence of {} ints, not {!r}'.format(
                name, ndim, value))
        if len(value) != ndim:  # before the entries are read: value may be a huge array
            raise ValueError('{} must be an int or a sequence of {} ints, got {!r}'.format(
                name, ndim, value))
        values = tuple(value)
        if not all([_checks.is_integer(v) for v in values]):
            raise TypeError('{} must be an int or a sequence of {} ints, not {!r}'.format(
                name, ndim, value))
        values = tuple([int(v) for v in values])
    if minimum is not None and values and min(values) < minimum:
        _raise_below(name, value, minimum)
    return values


def _raise_below(name, value, minimum):
    what = {0: 'non-negative', 1: 'positive'}.get(minimum, 'at least {}'.format(minimum))
    raise ValueError('{} must be {}, got {!r}'.format(name, what, value))


def spatial_ndim(x, expected=None):
    """The number of spatial axes of x `(n, c, *dims)`; ValueError if not `expected` or below 1."""
    try:
        ndim = len(x.shape) - 2
    except (AttributeError, TypeError):
        _checks.check_array(x)
        raise
    if expected is not None and ndim != expected:
        raise ValueError(
            "The number of dimensions under channel dimension of the input 'x' should be {}. But "
            'the actual ndim was {}.'.format(expected, ndim))
    if ndim < 1:
        raise ValueError("the input 'x' must have a batch, a channel and at least one spatial "
                         'axis, got shape {}'.format(x.shape))
    return ndim


_ONE_TO_THREE = {1: 'one', 2: 'two', 3: 'three'}


def fixed_ndim(function_nd, ndim):
    """`function_nd` (e.g. `convolution_nd`) for inputs x with exactly `ndim` spatial axes.

    The result (e.g. `convolution_1d` for ndim 1) takes the arguments of function_nd; it raises
    ValueError when x `(n, c, *dims)` has another number of spatial axes, before any other check.
    """
    name = '{}_{}d'.format(function_nd.__name__[:-len('_nd')], ndim)
    axes = '{} spatial {}'.format(_ONE_TO_THREE[ndim], 'axis' if ndim == 1 else 'axes')

    @functools.wraps(function_nd)
    def function(x, *args, **kwargs):
        spatial_ndim(x, ndim)
        return function_nd(x, *args, **kwargs)

    function.__name__ = name
    function.__qualname__ = name
    function.__doc__ = (
        '{}-dimensional form of :func:`~chainer.functions.{}`: x has {}.\n\n'
        'Raises:\n    ValueError: x does not have exactly {} (or as :func:`{}` raises).\n'.format(
            ndim, function_nd.__name__, axes, axes, function_nd.__name__))
    return function


class TwoDimensional:
    """Mixin of the 2-d nodes of N-d (de)convolutions: ndim 2, dilate and groups keyword-only.

    A subclass (before the N-d node in its bases) has the N-d node's arguments without ndim,
    dilate and groups, and **kwargs; its `__init__` calls this one with the kwargs dict.
    """

    def __init__(self, stride, pad, size_option, kwargs):
        dilate, groups = 1, 1
        if kwargs:
            dilate, groups = argument.parse_kwargs(
                kwargs, ('dilate', 1), ('groups', 1), deterministic=DETERMINISTIC_MESSAGE)
        super().__init__(2, stride, pad, size_option, dilate, groups)


def check_groups(groups):
    """`groups` as an int; ValueError unless it is a positive integer."""
    if type(groups) is int and groups >= 1:
        return groups
    if isinstance(groups, bool) or int(groups) != groups or groups < 1:
        raise ValueError('groups must be a positive integer, got {!r}'.format(groups))
    return int(groups)


def check_types(in_types, ndim, groups, transposed):
    """The type check of a convolution or, with `transposed`, of a transposed convolution.

    A convolution's W is `(out, c / groups, *k)`; a transposed one's is `(c, out / groups, *k)`.
    """
    groups = type_check.make_variable(groups, 'groups')

    def conditions(x_type, w_type):
        if transposed:
            channels = (x_type.shape[1] == w_type.shape[0], w_type.shape[0] % groups == 0)
        else:
            channels = (x_type.shape[1] == w_type.shape[1] * groups,
                        w_type.shape[0] % groups == 0)
        return (x_type.ndim == ndim + 2, w_type.ndim == ndim + 2) + channels

    def bias_conditions(b_type, x_type, w_type):
        out_channels = w_type.shape[1] * groups if transposed else w_type.shape[0]
        return b_type.ndim == 1, b_type.shape[0] == out_channels

    _product_nodes.check_types(in_types, conditions, bias_conditions)


def native_dtypes(inputs):
    """Whether the chainerx routines compute what NumPy does: float inputs of one dtype."""
    dtype = inputs[0].dtype
    if dtype.kind != 'f' or inputs[1].dtype != dtype:
        return False
    return len(inputs) == 2 or inputs[2].dtype == dtype


def im2col(x, ksize, stride, pad, cover_all=False, dilate=1, pval=0):
    """The patches `(n, c, *ksize, *outs)` of a NumPy or CuPy batch (`pval` fills the padding)."""
    if isinstance(x, numpy.ndarray):
        return conv_nd.im2col_nd_cpu(x, ksize, stride, pad, pval, cover_all, dilate)
    col = conv_nd.im2col_nd_gpu(x, ksize, stride, pad, cover_all, dilate)
    if pval != 0:
        # The GPU im2col pads with zeros: the patches of a ones image tell padding from pixels.
        xp = backend.get_array_module(x)
        inside = conv_nd.im2col_nd_gpu(
            xp.ones((1, 1) + x.shape[2:], x.dtype), ksize, stride, pad, cover_all, dilate)
        col = xp.where(inside != 0, col, xp.asarray(pval, x.dtype))
    return col


def col2im(col, stride, pad, dims, dilate=1):
    """Sums NumPy/CuPy patches `(n, c, *ksize, *outs)` into images of spatial shape `dims`."""
    if isinstance(col, numpy.ndarray):
        return conv_nd.col2im_nd_cpu(col, stride, pad, dims, dilate)
    return conv_nd.col2im_nd_gpu(col, stride, pad, dims, dilate)


def _groups(size, groups):
    step = size // groups
    return [slice(g * step, (g + 1) * step) for g in range(groups)]


def _concatenate(xp, parts, axis):
    return parts[0] if len(parts) == 1 else xp.concatenate(parts, axis=axis)


def conv_forward(x, W, stride, pad, cover_all, dilate, groups):
    """The convolution of x `(n, c, *dims)` with W `(out, c / groups, *k)`: `(n, out, *outs)`.

    The dtype is NumPy's promotion of the two; the caller casts.
    """
    xp = backend.get_array_module(x)
    ndim = x.ndim - 2
    col = im2col(x, W.shape[2:], stride, pad, cover_all, dilate)
    axes = tuple(range(1, ndim + 2))
    parts = [xp.tensordot(col[:, cs], W[ws], (axes, axes))
             for cs, ws in zip(_groups(x.shape[1], groups), _groups(W.shape[0], groups))]
    y = _concatenate(xp, parts, -1)  # (n, *outs, out)
    return xp.ascontiguousarray(xp.moveaxis(y, -1, 1))


def deconv_forward(x, W, stride, pad, outsize, dilate, groups):
    """The transposed convolution `(n, out, *outsize)` of x `(n, c, *dims)` with W.

    W is `(c, out / groups, *k)`. The dtype is NumPy's promotion of the two; the caller casts.
    """
    xp = backend.get_array_module(x)
    ndim = x.ndim - 2
    parts = [xp.tensordot(x[:, cs], W[cs], ((1,), (0,))) for cs in _groups(x.shape[1], groups)]
    gcol = _concatenate(xp, parts, ndim + 1)  # (n, *dims, out, *k)
    order = (0, ndim + 1) + tuple(range(ndim + 2, 2 * ndim + 2)) + tuple(range(1, ndim + 1))
    return col2im(gcol.transpose(order), stride, pad, outsize, dilate)


def conv_grad_weight(x, gy, ksize, stride, pad, cover_all, dilate, groups):
    """The kernel gradient `(out, c / groups, *ksize)` of a convolution from x and gy."""
    xp = backend.get_array_module(x)
    ndim = x.ndim - 2
    col = im2col(x, ksize, stride, pad, cover_all, dilate)
    gy_axes = (0,) + tuple(range(2, ndim + 2))
    col_axes = (0,) + tuple(range(ndim + 2, 2 * ndim + 2))
    parts = [xp.tensordot(gy[:, os], col[:, cs], (gy_axes, col_axes))
             for cs, os in zip(_groups(x.shape[1], groups), _groups(gy.shape[1], groups))]
    return _concatenate(xp, parts, 0)


def with_bias(y, b):
    """`y + b` with b broadcast along the channel axis 1 (y is modified in place when it can be)."""
    if b is None:
        return y
    y += b.reshape((1, -1) + (1,) * (y.ndim - 2))
    return y


# -- chainerx compositions (Note [Native convolution options]) ------------------------------------

def chainerx_dilated_kernel(W, dilate):
    """The kernel W `(a, b, *k)` spread out by `dilate` (zeros between the taps), on chainerx."""
    ksize = W.shape[2:]
    extent = tuple(d * (k - 1) + 1 for d, k in zip(dilate, ksize))
    planes = W.reshape((W.shape[0] * W.shape[1], 1) + ksize)
    ones = chainerx.ones((1, 1) + (1,) * len(ksize), W.dtype, W.device)
    spread = chainerx.conv_transpose(planes, ones, None, dilate, 0, extent)
    return spread.reshape(W.shape[:2] + extent)

