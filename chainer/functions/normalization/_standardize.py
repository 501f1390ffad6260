"""What batch, layer and group normalization share: standardization over axes and its gradients.

Note [Normalization layouts]: the three normalize x over some axes and then apply gamma and beta
along others. A `Layout` says how: x is viewed in the shape `view` (group normalization splits the
channels into groups; None keeps x's shape), standardized over `axes` of that view, and gamma and
beta are reshaped to `param_shape` to broadcast against x. The forward (`affine_normalize`) is
written with array methods common to NumPy, CuPy and chainerx, so on chainerx it is one composition
of routines whose backward chainerx records (first and second order). The backward on the other
paths (`affine_normalize_grads`) recomputes the standardized x as a composition of Variable
operators and F.sum_to, so that the gradients it returns are differentiable again.
"""

import collections

import chainer
from chainer.functions.loss import _util
from chainer.functions.math.sum_to import sum_to
from chainer.utils import type_check


class Layout(collections.namedtuple('Layout', 'view axes param_shape')):
    """How to normalize x (Note [Normalization layouts]).

    Attributes:
        view (tuple or None): The shape x is standardized in (None: x's own shape).
        axes (tuple of int): The standardized axes of that view.
        param_shape (tuple of int): The shape gamma and beta broadcast against x in.
    """


def reduced_size(shape, axes):
    """The number of elements of `shape` along `axes`."""
    size = 1
    for axis in axes:
        size *= shape[axis]
    return size


def keepdims_shape(shape, axes):
    """`shape` with 1 at `axes` (the shape of a reduction with keepdims)."""
    return tuple([1 if i in axes else n for i, n in enumerate(shape)])


def standardize_array(x, axes, eps):
    """(x - mean) / sqrt(var + eps) over `axes` of a NumPy, CuPy or chainerx array; mean; var."""
    xp = chainer.backend.get_array_module(x)
    mean = x.mean(axis=axes, keepdims=True)
    centered = x - mean
    var = (centered * centered).mean(axis=axes, keepdims=True)
    return centered / xp.sqrt(var + eps), mean, var


def affine_normalize(x, gamma, beta, layout, eps):
    """gamma * standardized x + beta (arrays, Note [Normalization layouts]); also mean and var."""
    view = x if layout.view is None else x.reshape(layout.view)
    x_hat, mean, var = standardize_array(view, layout.axes, eps)
    if layout.view is not None:
        x_hat = x_hat.reshape(x.shape)
    y = x_hat * gamma.reshape(layout.param_shape) + beta.reshape(layout.param_shape)
    return y, mean, var


def _mean_to(v, shape, count):
    return sum_to(v, shape) * (1. / max(count, 1))


def standardize_variable(x, axes, eps):
    """The standardized x and 1 / sqrt(var + eps) over `axes`, as differentiable Variables."""
    shape = keepdims_shape(x.shape, axes)
    count = reduced_size(x.shape, axes)
    centered = x - _mean_to(x, shape, count)
    inv_std = (_mean_to(centered * centered, shape, count) + eps) ** -0.5
    return centered * inv_std, inv_std


def standardize_grad(x_hat, inv_std, g, axes):
    """The gradient of x given g, that of x_hat = standardize(x) over `axes` (Variables)."""
    shape = keepdims_shape(x_hat.shape, axes)
    count = reduced_size(x_hat.shape, axes)
    return inv_std * (g - _mean_to(g, shape, count) - x_hat * _mean_to(g * x_hat, shape, count))


def reshape(x, shape):
    """F.reshape, or `x` itself when it already has `shape`."""
    return x if x.shape == tuple(shape) else chainer.functions.reshape(x, shape)


def cast(x, dtype):
    """F.cast, or `x` itself when it already has `dtype`."""
    return x if x.dtype == dtype else chainer.functions.cast(x, dtype)


def affine_normalize_grads(indexes, x, gamma, gy, layout, eps):
    """The gradients of (x, gamma, beta) for `indexes` of y = affine_normalize(x, gamma, beta).

    x, gamma and gy are Variables of one dtype; the results are differentiable again.
    """
    view_shape = x.shape if layout.view is None else layout.view
    x_hat, inv_std = standardize_variable(reshape(x, view_shape), layout.axes, eps)
    x_hat_full = reshape(x_hat, x.shape)
    ret = []
    for i in indexes:
        if i == 0:
            g = reshape(gy * reshape(gamma, layout.param_shape), view_shape)
            ret.append(reshape(standardize_grad(x_hat, inv_std, g, layout.axes), x.shape))
        elif i == 1:
            ret.append(reshape(sum_to(gy * x_hat_full, layout.param_shape), gamma.shape))
        else:
            ret.append(reshape(sum_to(gy, layout.param_shape), gamma.shape))
    return tuple(ret)


def expect_param(param_type, x_type, axes_kept, name_types):
    """Type-checks that each of `name_types` has x's shape along `axes_kept`, gamma's dtype."""
    for other in name_types:
        type_check.expect(
            other.dtype == param_type.dtype,
            other.shape == param_type.shape,
        )
    type_check.expect(param_type.ndim == len(axes_kept))
    for i, axis in enumerate(axes_kept):
        type_check.expect(x_type.shape[axis] == param_type.shape[i])


constant = _util.constant
